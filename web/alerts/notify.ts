/**
 * Browser notifications (spec §4): the permission state as the Alerts banner tells it, and showing one.
 * "unsupported" covers browsers that restrict them: no Notification API (iOS Safari outside a Home Screen
 * app) or one that refuses page notifications (Chrome on Android wants a service worker).
 */
export type NotificationState = "default" | "granted" | "denied" | "insecure" | "unsupported";

let constructorRefused = false;

export function readNotificationState(): NotificationState {
	if (typeof window === "undefined") return "unsupported";
	if (!window.isSecureContext) return "insecure";
	if (!("Notification" in window) || constructorRefused) return "unsupported";
	return Notification.permission;
}

export async function requestNotificationPermission(): Promise<NotificationState> {
	const state = readNotificationState();
	if (state !== "default") return state;
	try {
		await Notification.requestPermission();
	} catch {
		constructorRefused = true; // a browser without the promise form or that throws: treat as limited
	}
	return readNotificationState();
}

/**
 * Shows a notification; false when it cannot (not granted, or the browser refuses), so the caller toasts.
 * A click brings the tab forward and, given `open`, shows the page the notification is about.
 */
export function showBrowserNotification(title: string, body: string, tag?: string, open?: () => void): boolean {
	if (readNotificationState() !== "granted") return false;
	try {
		const note = new Notification(title, { body, tag, icon: "/favicon.svg" });
		note.onclick = () => {
			window.focus();
			open?.();
			note.close();
		};
		return true;
	} catch {
		constructorRefused = true;
		return false;
	}
}
