import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";

/** User search (mounted under /api/users). */
export const usersRoutes = new Hono<AppEnv>();

/** The signed-in user's profile settings (mounted under /api/profile). */
export const profileRoutes = new Hono<AppEnv>();
