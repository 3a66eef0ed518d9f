import { useCallback, useEffect, useState } from "react";
import { useBrowserNotifications } from "./AlertsProvider.tsx";
import type { NotificationState } from "./notify.ts";

/** The permission state, kept current when the user changes it in the browser's site settings. */
export function useNotificationState() {
	const notifications = useBrowserNotifications();
	const [state, setState] = useState<NotificationState>(notifications.read);

	useEffect(() => {
		let status: PermissionStatus | null = null;
		const update = () => setState(notifications.read());
		navigator.permissions
			?.query({ name: "notifications" })
			.then((s) => {
				status = s;
				s.addEventListener("change", update);
			})
			.catch(() => {});
		return () => status?.removeEventListener("change", update);
	}, [notifications]);

	const request = useCallback(async () => setState(await notifications.request()), [notifications]);
	const refresh = useCallback(() => setState(notifications.read()), [notifications]);
	return { state, request, refresh };
}
