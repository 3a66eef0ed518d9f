/** The read API (/api/v1): product and fuel prices near a ZIP, for scripts and other apps. */

export { v1Routes } from "./routes.ts";
