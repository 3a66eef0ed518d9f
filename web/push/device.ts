/**
 * This browser's Web Push subscription: whether it has one, making one and giving it up. The
 * server keeps a copy per device (POST/DELETE /api/push/subscriptions) and sends each alert to it.
 */

import type { BrowserNotifications } from "../alerts/index.ts";
import { api, unwrap } from "../api/client.ts";
import { readPushOwner, writePushOwner } from "../state/push-owner.ts";

/**
 * How alerts stand on this device, each told in words by PushSettings: "failed" is a push service that could
 * not be reached when subscribing; "checking" is the first read.
 */
export type PushState = "checking" | "unsupported" | "insecure" | "denied" | "failed" | "on" | "off";

/** How long to wait for the service worker before saying this browser cannot take alerts. */
const WORKER_WAIT_MS = 10_000;

/** The browser refused a subscription: its push service is unreachable, or it blocks push altogether. */
export class PushServiceFailed extends Error {}

const pushSupported = () => "serviceWorker" in navigator && "PushManager" in window;

/** The service worker's registration, or null when none comes (development builds register none). */
function registration(): Promise<ServiceWorkerRegistration | null> {
	return Promise.race([
		navigator.serviceWorker.ready,
		new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS)),
	]);
}

/** The browser's subscription when push can work here at all, with permission granted; else null. */
async function currentSubscription(notifications: BrowserNotifications): Promise<PushSubscription | null> {
	if (!pushSupported() || notifications.read() !== "granted") return null;
	return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/** What the browser allows, before any subscription is looked at. */
function limits(notifications: BrowserNotifications): PushState | null {
	const permission = notifications.read();
	if (permission === "insecure") return "insecure";
	if (permission === "unsupported" || !pushSupported()) return "unsupported";
	if (permission === "denied") return "denied";
	return null;
}

/** Reads this device's state without asking the shopper anything. */
export async function readPushState(notifications: BrowserNotifications): Promise<PushState> {
	const limited = limits(notifications);
	if (limited) return limited;
	if (!(await registration())) return "unsupported";
	return (await currentSubscription(notifications)) ? "on" : "off";
}

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` takes in every browser. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
	const base64 = base64url
		.replace(/-/g, "+")
		.replace(/_/g, "/")
		.padEnd(Math.ceil(base64url.length / 4) * 4, "=");
	return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** The browser's subscription as the server takes it: its endpoint and its two keys. */
function saveOnServer(subscription: PushSubscription) {
	const { endpoint, keys } = subscription.toJSON();
	const json = { endpoint: endpoint ?? "", keys: { p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" } };
	return unwrap(api.push.subscriptions.$post({ json }));
}

/**
 * Turns alerts on for this device, on the shopper's click: permission, the server's key, the browser's
 * subscription, then the server's copy of it. A subscription the server refuses is given up again, so the
 * switch never shows on for a device that gets nothing. Throws the server's refusal (an ApiError).
 */
export async function turnOn(userId: string, notifications: BrowserNotifications): Promise<PushState> {
	const permission = await notifications.request();
	if (permission !== "granted") return limits(notifications) ?? "off";
	const reg = await registration();
	if (!reg) return "unsupported";
	const { publicKey } = await unwrap(api.push["public-key"].$get());
	// One made under another key (the server's was replaced) cannot be reused: subscribe afresh.
	await (await reg.pushManager.getSubscription())?.unsubscribe();
	let subscription: PushSubscription;
	try {
		subscription = await reg.pushManager.subscribe({
			userVisibleOnly: true,
			applicationServerKey: keyBytes(publicKey),
		});
	} catch {
		return "failed";
	}
	try {
		await saveOnServer(subscription);
	} catch (error) {
		await subscription.unsubscribe().catch(() => {});
		throw error;
	}
	writePushOwner(userId);
	return "on";
}

/**
 * Turns alerts off for this device. The browser's subscription goes first: once it is gone nothing can arrive,
 * and a server copy left behind (no connection just now) is removed when its push service answers 410.
 */
export async function turnOff(notifications: BrowserNotifications): Promise<PushState> {
	const subscription = await currentSubscription(notifications);
	if (subscription) {
		const { endpoint } = subscription;
		await subscription.unsubscribe();
		await unwrap(api.push.subscriptions.$delete({ json: { endpoint } })).catch(() => {});
	}
	writePushOwner(null);
	return limits(notifications) ?? "off";
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Gives the server this device's subscription again, without asking anything, when it is `userId`'s:
 * signing out removed it there, while the browser kept it. One made under a key the server no longer has (its keys were replaced) gets
 * nothing but refusals from the push service, so it is made again under the current key; the permission is
 * already granted, so nothing is asked. Quiet on failure (the next start tries again).
 */
export async function resendSubscription(userId: string, notifications: BrowserNotifications): Promise<void> {
	try {
		let subscription = await currentSubscription(notifications);
		if (!subscription) return;
		if (readPushOwner() !== userId) {
			// Another shopper's (who signed out here): it is given up, not handed over.
			await subscription.unsubscribe();
			writePushOwner(null);
			return;
		}
		const { publicKey } = await unwrap(api.push["public-key"].$get());
		const current = keyBytes(publicKey);
		const madeWith = subscription.options.applicationServerKey;
		if (!madeWith || !sameBytes(new Uint8Array(madeWith), current)) {
			const reg = await registration();
			if (!reg) return;
			await subscription.unsubscribe();
			subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: current });
		}
		await saveOnServer(subscription);
	} catch {
		// Offline, signed out meanwhile, or the push service unreachable: the next start tries again.
	}
}
