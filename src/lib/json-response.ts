import type { Context, TypedResponse } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { JSONParsed } from "hono/utils/types";
import type { AppEnv } from "./context.ts";

/**
 * A 200 with `compute()`'s value as JSON, from the runtime's read cache. Typed as c.json would type it,
 * so the web app's client still knows the shape.
 */
export async function cachedJson<T>(c: Context<AppEnv>, key: string, compute: () => T | Promise<T>) {
	return jsonText<T>(c, await c.var.runtime.readCache.json(key, compute));
}

/** JSON already serialized (text or UTF-8), answered and typed as c.json(value of T, status) would be. */
export function jsonText<T, S extends ContentfulStatusCode = 200>(
	c: Context<AppEnv>,
	text: string | Uint8Array<ArrayBuffer>,
	status = 200 as S,
) {
	return c.body(text, status, { "Content-Type": "application/json" }) as unknown as Response &
		TypedResponse<JSONParsed<T>, S, "json">;
}
