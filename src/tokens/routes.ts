import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";

/** /api/tokens: a shopper's personal access tokens (create, list, revoke). */
export const tokenRoutes = new Hono<AppEnv>();
