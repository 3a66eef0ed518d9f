/** The home feed: what is good near a shopper today. */
export { everythingAt } from "./feed.sql.ts";
export { feedRoutes } from "./routes.ts";
