import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";

/** /api/admin/export: the open-data export as a download, behind the console's passkey. */
export const exportRoutes = new Hono<AppEnv>();
