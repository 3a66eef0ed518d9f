/**
 * What the service worker and the signed-in page say to each other when a notification is clicked: the worker
 * asks an open tab to show a page of the app (routed in the app, without a reload), and the tab answers on the
 * message's port once it has. Only paths of our own origin are ever opened.
 */
export const OPEN_IN_APP = "commoncents:open";
export type OpenInApp = { type: typeof OPEN_IN_APP; path: string };

export const isOpenInApp = (data: unknown): data is OpenInApp =>
	typeof data === "object" &&
	data !== null &&
	(data as OpenInApp).type === OPEN_IN_APP &&
	typeof (data as OpenInApp).path === "string";

/**
 * `raw` as a path of the app at `origin` ("/deals/42"), or "/" for anything else: a push message names a
 * page of ours, never another site ("//evil.example", "https://...", "/\\evil.example" are all "/").
 */
export function appPath(raw: unknown, origin: string): string {
	if (typeof raw !== "string" || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return "/";
	try {
		const url = new URL(raw, origin);
		return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : "/";
	} catch {
		return "/";
	}
}
