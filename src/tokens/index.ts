/** Personal access tokens: read-only API access in place of the session cookie. */
export { loadSession, refuseTokenWrite } from "./bearer.ts";
export type { TokenReader } from "./reader.ts";
export { createTokenReader } from "./reader.ts";
export { tokenRoutes } from "./routes.ts";
