/** Open data: the export of live prices and the imports from other sources. */
export { adoptInstanceFile } from "./instance.ts";
export { exportRoutes } from "./routes.ts";
