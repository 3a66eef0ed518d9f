import type { Context } from "hono";
import type { AppEnv } from "./context.ts";

/** The peer's address from Bun's socket; X-Forwarded-For is not trusted, since any client can forge it. */
export function clientAddress(c: Context<AppEnv>): string {
  return c.env?.server?.requestIP(c.req.raw)?.address ?? "local";
}
