import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";

/** /api/v1: the versioned read API for integrations (pantry apps, Home Assistant). */
export const v1Routes = new Hono<AppEnv>();
