import { useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { useBrowserNotifications } from "../alerts/index.ts";
import { resendSubscription } from "./device.ts";
import { isOpenInApp } from "./open-message.ts";

/**
 * The signed-in app's side of push (called once, by the app shell): the server gets this device's
 * subscription back after a sign-in, and a notification's click is shown here, routed in the app.
 */
export function usePushOnThisDevice(userId: string) {
	const router = useRouter();
	const notifications = useBrowserNotifications();

	// Signing out removed this device's subscription on the server; the browser still has it.
	useEffect(() => {
		if (userId) void resendSubscription(userId, notifications);
	}, [userId, notifications]);

	useEffect(() => {
		const worker = navigator.serviceWorker;
		if (!worker) return;
		const onMessage = (event: MessageEvent) => {
			if (!isOpenInApp(event.data)) return;
			router.history.push(event.data.path);
			event.ports[0]?.postMessage("shown");
		};
		worker.addEventListener("message", onMessage);
		// Messages sent before the listener was added wait until this (the page's load would also let them in).
		worker.startMessages();
		return () => worker.removeEventListener("message", onMessage);
	}, [router]);
}
