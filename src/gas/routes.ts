import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";

/** Gas stations and fuel price reports (mounted under /api/gas). */
export const gasRoutes = new Hono<AppEnv>();
