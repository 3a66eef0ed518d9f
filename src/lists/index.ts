/** Shopping lists: a shopper's lists, their items, and a read-only link to share one. */
export { listRoutes, sharedListRoutes } from "./routes.ts";
