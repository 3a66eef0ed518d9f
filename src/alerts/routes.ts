import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";

/** Price alerts, the live event stream and test notifications (mounted under /api). */
export const alertsRoutes = new Hono<AppEnv>();
