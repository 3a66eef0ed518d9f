/**
 * The one live stream a signed-in browser keeps (GET /api/events). One per browser, not per tab: a browser
 * keeps at most 6 connections to a plain-HTTP origin (desktop mode, any server without HTTP/2), so a stream
 * per tab froze every request once six tabs were open. The tabs elect a leader with the Web Locks API; it
 * alone holds the EventSource and passes each event to the others on a BroadcastChannel. When the leader
 * tab closes, its lock is released and the next tab takes the stream over, asking for the hits since the
 * newest one this tab saw. Browsers without those APIs keep a stream per tab, as before.
 *
 * One LiveStream per page, held by AlertsProvider: what it keeps (the stream, its timers, the newest hit seen)
 * outlasts the signed-in frame, which listens while it is mounted. Within a tab several components may ask for
 * the stream; each event goes to the newest of them only, so nothing is shown twice. EventSource reconnects by
 * itself after a network drop (the server sends `retry:` and event ids); when a connection ends for good (the
 * server's `session-ended`, a 401, or a proxy's 502 while the server restarts), `onRefused` lets the caller ask
 * who is signed in, and the stream is tried again later.
 */
import type { AlertNote, HitEventData, NOTE_EVENT, SESSION_ENDED_EVENT } from "../../src/alerts/index.ts";
import type { NOTICE_EVENT, NoticeJson } from "../../src/notices/index.ts";

export type LiveHandlers = {
	onHit: (hit: HitEventData) => void;
	/** Alert news that is no price hit (a shopping list's cheaper total or cheapest store). */
	onNote?: (note: AlertNote) => void;
	/** A notice about one of the shopper's own reports (hidden by flags, listed again, removed). */
	onNotice?: (notice: NoticeJson) => void;
	/** The stream ended for good (refused, or the server unreachable): worth asking who is signed in. */
	onRefused: () => void;
	/** The stream connected again after a drop: the account behind the cookie may have changed meanwhile. */
	onReconnected: () => void;
};

type Wire =
	| { type: "hit"; id: number; hit: HitEventData }
	| { type: "notice"; notice: NoticeJson }
	| { type: "note"; note: AlertNote }
	| { type: "refused" }
	| { type: "reconnected" };

const RECONNECT_AFTER_REFUSAL_MS = 15_000;
// Checked against the server's name by type only: importing the value would bundle server code.
const SESSION_ENDED: typeof SESSION_ENDED_EVENT = "session-ended";
const NOTICE: typeof NOTICE_EVENT = "notice";
const NOTE: typeof NOTE_EVENT = "alert-note";
const NAME = "commoncents-live";

const shared = () => typeof navigator !== "undefined" && "locks" in navigator && typeof BroadcastChannel === "function";

export type LiveStream = {
	/** Listens, opening the stream for the first listener; the returned function stops listening. */
	subscribe: (handlers: LiveHandlers) => () => void;
};

export function createLiveStream(): LiveStream {
	const subscribers: LiveHandlers[] = [];
	const current = () => subscribers[subscribers.length - 1];
	let source: EventSource | null = null;
	/** Whether this tab has had a stream open before: the next open is a reconnect. */
	let everOpened = false;
	let retryTimer: ReturnType<typeof setTimeout> | null = null;
	let closeTimer: ReturnType<typeof setTimeout> | null = null;
	/** The newest hit this tab has seen, from its own stream or the leader's: where a new stream starts from. */
	let lastHitId: number | null = null;
	let channel: BroadcastChannel | null = null;
	let leadership: { abort: AbortController; release: () => void } | null = null;

	function receive(message: Wire) {
		if (message.type === "hit") {
			lastHitId = Math.max(lastHitId ?? 0, message.id);
			current()?.onHit(message.hit);
		} else if (message.type === "notice") current()?.onNotice?.(message.notice);
		else if (message.type === "note") current()?.onNote?.(message.note);
		else if (message.type === "refused") current()?.onRefused();
		else current()?.onReconnected();
	}

	/** Shown here and, through the channel, in every other tab of the app. */
	function publish(message: Wire) {
		receive(message);
		channel?.postMessage(message);
	}

	function connect() {
		// A stream's own reconnects send Last-Event-ID; a new one says where to start in the address.
		const url = lastHitId === null ? "/api/events" : `/api/events?lastEventId=${lastHitId}`;
		const es = new EventSource(url, { withCredentials: true });
		source = es;
		es.addEventListener("open", () => {
			// Back after a drop, a restart or a refusal: whatever happened meanwhile may not all be replayed.
			if (everOpened) publish({ type: "reconnected" });
			everOpened = true;
		});
		es.addEventListener("price-alert", (event) => {
			const { data, lastEventId } = event as MessageEvent<string>;
			try {
				publish({ type: "hit", id: Number(lastEventId) || 0, hit: JSON.parse(data) as HitEventData });
			} catch (error) {
				console.error("price alert event", error);
			}
		});
		es.addEventListener(NOTICE, (event) => {
			try {
				publish({ type: "notice", notice: JSON.parse((event as MessageEvent<string>).data) as NoticeJson });
			} catch (error) {
				console.error("notice event", error);
			}
		});
		es.addEventListener(NOTE, (event) => {
			try {
				publish({ type: "note", note: JSON.parse((event as MessageEvent<string>).data) as AlertNote });
			} catch (error) {
				console.error("alert note event", error);
			}
		});
		es.addEventListener("error", () => {
			if (es.readyState === EventSource.CLOSED) ended(es); // else it reconnects by itself
		});
		// The server's last word when the session was signed out, deleted or suspended: no reconnect would help.
		es.addEventListener(SESSION_ENDED, () => {
			es.close();
			ended(es);
		});
	}

	function ended(es: EventSource) {
		if (source === es) source = null;
		publish({ type: "refused" });
		if (retryTimer) clearTimeout(retryTimer);
		retryTimer = setTimeout(() => {
			retryTimer = null;
			if (subscribers.length > 0 && !source) connect();
		}, RECONNECT_AFTER_REFUSAL_MS);
	}

	function disconnect() {
		source?.close();
		source = null;
		if (retryTimer) clearTimeout(retryTimer);
		retryTimer = null;
	}

	function start() {
		if (!shared()) return connect();
		channel = new BroadcastChannel(NAME);
		channel.onmessage = (event: MessageEvent<Wire>) => receive(event.data);
		const abort = new AbortController();
		let release = () => {};
		leadership = { abort, release: () => release() };
		// Granted when no other tab leads; held until this tab no longer listens (or closes).
		navigator.locks
			.request(NAME, { signal: abort.signal }, () => {
				connect();
				return new Promise<void>((resolve) => {
					release = resolve;
				});
			})
			.catch(() => {}); // aborted before this tab was granted the lock
	}

	function stop() {
		disconnect();
		leadership?.abort.abort();
		leadership?.release();
		leadership = null;
		channel?.close();
		channel = null;
	}

	function subscribe(handlers: LiveHandlers): () => void {
		subscribers.push(handlers);
		if (closeTimer) clearTimeout(closeTimer);
		closeTimer = null;
		if (!source && !retryTimer && !channel) start();
		return () => {
			subscribers.splice(subscribers.indexOf(handlers), 1);
			if (subscribers.length > 0) return;
			// Deferred: a component that unmounts and mounts again at once (StrictMode, a re-render) keeps the stream.
			closeTimer = setTimeout(() => {
				closeTimer = null;
				if (subscribers.length === 0) stop();
			}, 0);
		};
	}

	return { subscribe };
}
