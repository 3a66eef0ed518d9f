/**
 * The service worker's half of Web Push (imported by web/sw.ts): a push message becomes a notification, and
 * a click on it shows its deal in an open tab of the app, or in a new one.
 */
import type { PushPayload } from "../../src/push/index.ts";
import { NOTIFICATION_BADGE, NOTIFICATION_ICON } from "../alerts/index.ts";
import { appPath, OPEN_IN_APP, type OpenInApp } from "./open-message.ts";

// The DOM lib has no service-worker types (see web/sw.ts): the few used here, as the worker has them.
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type PushEvent = ExtendableEvent & { data: { text(): string } | null };
type ShownNotification = { data: unknown; close(): void };
type NotificationEvent = ExtendableEvent & { notification: ShownNotification };
type WindowClient = {
	url: string;
	focused: boolean;
	visibilityState: DocumentVisibilityState;
	focus(): Promise<WindowClient>;
	navigate(url: string): Promise<WindowClient | null>;
	postMessage(message: OpenInApp, transfer: Transferable[]): void;
};
type PushScope = {
	location: Location;
	registration: {
		showNotification(
			title: string,
			options: { body: string; icon: string; badge: string; tag: string; renotify: boolean; data: { url: string } },
		): Promise<void>;
	};
	clients: {
		matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
		openWindow(url: string): Promise<WindowClient | null>;
	};
	addEventListener(type: "push", listener: (event: PushEvent) => void): void;
	addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
};

/** A message we cannot read still shows something: Chrome counts a push that shows nothing against the site. */
const FALLBACK: PushPayload = {
	title: "CommonCents price alert",
	body: "A price you are watching has changed. Open CommonCents to see it.",
	url: "/",
	tag: "commoncents-alert",
};
/** How long an open tab has to say it showed the deal itself before the worker loads the page in it. */
const IN_APP_WAIT_MS = 1_500;

const text = (value: unknown, fallback: string) => (typeof value === "string" && value.trim() ? value : fallback);

/** The message's notification, with every field checked: a missing or broken one takes the fallback's. */
export function readPayload(data: PushEvent["data"], origin: string): PushPayload {
	let json: Partial<Record<keyof PushPayload, unknown>> = {};
	try {
		const parsed: unknown = JSON.parse(data?.text() ?? "");
		if (typeof parsed === "object" && parsed !== null) json = parsed;
	} catch {
		return FALLBACK;
	}
	return {
		title: text(json.title, FALLBACK.title),
		body: text(json.body, FALLBACK.body),
		url: appPath(json.url, origin),
		tag: text(json.tag, FALLBACK.tag),
	};
}

/** Keeps the worker alive for `work`; an event a test dispatched itself cannot be extended, so it just runs. */
function keepAlive(event: ExtendableEvent, work: Promise<unknown>) {
	try {
		event.waitUntil(work);
	} catch {
		void work;
	}
}

/** Asks an open tab to show `path` itself; true once it says it has. */
function routedInApp(client: WindowClient, path: string): Promise<boolean> {
	return new Promise((resolve) => {
		const channel = new MessageChannel();
		const timer = setTimeout(() => resolve(false), IN_APP_WAIT_MS);
		channel.port1.onmessage = () => {
			clearTimeout(timer);
			resolve(true);
		};
		client.postMessage({ type: OPEN_IN_APP, path }, [channel.port2]);
	});
}

/** The tab the shopper is most likely looking at: focused, then visible, then any. */
const pickTab = (tabs: WindowClient[]) =>
	tabs.find((c) => c.focused) ?? tabs.find((c) => c.visibilityState === "visible") ?? tabs[0];

async function openApp(scope: PushScope, path: string) {
	const url = new URL(path, scope.location.origin).href;
	const tab = pickTab(await scope.clients.matchAll({ type: "window", includeUncontrolled: true }));
	if (!tab) {
		await scope.clients.openWindow(url);
		return;
	}
	// Focus is only granted in answer to a real click; without it the tab still shows the deal.
	await tab.focus().catch(() => {});
	if (await routedInApp(tab, path)) return;
	// A signed-out tab or one still loading: load the deal in it (the sign-in screen comes first if needed).
	const loaded = await tab.navigate(url).catch(() => null);
	if (!loaded) await scope.clients.openWindow(url);
}

export function handlePushes() {
	const scope = self as unknown as PushScope;

	scope.addEventListener("push", (event) => {
		const { title, body, url, tag } = readPayload(event.data, scope.location.origin);
		// renotify: a newer hit of the same alert replaces the older one and still rings.
		const options = { body, icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE, tag, renotify: true, data: { url } };
		keepAlive(event, scope.registration.showNotification(title, options));
	});

	scope.addEventListener("notificationclick", (event) => {
		event.notification.close();
		const data = event.notification.data as { url?: unknown } | null;
		keepAlive(event, openApp(scope, appPath(data?.url, scope.location.origin)));
	});
}
