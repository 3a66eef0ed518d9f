/**
 * The live event streams: every open GET /api/events, grouped by user, in this process's memory (one process
 * serves everything, so there is nothing to share with). Sign-out, account deletion and suspension end their
 * streams at once; one timer per database sends the heartbeats and ends the streams whose session is gone
 * otherwise (expiry, a password change elsewhere) within a few seconds.
 */

import { liveSessions } from "../data/live-sessions.ts";
import type { Db } from "../db.ts";
import { log } from "../lib/log.ts";
import { SESSION_ABSOLUTE_MS } from "../lib/sessions.ts";

export type LiveMessage = { event?: string; id?: string | number; data: unknown };

export type LiveConnection = {
	userId: string;
	sid: string;
	/** Queues one message; false when the connection is closed. Never blocks. */
	send(message: LiveMessage): boolean;
	/** Queues a comment line (a heartbeat); false when the connection is closed. */
	comment(text: string): boolean;
	close(): void;
};

/** More open streams than this for one user (tabs, or a script) close the oldest: memory stays bounded. */
export const MAX_STREAMS_PER_USER = 8;

/** How often things happen; tests shorten them. */
export const LIVE_TIMING = { heartbeatMs: 25_000, sessionCheckMs: 5_000, retryMs: 5_000 };

/** One event in the text/event-stream format. The data is JSON, one line, so it needs no splitting. */
export function formatEvent({ event, id, data }: LiveMessage): string {
	const lines: string[] = [];
	if (event) lines.push(`event: ${event.replace(/[\r\n]/g, "")}`);
	if (id !== undefined) lines.push(`id: ${String(id).replace(/[\r\n]/g, "")}`);
	lines.push(`data: ${JSON.stringify(data)}`);
	return `${lines.join("\n")}\n\n`;
}

/**
 * The last event of a stream whose session no longer lets its user in. A bare close would look like a
 * network drop, and EventSource would only find out on its reconnect, `retry` later; this tells the page to
 * ask who is signed in now.
 */
export const SESSION_ENDED_EVENT = "session-ended" as const;

function endStream(conn: LiveConnection) {
	conn.send({ event: SESSION_ENDED_EVENT, data: {} });
	conn.close();
}

export class LiveHub {
	private readonly byUser = new Map<string, Set<LiveConnection>>();
	private timer: ReturnType<typeof setInterval> | null = null;
	private lastBeat = Date.now();

	constructor(private readonly db: Db) {}

	get connectionCount() {
		let n = 0;
		for (const set of this.byUser.values()) n += set.size;
		return n;
	}

	add(conn: LiveConnection) {
		let set = this.byUser.get(conn.userId);
		if (!set) {
			set = new Set();
			this.byUser.set(conn.userId, set);
		}
		set.add(conn);
		// A Set iterates in insertion order: the first is the oldest.
		for (const old of [...set].slice(0, Math.max(0, set.size - MAX_STREAMS_PER_USER))) {
			old.close();
			set.delete(old);
		}
		this.startTimer();
	}

	remove(conn: LiveConnection) {
		const set = this.byUser.get(conn.userId);
		if (!set) return;
		set.delete(conn);
		if (set.size === 0) this.byUser.delete(conn.userId);
		if (this.byUser.size === 0) this.stopTimer();
	}

	/** Sends to every open stream of the user; answers how many took it. */
	publish(userId: string, message: LiveMessage): number {
		let sent = 0;
		for (const conn of [...(this.byUser.get(userId) ?? [])]) if (conn.send(message)) sent++;
		return sent;
	}

	/** Ends every stream of a session at once: sign-out. */
	endSession(sid: string) {
		for (const set of [...this.byUser.values()]) for (const conn of [...set]) if (conn.sid === sid) endStream(conn);
	}

	/** Ends every stream of a user at once: account deleted or suspended. */
	endUser(userId: string) {
		for (const conn of [...(this.byUser.get(userId) ?? [])]) endStream(conn);
	}

	/** Ends every stream: a graceful server stop waits for open responses, and a stream never ends by itself. */
	endAll() {
		for (const set of [...this.byUser.values()]) for (const conn of [...set]) conn.close();
	}

	/** Closes the streams whose session no longer lets its user in. One query for all of them. */
	async checkSessions(now = Date.now()) {
		const sids = [...new Set([...this.byUser.values()].flatMap((set) => [...set].map((c) => c.sid)))];
		if (sids.length === 0) return;
		const live = await liveSessions(this.db, { sids: JSON.stringify(sids), now, cap: SESSION_ABSOLUTE_MS });
		const valid = new Set(live.map((r) => r.sid));
		for (const set of [...this.byUser.values()]) for (const conn of [...set]) if (!valid.has(conn.sid)) endStream(conn);
	}

	private async tick() {
		try {
			await this.checkSessions();
		} catch (error) {
			log.error("live events: session check failed", { err: error });
		}
		const now = Date.now();
		if (now - this.lastBeat >= LIVE_TIMING.heartbeatMs) {
			this.lastBeat = now;
			// A comment keeps proxies and the browser from dropping an idle stream, and finds dead peers.
			for (const set of [...this.byUser.values()]) for (const conn of [...set]) conn.comment("ping");
		}
	}

	private startTimer() {
		if (this.timer) return;
		this.lastBeat = Date.now();
		this.timer = setInterval(() => void this.tick(), Math.min(LIVE_TIMING.sessionCheckMs, LIVE_TIMING.heartbeatMs));
		this.timer.unref?.();
	}

	private stopTimer() {
		if (this.timer) clearInterval(this.timer);
		this.timer = null;
	}
}
