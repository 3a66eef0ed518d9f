/**
 * The typed API client: request and response types come from the server's Hono app, never copied.
 * Errors and plain-fetch calls live in ./http.ts (re-exported here) so the landing can do without hono's client.
 */
import { hc } from "hono/client";
import type { ApiType } from "../../src/app.ts";
import { withDeadline } from "./http.ts";

export { isUnauthorized } from "./failure.ts";
export { unwrap } from "./http.ts";

export const api = hc<ApiType>("/api", {
	init: { credentials: "include" },
	fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, withDeadline(init)),
});
