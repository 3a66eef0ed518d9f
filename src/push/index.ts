/** Web Push: shoppers' subscriptions, the server's VAPID identity and the sender. */
export type { VapidDetails } from "../lib/vapid.ts";
export type { PushPayload } from "./payload.ts";
export { alertTag, dealPath } from "./payload.ts";
export { pushRoutes } from "./routes.ts";
export { PushSender } from "./sender.ts";
