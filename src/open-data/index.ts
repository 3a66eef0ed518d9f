/** Open data: the export of live prices and the imports from other sources. */

export { ImportJobs, type ImportJobView } from "./import-jobs.ts";
export { importRoutes } from "./import-routes.ts";
export { exportRoutes } from "./routes.ts";
