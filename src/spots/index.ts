/** Shoppers' starred stores and stations. */
export type { Spots, StarredStation, StarredStore } from "./queries.ts";
export { spotRoutes } from "./routes.ts";
