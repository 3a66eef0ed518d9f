import { formatEvent, LIVE_TIMING, type LiveConnection, type LiveHub, type LiveMessage } from "./live.ts";

/** How many chunks a reader may leave unread before its stream is dropped (it reconnects and catches up). */
const MAX_UNREAD_CHUNKS = 200;

const encoder = new TextEncoder();

/**
 * The body of one GET /api/events: `retry:` first, then the missed events (`backlog`), then `id: cursor`
 * (where the stream starts, read after the backlog), then whatever the hub publishes to this user until the
 * client leaves or the session ends. Writes never wait on the reader.
 */
export function openEventStream(
	hub: LiveHub,
	options: { userId: string; sid: string; signal: AbortSignal; backlog: LiveMessage[]; cursor: number },
): ReadableStream<Uint8Array> {
	let conn: LiveConnection | undefined;
	let closed = false;
	return new ReadableStream<Uint8Array>({
		start(controller) {
			const push = (text: string) => {
				if (closed) return false;
				if ((controller.desiredSize ?? 0) < -MAX_UNREAD_CHUNKS) {
					conn?.close();
					return false;
				}
				controller.enqueue(encoder.encode(text));
				return true;
			};
			const close = () => {
				if (closed) return;
				closed = true;
				if (conn) hub.remove(conn);
				options.signal.removeEventListener("abort", close);
				try {
					controller.close();
				} catch {
					// Already cancelled by the client.
				}
			};
			conn = {
				userId: options.userId,
				sid: options.sid,
				send: (message) => push(formatEvent(message)),
				comment: (text) => push(`: ${text}\n\n`),
				close,
			};
			push(`retry: ${LIVE_TIMING.retryMs}\n: connected\n\n`);
			for (const message of options.backlog) conn.send(message);
			// An id with no data sets the browser's last event id without an event (HTML's SSE parsing).
			push(`id: ${options.cursor}\n\n`);
			hub.add(conn);
			options.signal.addEventListener("abort", close, { once: true });
		},
		cancel() {
			conn?.close();
		},
	});
}
