/**
 * The service worker (built by scripts/build.ts to /sw.js): an offline app shell. Pages come from the
 * network first and fall back to the cached index.html; hashed files come from the cache first. The app's own
 * API reads come from the network first, with the last answer kept for offline use (web/offline/apiWorker.ts);
 * stored photos are never touched. Push messages and clicks on their notifications are handled in
 * web/push/worker.ts.
 */
import { answerFromNetworkOrCopy, keepsCopyOf } from "./offline/index.ts";
import { handlePushes } from "./push/index.ts";

/** `{ version, urls }` as a JSON string, injected by scripts/build.ts. */
declare const __PRECACHE__: string;

// The DOM lib has no service-worker types, and adding the webworker lib would retype `self` for all of web/.
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type ServiceWorkerScope = {
	skipWaiting(): Promise<void>;
	clients: { claim(): Promise<void> };
	location: Location;
	addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
	addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
};

const worker = self as unknown as ServiceWorkerScope;
const { version, urls } = JSON.parse(__PRECACHE__) as { version: string; urls: string[] };
const PREFIX = "commoncents-";
const CACHE = `${PREFIX}${version}`;
const SHELL = "/index.html";
const precached = new Set(urls);

handlePushes();

worker.addEventListener("install", (event) => {
	event.waitUntil(
		(async () => {
			const cache = await caches.open(CACHE);
			// Hashed files never change, so the HTTP cache may answer; the shell must be the current one.
			await cache.addAll(urls.map((url) => new Request(url, { cache: url === SHELL ? "no-cache" : "default" })));
			await worker.skipWaiting();
		})(),
	);
});

worker.addEventListener("activate", (event) => {
	event.waitUntil(
		(async () => {
			const names = await caches.keys();
			await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
			await worker.clients.claim();
		})(),
	);
});

worker.addEventListener("fetch", (event) => {
	const { request } = event;
	if (keepsCopyOf(request, worker.location.origin)) {
		answerFromNetworkOrCopy(event);
		return;
	}
	if (request.method !== "GET") return;
	const url = new URL(request.url);
	if (url.origin !== worker.location.origin) return;
	if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/uploads/")) return;

	if (request.mode === "navigate") {
		event.respondWith(
			fetch(request).catch(async (error: unknown) => {
				const shell = await caches.match(SHELL, { cacheName: CACHE });
				if (shell) return shell;
				throw error;
			}),
		);
		return;
	}
	if (precached.has(url.pathname)) {
		event.respondWith(
			(async () => {
				// The cached copy was stored with Vary: Accept-Encoding; every encoding decodes to the same bytes.
				const hit = await caches.match(request, { cacheName: CACHE, ignoreVary: true, ignoreSearch: true });
				return hit ?? fetch(request);
			})(),
		);
	}
});
