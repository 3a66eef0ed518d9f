/** Fuel prices: gas reports and the stations near a shopper. */

export { fillUpOf } from "./drive.ts";
export type { NearestStations } from "./nearest.ts";
export { nearestStations } from "./nearest.ts";
export type { GasReportJson, NearbyReportJson } from "./reports.ts";
export { createGasReport, GAS_REPORT_NOT_FOUND, getGasReportJson, toGasReportJson } from "./reports.ts";
export { gasRoutes } from "./routes.ts";
export { FuelPriceSchema, GasReportSchema, NO_GAS_ZIP_MESSAGE } from "./schemas.ts";
export type { StationJson } from "./stations.ts";
export { averageDollars, averageMills, nearbySummary, nearbyWithArea } from "./stations.ts";
