/**
 * Events counted per key over a sliding window, in memory (one process serves everything): the login and
 * passkey throttles count failures with it, the quotas stored photos, sign-ups and reports.
 */
export class SlidingWindow {
	private events = new Map<string, number[]>();

	constructor(
		private readonly windowMs: number,
		/** Past this many keys, keys with nothing left in the window are dropped. */
		private readonly maxKeys = 50_000,
	) {}

	/** Seconds until `key` has fewer than `limit` events in the window; 0 when it already has. */
	retryAfter(key: string, limit: number, now = Date.now()): number {
		const list = this.recent(key, now);
		if (list.length < limit) return 0;
		const oldestThatCounts = list[list.length - limit] ?? now;
		return Math.max(1, Math.ceil((oldestThatCounts + this.windowMs - now) / 1000));
	}

	/**
	 * A quota's check and count in one: records an event for `key` when it has room under `limit`, and answers
	 * 0; else the seconds to wait, recording nothing. Counting at once keeps requests sent side by side from
	 * all slipping under the limit.
	 */
	take(key: string, limit: number, now = Date.now()): number {
		const wait = this.retryAfter(key, limit, now);
		if (wait === 0) this.record(key, now);
		return wait;
	}

	record(key: string, now = Date.now()) {
		this.events.set(key, [...this.recent(key, now), now]);
		if (this.events.size > this.maxKeys) this.prune(now);
	}

	/** Takes back one event recorded at `at` (a try counted ahead that turned out not to count). */
	unrecord(key: string, at: number) {
		const list = this.events.get(key);
		const index = list?.indexOf(at) ?? -1;
		if (list && index >= 0) list.splice(index, 1);
	}

	forget(key: string) {
		this.events.delete(key);
	}

	private recent(key: string, now: number): number[] {
		return (this.events.get(key) ?? []).filter((t) => now - t < this.windowMs);
	}

	private prune(now: number) {
		for (const [key, list] of this.events) {
			if (list.every((t) => now - t >= this.windowMs)) this.events.delete(key);
		}
	}
}
