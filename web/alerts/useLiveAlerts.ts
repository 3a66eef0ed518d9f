import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useCallback, useEffect } from "react";
import { alertTag } from "../../src/lib/alert-tag.ts";
import { type AuthState, authKeys, forgetUser, readAuthState } from "../auth/index.ts";
import { inAppPath } from "../components/app-path.ts";
import { listKeys } from "../lists/index.ts";
import { noticeKeys } from "../notices/index.ts";
import { readPushOwner } from "../state/push-owner.ts";
import { type Toast, useToast } from "../state/toast.ts";
import { useBrowserNotifications, useLiveStream } from "./AlertsProvider.tsx";
import { alertKeys } from "./queries.ts";

export const ALERT_TOAST_MS = 8000;
/** A list note's link, `/lists/{id}`: the list it is about. */
const LIST_PATH = /^\/lists\/(\d+)(?:[/?#]|$)/;

/**
 * Shows a notification, or a toast when notifications are not allowed or not possible here (or `inAppOnly`);
 * either one opens `link`'s page (the notification on a click, the toast by its link).
 */
export function useDeliver() {
	const toast = useToast();
	const notifications = useBrowserNotifications();
	return useCallback(
		(title: string, body: string, tag?: string, link?: Toast["link"], inAppOnly = false) => {
			if (!inAppOnly && notifications.show(title, body, tag, link?.open)) return "notification" as const;
			toast({ title, description: body, variant: "info", durationMs: ALERT_TOAST_MS, link });
			return "toast" as const;
		},
		[toast, notifications],
	);
}

/** Keeps the live stream open while mounted: each hit is shown and the alert list learns its last hit. */
export function useLiveAlerts() {
	const queryClient = useQueryClient();
	const deliver = useDeliver();
	const router = useRouter();
	const live = useLiveStream();

	useEffect(
		() =>
			live.subscribe({
				onHit: (hit) => {
					const path = inAppPath(hit.url, window.location.origin);
					const link =
						path === null
							? undefined
							: {
									label: hit.kind === "fuel" ? "See the station" : "View deal",
									href: path,
									open: () => router.history.push(path),
								};
					// One tag per alert, as its push message has: a newer hit replaces the older one.
					// With push on for this device, its message brings the notification: one from the page as well
					// would ring twice (a page's and a worker's notifications do not share tags), so the page toasts.
					deliver(hit.title, hit.body, alertTag(hit.alertId), link, readPushOwner() !== null);
					void queryClient.invalidateQueries({ queryKey: alertKeys.all });
				},
				onNotice: (notice) => {
					const link = notice.url
						? { label: "See your price", href: notice.url, open: () => router.history.push(notice.url ?? "/") }
						: { label: "See notices", href: "/settings#notices", open: () => router.history.push("/settings#notices") };
					// Its push message rings on a device with push on, as for a hit: the page only toasts then.
					deliver(
						notice.title,
						notice.message,
						`notice-${notice.market}-${notice.reportId}`,
						link,
						readPushOwner() !== null,
					);
					// The report now reads as under review, listed again or gone wherever it is shown, the notices
					// included: a notice is rare, so every query on screen is fetched again.
					void queryClient.invalidateQueries();
				},
				onNote: (note) => {
					const path = inAppPath(note.url, window.location.origin);
					const link =
						path === null ? undefined : { label: "See the list", href: path, open: () => router.history.push(path) };
					// Notes are lists' news so far. Its push message rings on a device with push on: the page only toasts.
					deliver(note.title, note.body, note.tag, link, readPushOwner() !== null);
					// The list looked again: an open list's "Last seen", and its plan, are asked for anew.
					const listId = path?.match(LIST_PATH)?.[1];
					if (listId) void queryClient.invalidateQueries({ queryKey: listKeys.one(listId) });
				},
				onRefused: () => void recheckAccount(queryClient),
				onReconnected: () => {
					void recheckAccount(queryClient);
					void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
					// A hit made while the stream was away shows as the alert's last hit, even if it was not replayed.
					void queryClient.invalidateQueries({ queryKey: alertKeys.all });
				},
			}),
		[live, queryClient, deliver, router],
	);
}

/**
 * Asks quietly who is signed in, after the stream ended or came back. Signed out or suspended meanwhile: the
 * sign-in view or the suspension screen. Another account signed in on this browser (in another tab): the
 * page starts again as that account, since everything on it belongs to the other one. No answer (a server
 * restarting behind its proxy): nothing changes on screen, and the stream tries again.
 */
async function recheckAccount(queryClient: QueryClient) {
	const shown = queryClient.getQueryData<AuthState>(authKeys.user);
	let now: AuthState;
	try {
		now = await readAuthState();
	} catch {
		return;
	}
	if (shown?.status === "authenticated" && now.status === "authenticated") {
		if (shown.user.id !== now.user.id) window.location.reload();
		return;
	}
	if (now.status === "guest") forgetUser(queryClient);
	else queryClient.setQueryData(authKeys.user, now);
}
