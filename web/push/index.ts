/** The push feature's front door: the settings panel, this device's subscription, and the service worker's handler. */
export { PushSettings } from "./PushSettings.tsx";
export { usePushOnThisDevice } from "./usePushOnThisDevice.ts";
export { handlePushes } from "./worker.ts";
