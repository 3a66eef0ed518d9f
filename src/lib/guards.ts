import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context.ts";
import type { SuspendedAnswer } from "./errors.ts";
import { forbidden, notFound, unauthorized } from "./http.ts";
import { isLoopback, OPERATOR_HEADER, operatorKeyMatches } from "./operator-key.ts";

export function terminatedAnswer(user: {
	terminationReason: string | null;
	terminatedAt: Date | null;
}): SuspendedAnswer {
	return {
		terminated: true,
		reason: user.terminationReason ?? "Policy violation",
		terminatedAt: user.terminatedAt?.toISOString() ?? null,
	};
}

/** The signed-in session, even of a suspended user (for the few calls a suspended user may make). */
export function requireSession(c: Context<AppEnv>) {
	const session = c.get("session");
	if (!session) throw unauthorized();
	return session;
}

/** The signed-in, active user; 401 for a guest, 403 for a suspended account. */
export function requireUser(c: Context<AppEnv>) {
	const session = requireSession(c);
	if (session.user.isTerminated) {
		throw forbidden("Your account has been suspended", terminatedAnswer(session.user));
	}
	return session.user;
}

/**
 * requireUser as a route's first step, placed before its input validation: a guest is told to sign in
 * (401, which the web app answers by signing in again) rather than what is wrong with a form they cannot send.
 */
export const signedIn = createMiddleware<AppEnv>(async (c, next) => {
	requireUser(c);
	await next();
});

export const CONSOLE_DISABLED_MESSAGE = "The developer console is not enabled on this server" as const;
export const CONSOLE_LOCKED_MESSAGE = "Enter the developer passkey to use the developer console";

/**
 * The developer console's guard: an active user whose own session has entered the passkey, on a server
 * that has one (an unlock recorded before the passkey was removed from the configuration counts for nothing).
 */
export function requireAdminUnlock(c: Context<AppEnv>) {
	const user = requireUser(c);
	if (!c.get("config").adminPasskey) throw notFound(CONSOLE_DISABLED_MESSAGE);
	if (c.get("session")?.sess.adminUnlocked !== true) throw forbidden(CONSOLE_LOCKED_MESSAGE);
	return user;
}

/**
 * For what the operator may do from the server's own machine as well as from the console (the imports,
 * decision 0085): a request with the operator key must come straight from loopback, not through a proxy (a
 * proxy on the same machine makes every visitor loopback; it says so in its forwarding headers); any other
 * needs the console's unlock.
 */
export function requireConsoleOrOperator(c: Context<AppEnv>): "operator" | "console" {
	const key = c.req.header(OPERATOR_HEADER);
	if (key === undefined) {
		requireAdminUnlock(c);
		return "console";
	}
	const peer = c.env?.server?.requestIP(c.req.raw)?.address;
	const forwarded = c.req.header("x-forwarded-for") ?? c.req.header("forwarded");
	if (!isLoopback(peer) || forwarded !== undefined)
		throw forbidden("The operator key is taken only from this machine, not through a proxy");
	if (!operatorKeyMatches(c.get("config").secret, key))
		throw unauthorized("The operator key does not match this data folder's secret");
	return "operator";
}
