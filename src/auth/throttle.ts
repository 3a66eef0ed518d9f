/**
 * Login throttling, in memory (one process serves everything). Failures are counted per username and
 * per client address in a sliding window; past the limit, logins answer 429 until the window moves on.
 * Sign-ups are counted per client address the same way.
 */
import { SlidingWindow } from "../lib/sliding-window.ts";

const WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_CLIENT = 20;

export class LoginThrottle {
	private failures = new SlidingWindow(WINDOW_MS);

	/** Seconds to wait before another try, or 0 when allowed. */
	retryAfter(username: string, client: string, now = Date.now()): number {
		return Math.max(
			this.failures.retryAfter(`u:${username.toLowerCase()}`, MAX_FAILURES_PER_USERNAME, now),
			this.failures.retryAfter(`c:${client}`, MAX_FAILURES_PER_CLIENT, now),
		);
	}

	/**
	 * Counts a try as a failure before its password is checked, when the limits allow one, and answers 0 with
	 * the time it was counted at; else the seconds to wait. The check (argon2id) is slow by design, and counting only after it
	 * let a burst of guesses sent side by side all pass the limit before any was counted.
	 */
	begin(username: string, client: string, now = Date.now()): { wait: number; at: number } {
		const wait = this.retryAfter(username, client, now);
		if (wait === 0) this.recordFailure(username, client, now);
		return { wait, at: now };
	}

	recordFailure(username: string, client: string, now = Date.now()) {
		this.failures.record(`u:${username.toLowerCase()}`, now);
		this.failures.record(`c:${client}`, now);
	}

	/** A try begun at `at` was right: the username starts over, and the client's count gets that try back. */
	succeeded(username: string, client: string, at: number) {
		this.failures.forget(`u:${username.toLowerCase()}`);
		this.failures.unrecord(`c:${client}`, at);
	}
}

/**
 * Counts a sign-up from `client` in `signups` (an hour's window) against `perHour`; seconds to wait when over
 * it, else 0. Counted before the password is hashed, so sign-ups sent side by side cannot all slip under the limit.
 */
export function takeSignupSlot(signups: SlidingWindow, perHour: number, client: string, now = Date.now()): number {
	if (perHour === 0) return 0;
	return signups.take(client, perHour, now);
}
