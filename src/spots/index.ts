/** Shoppers' starred stores and stations. */
export { spotRoutes } from "./routes.ts";
export { starredStationIds, starredStoreIds } from "./spots.sql.ts";
