import { createContext, type ReactNode, useContext, useState } from "react";
import { type BrowserNotifications, browserNotifications } from "./notify.ts";

type Alerts = { notifications: BrowserNotifications };

const AlertsContext = createContext<Alerts | null>(null);

/**
 * What alerts keep for the page's life, around the routed app: what the browser has shown of its notifications.
 */
export function AlertsProvider({ children }: { children: ReactNode }) {
	const [alerts] = useState<Alerts>(() => ({ notifications: browserNotifications() }));
	return <AlertsContext value={alerts}>{children}</AlertsContext>;
}

function useAlerts() {
	const alerts = useContext(AlertsContext);
	if (!alerts) throw new Error("Alerts need the AlertsProvider above them");
	return alerts;
}

export const useBrowserNotifications = () => useAlerts().notifications;
