import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";

/** Mounted under /api: POST /objects/upload and PUT /uploads/:key (filled by the uploads work). */
export const uploadApiRoutes = new Hono<AppEnv>();

/** Mounted at the root: GET /uploads/:key serves stored files. */
export const uploadFileRoutes = new Hono<AppEnv>();
