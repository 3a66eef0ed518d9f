/**
 * The names the service worker and the page share for the copies of API answers kept for offline use
 * (docs/decisions/0083), and the page's ways of reading and forgetting them.
 */

/** The Cache Storage cache of API answers; not under the shell's prefix, so a new build keeps it. */
export const API_CACHE = "cc-api-answers";
/** Set on an answer the service worker gave from its copy: when that copy was fetched, in epoch ms. */
export const CACHED_AT_HEADER = "x-commoncents-cached-at";

/** When the copy `headers` belong to was fetched, or null for an answer fresh from the server. */
export function cachedAtOf(headers: Pick<Headers, "get"> | undefined): number | null {
	const value = Number(headers?.get(CACHED_AT_HEADER) ?? Number.NaN);
	return Number.isFinite(value) && value > 0 ? value : null;
}

/** Forgets every kept answer: at sign-out, and when another shopper signs in on this device. */
export async function forgetCachedAnswers() {
	try {
		if ("caches" in globalThis) await caches.delete(API_CACHE);
	} catch {
		// No Cache Storage here (a private window): nothing was kept.
	}
}

/** Bodies read from a kept copy, with when that copy was fetched: a query's data is looked up here. */
const copies = new WeakMap<object, number>();

/** Notes that `body` (a parsed answer) came from the copy `headers` describe, if it did. */
export function noteCopy(body: unknown, headers: Pick<Headers, "get"> | undefined) {
	const at = cachedAtOf(headers);
	if (at !== null && typeof body === "object" && body !== null) copies.set(body, at);
}

/** When the copy `body` was read from was fetched; null for a body fresh from the server. */
export const copyTimeOf = (body: unknown): number | null =>
	typeof body === "object" && body !== null ? (copies.get(body) ?? null) : null;

/**
 * A shopper has just signed in: the kept answers of whoever was here before go, and who is signed in is
 * fetched once so that the service worker keeps it (a reload offline then opens on this shopper).
 */
export function startCopiesAfresh() {
	void forgetCachedAnswers().then(() => fetch("/api/auth/user", { credentials: "include" }).catch(() => undefined));
}

/** The IndexedDB database (and store) of reports waiting on this device to be sent. */
export const OUTBOX_STORE = "cc-outbox";
