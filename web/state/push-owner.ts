/**
 * Whose alerts this browser's push subscription carries (web/push/device.ts keeps it). Signing out removes the
 * server's copy but not the browser's; the next shopper to sign in here must not inherit it (their alerts on a
 * shared device's lock screen without asking), so it is handed back only to the shopper who turned it on.
 * While it is set, the push message brings each alert's notification, and the page shows only a toast.
 */
const OWNER_KEY = "commoncents-push-owner";

export function readPushOwner(): string | null {
	try {
		return localStorage.getItem(OWNER_KEY);
	} catch {
		return null;
	}
}

export function writePushOwner(userId: string | null) {
	try {
		if (userId === null) localStorage.removeItem(OWNER_KEY);
		else localStorage.setItem(OWNER_KEY, userId);
	} catch {
		// Storage refused (private mode): the subscription is then not handed back after a sign-out.
	}
}
