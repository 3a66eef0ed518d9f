import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "./context.ts";

const PLAIN_NAME = "cc_session";
/** Over HTTPS the __Host- prefix pins the cookie to our exact origin. */
const SECURE_NAME = "__Host-cc_session";
/** Both names, for the API contract's description of the session scheme. */
export const SESSION_COOKIE_NAME = { plain: PLAIN_NAME, https: SECURE_NAME } as const;

/**
 * Whether the browser reached us over HTTPS: the URL's scheme, or behind TRUST_PROXY proxies (a TLS
 * terminator) the scheme the outermost trusted one saw, read as client-address.ts reads X-Forwarded-For.
 * Directly exposed, the header is the client's own word and is ignored.
 */
function isHttps(c: Context): boolean {
	if (c.req.url.startsWith("https:")) return true;
	const hops = (c as Context<AppEnv>).var.config?.trustProxy ?? 0;
	if (hops < 1) return false;
	const chain = (c.req.header("x-forwarded-proto") ?? "").split(",").map((entry) => entry.trim().toLowerCase());
	return chain.length >= hops && chain[chain.length - hops] === "https";
}

// Read on every API request: one pass over the Cookie header, rather than Hono's parse of every pair, twice.
const SESSION_COOKIE = /(?:^|;)\s*(?:__Host-)?cc_session=([^;]*)/g;

/**
 * The session token: over HTTPS only the __Host- cookie's, as HTTPS sets it. A plain cookie there could have
 * been planted by a sibling subdomain or a plain-HTTP answer, signing the browser in to someone else's account.
 */
export function readSessionCookie(c: Context): string | undefined {
	const header = c.req.header("cookie");
	if (!header) return undefined;
	let plain: string | undefined;
	for (const match of header.matchAll(SESSION_COOKIE)) {
		const value = (match[1] ?? "").trim();
		if (match[0].includes(SECURE_NAME)) return value;
		plain ??= value;
	}
	return plain === undefined || isHttps(c) ? undefined : plain;
}

export function writeSessionCookie(c: Context, token: string, expires: Date) {
	const secure = isHttps(c);
	setCookie(c, secure ? SECURE_NAME : PLAIN_NAME, token, {
		httpOnly: true,
		sameSite: "Lax",
		secure,
		path: "/",
		expires,
	});
}

export function clearSessionCookie(c: Context) {
	const secure = isHttps(c);
	deleteCookie(c, secure ? SECURE_NAME : PLAIN_NAME, { path: "/", secure, httpOnly: true, sameSite: "Lax" });
}
