/** The home feed: what is good near a shopper today. */
export { everythingAt } from "./feed.ts";
export { feedRoutes } from "./routes.ts";
