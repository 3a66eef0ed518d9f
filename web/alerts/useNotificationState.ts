import { useCallback, useEffect, useState } from "react";
import { type NotificationState, readNotificationState, requestNotificationPermission } from "./notify.ts";

/** The permission state, kept current when the user changes it in the browser's site settings. */
export function useNotificationState() {
	const [state, setState] = useState<NotificationState>(readNotificationState);

	useEffect(() => {
		let status: PermissionStatus | null = null;
		const update = () => setState(readNotificationState());
		navigator.permissions
			?.query({ name: "notifications" })
			.then((s) => {
				status = s;
				s.addEventListener("change", update);
			})
			.catch(() => {});
		return () => status?.removeEventListener("change", update);
	}, []);

	const request = useCallback(async () => setState(await requestNotificationPermission()), []);
	const refresh = useCallback(() => setState(readNotificationState()), []);
	return { state, request, refresh };
}
