/**
 * What a Web Push message carries to the service worker (web/sw.ts), as JSON: the notification's text, the
 * page a click opens, and its tag (one per alert, so a newer hit replaces the older one on the device).
 */
export type PushPayload = {
	title: string;
	body: string;
	/** A path in the app, like "/deals/42". */
	url: string;
	tag: string;
};

/** Where a price report's deal opens. */
export const dealPath = (reportId: number) => `/deals/${reportId}`;

export { alertTag } from "../lib/alert-tag.ts";
