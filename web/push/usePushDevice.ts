import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useBrowserNotifications } from "../alerts/index.ts";
import { type PushState, readPushState, turnOff, turnOn } from "./device.ts";

/**
 * Settings' view of this device's alerts: read on show (never asking permission), read again when the
 * permission changes in the browser's site settings, and switched only on the shopper's click.
 */
export function usePushDevice(userId: string) {
	const notifications = useBrowserNotifications();
	const [state, setState] = useState<PushState>("checking");

	useEffect(() => {
		let live = true;
		let status: PermissionStatus | null = null;
		const read = () =>
			void readPushState(notifications)
				.catch((): PushState => "unsupported")
				.then((s) => live && setState(s));
		read();
		navigator.permissions
			?.query({ name: "notifications" })
			.then((s) => {
				status = s;
				s.addEventListener("change", read);
			})
			.catch(() => {});
		return () => {
			live = false;
			status?.removeEventListener("change", read);
		};
	}, [notifications]);

	const change = useMutation({
		mutationFn: (on: boolean) => (on ? turnOn(userId, notifications) : turnOff(notifications)),
		onSuccess: setState,
		// The server refused the subscription (or could not be reached): as the browser has it now.
		onError: () => void readPushState(notifications).then(setState),
	});
	return { state, change };
}
