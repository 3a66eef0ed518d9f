/**
 * The service worker's copies of the app's own API reads (imported by web/sw.ts; docs/decisions/0083): each
 * GET goes to the network first, and its success is kept; without a network the kept copy answers, marked with
 * when it was fetched, so each screen can say "Offline: as of 10:42". The copies are one shopper's: another
 * shopper signing in, or the session ending, empties them (the page empties them at sign-out too).
 */
import { API_CACHE, CACHED_AT_HEADER } from "../components/offlineCache.ts";

const CURRENT_USER = "/api/auth/user";
/** Where the copies' owner is noted: not an API path, so no request ever matches it. */
const OWNER_KEY = "/__offline-owner__";
/** Never kept: the moderators' console, live streams, uploads' addresses, the health probe. */
const NEVER = [/^\/api\/admin(\/|$)/, /^\/api\/events(\/|$)/, /^\/api\/objects(\/|$)/, /^\/api\/health$/];

type FetchEvent = Event & { request: Request; respondWith(response: Promise<Response>): void };

/** Whether this request is an API read the worker keeps a copy of. */
export function keepsCopyOf(request: Request, origin: string) {
	if (request.method !== "GET") return false;
	const url = new URL(request.url);
	if (url.origin !== origin || !url.pathname.startsWith("/api/")) return false;
	if ((request.headers.get("accept") ?? "").includes("text/event-stream")) return false;
	return !NEVER.some((pattern) => pattern.test(url.pathname));
}

export function answerFromNetworkOrCopy(event: FetchEvent) {
	event.respondWith(networkFirst(event.request));
}

async function networkFirst(request: Request): Promise<Response> {
	let answer: Response;
	try {
		answer = await fetch(request);
	} catch (error) {
		const cache = await caches.open(API_CACHE);
		// The server's answers vary by encoding and origin; every copy decodes to the same JSON.
		const copy = await cache.match(request, { ignoreVary: true });
		if (copy) return copy;
		throw error;
	}
	await keep(request, answer.clone()).catch(() => undefined);
	return answer;
}

async function keep(request: Request, answer: Response) {
	const path = new URL(request.url).pathname;
	if (path === CURRENT_USER && (answer.status === 401 || answer.status === 403)) {
		await caches.delete(API_CACHE); // signed out, or suspended: nothing of theirs stays
		return;
	}
	if (!answer.ok || !(answer.headers.get("content-type") ?? "").includes("application/json")) return;
	const body = await answer.arrayBuffer();
	let cache = await caches.open(API_CACHE);
	if (path === CURRENT_USER) {
		const id = (JSON.parse(new TextDecoder().decode(body)) as { id?: unknown }).id;
		const owner = await (await cache.match(OWNER_KEY))?.text();
		if (owner !== String(id)) {
			await caches.delete(API_CACHE);
			cache = await caches.open(API_CACHE);
			await cache.put(OWNER_KEY, new Response(String(id)));
		}
	}
	const headers = new Headers(answer.headers);
	headers.set(CACHED_AT_HEADER, String(Date.now()));
	await cache.put(request, new Response(body, { status: answer.status, statusText: answer.statusText, headers }));
}
