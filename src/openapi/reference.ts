import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";

/** /docs/api: the API reference page, rendering /api/openapi.json. */
export const apiReferenceRoutes = new Hono<AppEnv>();
