/** Price histories: a product's near a shopper, a station's, and the area's fuel trend. */
export { areaTrendRoutes, productRoutes, stationHistoryRoutes } from "./routes.ts";
export type { FuelHistory, NotedPrice, ProductHistory } from "./shapes.ts";
export { STATION_NOT_FOUND } from "./stations.ts";
