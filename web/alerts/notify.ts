/**
 * Browser notifications (spec §4): the permission state as the Alerts banner tells it, and showing one.
 * "unsupported" covers browsers that restrict them: no Notification API (iOS Safari outside a Home Screen
 * app) or one that refuses page notifications (Chrome on Android wants a service worker).
 */
export type NotificationState = "default" | "granted" | "denied" | "insecure" | "unsupported";

/**
 * The pictures a notification shows, page and push alike: files copied as they are into the build's /icons
 * (the app's own files, such as favicon.svg, get hashed names there, so their source path would not load).
 */
export const NOTIFICATION_ICON = "/icons/icon-192.png";
/** Android shows the badge in the status bar as a white mask: only its transparency counts. */
export const NOTIFICATION_BADGE = "/icons/badge-96.png";

export type BrowserNotifications = {
	read: () => NotificationState;
	/** Asks the shopper, when the browser has not been told yet; the state after. */
	request: () => Promise<NotificationState>;
	/**
	 * Shows a notification; false when it cannot (not granted, or the browser refuses), so the caller toasts.
	 * A click brings the tab forward and, given `open`, shows the page the notification is about.
	 */
	show: (title: string, body: string, tag?: string, open?: () => void) => boolean;
};

/**
 * This browser's notifications, as one page learns them (AlertsProvider holds one for the page's life): once
 * the browser has refused a page notification, it counts as one that takes none.
 */
export function browserNotifications(): BrowserNotifications {
	let constructorRefused = false;

	const read = (): NotificationState => {
		if (typeof window === "undefined") return "unsupported";
		if (!window.isSecureContext) return "insecure";
		if (!("Notification" in window) || constructorRefused) return "unsupported";
		return Notification.permission;
	};

	const request = async (): Promise<NotificationState> => {
		const state = read();
		if (state !== "default") return state;
		try {
			await Notification.requestPermission();
		} catch {
			constructorRefused = true; // a browser without the promise form or that throws: treat as limited
		}
		return read();
	};

	const show = (title: string, body: string, tag?: string, open?: () => void): boolean => {
		if (read() !== "granted") return false;
		try {
			const note = new Notification(title, { body, tag, icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE });
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
	};

	return { read, request, show };
}
