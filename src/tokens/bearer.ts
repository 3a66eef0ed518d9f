/**
 * `Authorization: Bearer <token>`: a personal access token read-only in place of the session cookie
 * (decision 0067). The app's gate refuses a write that carries one before anything else, and loadSession
 * (below), the one reader of both credentials, turns a valid one into a session-like value for GET and HEAD
 * requests. It sits here rather than in src/lib, which imports no feature.
 */

import type { Context } from "hono";
import { touchToken } from "../data/api-tokens.ts";
import type { AppEnv } from "../lib/context.ts";
import { forbidden, tooManyRequests, unauthorized } from "../lib/http.ts";
import { readSessionCookie, writeSessionCookie } from "../lib/session-cookie.ts";
import { type ValidSession, validateSessionToken } from "../lib/sessions.ts";
import { HOUR_MS } from "../lib/time.ts";
import { tokenHashOf } from "./queries.ts";
import { TOKEN_PREFIX, TOKEN_REQUESTS_PER_MINUTE, TOKEN_SHAPE } from "./schemas.ts";

const BEARER = /^Bearer(?:\s+(.*))?$/i;

export const TOKEN_WRITE_REFUSED =
	"Personal access tokens are read-only: only GET requests may carry one. Sign in to CommonCents to make changes";
export const TOKEN_MALFORMED = `The Authorization header must be "Bearer " and a personal access token (${TOKEN_PREFIX}…)`;
export const TOKEN_INVALID = "This personal access token is not valid: it was revoked, or never existed";
export const TOKEN_ACCOUNT_SUSPENDED = "This personal access token's account is suspended";
export const TOKEN_PATH_REFUSED = "Personal access tokens cannot reach this part of the API: sign in to CommonCents";

/** Paths no token reaches: managing tokens, the developer console, and the live event stream (a lasting connection). */
const SESSION_ONLY = ["/api/tokens", "/api/admin", "/api/events"];
const sessionOnly = (path: string) => SESSION_ONLY.some((p) => path === p || path.startsWith(`${p}/`));

/**
 * The token the request carries: its secret, or null when it carries none (another scheme is not ours). A
 * bearer that is not one of our tokens is ignored beside a session cookie (a proxy in front may forward its
 * own, an OAuth JWT, with a browser's requests); alone, it is a mistyped token and is refused as one.
 */
export function bearerOf(c: Context<AppEnv>): string | null {
	const header = c.req.header("authorization");
	const match = header === undefined ? null : BEARER.exec(header.trim());
	if (!match) return null;
	const secret = (match[1] ?? "").trim();
	return secret.toLowerCase().startsWith(TOKEN_PREFIX) || !readSessionCookie(c) ? secret : null;
}

/** A write carrying a token is refused before the Origin check, so a script learns why rather than "cross-site". */
export function refuseTokenWrite(c: Context<AppEnv>) {
	if (bearerOf(c) !== null) throw forbidden(TOKEN_WRITE_REFUSED);
}

/** RFC 6750's challenge beside a 401, so a client library knows the token (not the request) was refused. */
function refused(c: Context<AppEnv>, message: string) {
	c.header("WWW-Authenticate", 'Bearer realm="CommonCents", error="invalid_token"');
	return unauthorized(message);
}

/**
 * The session a GET or HEAD acts in for a token: its user's, never unlocked for the console, never renewed and
 * never written to a cookie. Throws 401 for a malformed, unknown or revoked token and for a suspended account,
 * 403 for a session-only path, 429 past the token's limit. Writes last-used at most once an hour.
 */
export async function tokenSession(c: Context<AppEnv>, secret: string, now = Date.now()): Promise<ValidSession> {
	// The gate refused writes already; OPTIONS is no read either.
	if (c.req.method !== "GET" && c.req.method !== "HEAD") throw forbidden(TOKEN_WRITE_REFUSED);
	if (!TOKEN_SHAPE.test(secret)) throw refused(c, TOKEN_MALFORMED);
	// The secret's hash is matched by the unique index: nothing secret is compared here.
	const found = await c.var.runtime.readToken(tokenHashOf(secret));
	if (!found) throw refused(c, TOKEN_INVALID);
	if (found.user.isTerminated) throw refused(c, TOKEN_ACCOUNT_SUSPENDED);
	if (sessionOnly(c.req.path)) throw forbidden(TOKEN_PATH_REFUSED);
	const wait = c.var.runtime.limits.apiTokens.take(String(found.id), TOKEN_REQUESTS_PER_MINUTE, now);
	if (wait > 0) {
		throw tooManyRequests(`Too many requests with this token (at most ${TOKEN_REQUESTS_PER_MINUTE} a minute).`, wait);
	}
	// Every write starts the app's read caches afresh: a token polled all day must not write on every call.
	if (!found.lastUsedAt || now - found.lastUsedAt.getTime() >= HOUR_MS)
		await touchToken(c.var.db, found.id, new Date(now));
	return {
		// Names no stored session: what is keyed by a session (sign-out, push, live streams) is out of a token's reach.
		sid: `token:${found.id}`,
		sess: { userId: found.user.id, createdAt: now, adminUnlocked: false },
		expire: new Date(now),
		user: found.user,
		renewed: false,
	};
}

/**
 * Reads the caller once per API request (the app's gate calls it). A personal access token, when the request
 * carries one, is the only credential read (the cookie is then ignored: a script's request gets the token's
 * read-only reach, whatever else it sends). Otherwise the cookie; a session past half its life is renewed.
 */
export async function loadSession(c: Context<AppEnv>) {
	const bearer = bearerOf(c);
	if (bearer !== null) {
		c.set("session", await tokenSession(c, bearer));
		return;
	}
	const token = readSessionCookie(c);
	const session = token ? await validateSessionToken(c.var.db, c.var.runtime.readSession, token) : null;
	c.set("session", session);
	if (session?.renewed && token) writeSessionCookie(c, token, session.expire);
}
