/** Open data: the export of live prices and the imports from other sources. */
export { exportRoutes } from "./routes.ts";
