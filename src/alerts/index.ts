/** Price alerts: shoppers' saved searches, matched against new reports and told on the live stream. */
export type { HitEventData, HitOutlets } from "./delivery.ts";
export { deliverHits } from "./delivery.ts";
export type { SESSION_ENDED_EVENT } from "./live.ts";
export { LiveHub } from "./live.ts";
export type { AlertNote } from "./notes.ts";
export { decideListNote, deliverNote, NOTE_EVENT } from "./notes.ts";
export { alertHits } from "./price-listener.ts";
export { createAlert } from "./queries.ts";
export { eventRoutes, priceAlertRoutes, testNotificationRoutes } from "./routes.ts";
export { PriceAlertSchema } from "./schemas.ts";
export { spreadAlertWords } from "./word-index.ts";
export { productWords } from "./words.ts";
