/** The developer console: the moderation queue, suspensions, and the passkey that unlocks it. */
export { PasskeyThrottle } from "./passkey.ts";
export { adminRoutes } from "./routes.ts";
