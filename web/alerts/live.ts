/**
 * The one live stream a signed-in browser keeps (GET /api/events). Several components may ask for it; they
 * share one EventSource, and each event goes to the newest of them only, so nothing is shown twice.
 * EventSource reconnects by itself after a network drop (the server sends `retry:` and event ids); when the
 * server refuses it (the session ended), it stops for good and we let the caller check who is signed in.
 */
import type { HitEventData } from "../../src/alerts/matching.ts";

export type LiveHandlers = { onHit: (hit: HitEventData) => void; onRefused: () => void };

const RECONNECT_AFTER_REFUSAL_MS = 15_000;

let source: EventSource | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let closeTimer: ReturnType<typeof setTimeout> | null = null;
const subscribers: LiveHandlers[] = [];

const current = () => subscribers[subscribers.length - 1];

function connect() {
  const es = new EventSource("/api/events", { withCredentials: true });
  source = es;
  es.addEventListener("price-alert", (event) => {
    try {
      current()?.onHit(JSON.parse((event as MessageEvent<string>).data) as HitEventData);
    } catch (error) {
      console.error("price alert event", error);
    }
  });
  es.addEventListener("error", () => {
    if (es.readyState !== EventSource.CLOSED) return; // reconnecting by itself
    if (source === es) source = null;
    current()?.onRefused();
    // Refused (a 401 after logout, or the server restarting): try again later while someone still listens.
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (subscribers.length > 0 && !source) connect();
    }, RECONNECT_AFTER_REFUSAL_MS);
  });
}

export function subscribeLive(handlers: LiveHandlers): () => void {
  subscribers.push(handlers);
  if (closeTimer) clearTimeout(closeTimer);
  closeTimer = null;
  if (!source && !retryTimer) connect();
  return () => {
    subscribers.splice(subscribers.indexOf(handlers), 1);
    if (subscribers.length > 0) return;
    // Deferred: a component that unmounts and mounts again at once (StrictMode, a re-render) keeps the stream.
    closeTimer = setTimeout(() => {
      closeTimer = null;
      if (subscribers.length > 0) return;
      source?.close();
      source = null;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
    }, 0);
  };
}
