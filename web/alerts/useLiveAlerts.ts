import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { type AuthState, authKeys, forgetUser, readAuthState } from "../auth/queries.ts";
import { useToast } from "../state/toast.ts";
import { subscribeLive } from "./live.ts";
import { showBrowserNotification } from "./notify.ts";
import { alertKeys } from "./queries.ts";

export const ALERT_TOAST_MS = 8000;

/** Shows a notification, or a toast when notifications are not allowed or not possible here. */
export function useDeliver() {
	const toast = useToast();
	return useCallback(
		(title: string, body: string, tag?: string) => {
			if (showBrowserNotification(title, body, tag)) return "notification" as const;
			toast({ title, description: body, variant: "info", durationMs: ALERT_TOAST_MS });
			return "toast" as const;
		},
		[toast],
	);
}

/** Keeps the live stream open while mounted: each hit is shown and the alert list learns its last hit. */
export function useLiveAlerts() {
	const queryClient = useQueryClient();
	const deliver = useDeliver();

	useEffect(
		() =>
			subscribeLive({
				onHit: (hit) => {
					deliver(hit.title, hit.body, `price-alert-${hit.reportId}`);
					void queryClient.invalidateQueries({ queryKey: alertKeys.all });
				},
				onRefused: () => void recheckAccount(queryClient),
				onReconnected: () => {
					void recheckAccount(queryClient);
					// A hit made while the stream was away shows as the alert's last hit, even if it was not replayed.
					void queryClient.invalidateQueries({ queryKey: alertKeys.all });
				},
			}),
		[queryClient, deliver],
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
