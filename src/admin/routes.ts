import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";

/** The developer console (mounted under /api/admin). */
export const adminRoutes = new Hono<AppEnv>();
