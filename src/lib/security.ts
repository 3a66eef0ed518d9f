import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context.ts";
import { forbidden, HttpError } from "./http.ts";
import { SECURITY_HEADERS } from "./security-headers.ts";

export { SECURITY_HEADERS };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

export const isSafeMethod = (method: string) => SAFE_METHODS.has(method);

/** Adds the security headers a handler did not set itself (stored photos send a stricter, sandboxing CSP). */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
	await next();
	const headers = c.res.headers;
	for (const [name, value] of SECURITY_HEADERS) {
		if (!headers.has(name)) headers.set(name, value);
	}
});

/**
 * Refuses state-changing requests from other sites. Hono's csrf() only looks at form posts, so every
 * non-GET must carry an Origin whose host is ours (browsers always send it on such requests).
 */
export function checkOrigin(c: Context<AppEnv>) {
	const origin = c.req.header("origin");
	if (!origin) throw forbidden("Cross-site request refused: the Origin header is missing");
	let originHost: string;
	try {
		originHost = new URL(origin).host;
	} catch {
		throw forbidden("Cross-site request refused: the Origin header is not a URL");
	}
	const host = c.req.header("host") ?? new URL(c.req.url).host;
	if (originHost !== host) throw forbidden("Cross-site request refused");
}

/** A body on a JSON route must say it is JSON (415 otherwise). */
export function checkJsonBody(c: Context<AppEnv>) {
	const hasBody = Number(c.req.header("content-length") ?? 0) > 0 || c.req.header("transfer-encoding") !== undefined;
	if (!hasBody) return;
	// The media type exactly as Hono's json validator reads it: any other body would be validated as {}.
	const mediaType = (c.req.header("content-type") ?? "").split(";")[0]!.trim();
	if (!/^application\/(?:[\w.-]+\+)?json$/i.test(mediaType)) {
		throw new HttpError(415, "Request body must be JSON (Content-Type: application/json)");
	}
}

/** JSON bodies stay small (413). */
export const jsonBodyLimit: MiddlewareHandler<AppEnv> = bodyLimit({
	maxSize: JSON_BODY_LIMIT_BYTES,
	onError: () => {
		throw new HttpError(413, `Request body is too large (the limit is ${JSON_BODY_LIMIT_BYTES / 1024} KB)`);
	},
});
