import { createContext, type ReactNode, useContext, useState } from "react";
import { createLiveStream, type LiveStream } from "./live.ts";
import { type BrowserNotifications, browserNotifications } from "./notify.ts";

type Alerts = { live: LiveStream; notifications: BrowserNotifications };

const AlertsContext = createContext<Alerts | null>(null);

/**
 * What alerts keep for the page's life, around the routed app: the live stream (open while the signed-in frame
 * listens; its newest hit outlasts a sign-out or the not-found page) and what the browser has shown of its
 * notifications.
 */
export function AlertsProvider({ children }: { children: ReactNode }) {
	const [alerts] = useState<Alerts>(() => ({ live: createLiveStream(), notifications: browserNotifications() }));
	return <AlertsContext value={alerts}>{children}</AlertsContext>;
}

function useAlerts() {
	const alerts = useContext(AlertsContext);
	if (!alerts) throw new Error("Alerts need the AlertsProvider above them");
	return alerts;
}

export const useLiveStream = () => useAlerts().live;
export const useBrowserNotifications = () => useAlerts().notifications;
