/** The home feed: what is good near a shopper today. */
export { feedRoutes } from "./routes.ts";
