/** The alerts feature's front door: the alerts panel, creating an alert, live hits, and the browser's notifications. */
export { AlertsProvider, useBrowserNotifications } from "./AlertsProvider.tsx";
export { type BrowserNotifications, NOTIFICATION_BADGE, NOTIFICATION_ICON } from "./notify.ts";
export { PriceAlerts } from "./PriceAlerts.tsx";
export { isDuplicateAlert, useCreateAlert } from "./queries.ts";
export { useLiveAlerts } from "./useLiveAlerts.ts";
