/**
 * What the service worker and the signed-in page say to each other when a notification is clicked: the worker
 * asks an open tab to show a page of the app (routed in the app, without a reload), and the tab answers on the
 * message's port once it has. Only paths of our own origin are ever opened.
 */
import { inAppPath } from "../components/app-path.ts";

export const OPEN_IN_APP = "commoncents:open";
export type OpenInApp = { type: typeof OPEN_IN_APP; path: string };

export const isOpenInApp = (data: unknown): data is OpenInApp =>
	typeof data === "object" &&
	data !== null &&
	(data as OpenInApp).type === OPEN_IN_APP &&
	typeof (data as OpenInApp).path === "string";

/** `raw` as a path of the app at `origin` ("/deals/42"), or "/" for anything that is not one of ours. */
export const appPath = (raw: unknown, origin: string): string => inAppPath(raw, origin) ?? "/";
