import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { updateSessionData } from "../data/sessions.ts";
import { clientAddress } from "../lib/client-address.ts";
import type { AppEnv } from "../lib/context.ts";
import {
	CONSOLE_DISABLED_MESSAGE,
	requireAdminUnlock,
	requireConsoleOrOperator,
	requireUser,
	signedIn,
} from "../lib/guards.ts";
import { notFound, tooManyRequests } from "../lib/http.ts";
import { doc } from "../lib/openapi.ts";
import { isOperatorPath } from "../lib/operator-key.ts";
import { jsonBody, queryParams } from "../lib/validate.ts";
import { listFlaggedReports } from "./flags.ts";
import { passkeyMatches } from "./passkey.ts";
import { listUsersForAdmin } from "./queries.ts";
import { listActions } from "./record.ts";
import { resolveFlags } from "./resolve.ts";
import {
	AdminUsersQuerySchema,
	LiftSuspensionSchema,
	PasskeySchema,
	ResolveFlagsSchema,
	TerminateSchema,
} from "./schemas.ts";
import { liftSuspension, terminateAccount } from "./suspension.ts";

/**
 * Everything under /api/admin past the passkey check needs this session's unlock, including paths that do
 * not exist (403 before 404), so nothing about the console is learnt without the passkey.
 */
const unlockRequired = createMiddleware<AppEnv>(async (c, next) => {
	// The imports take the operator key as well (a command on the server's machine, decision 0085).
	if (isOperatorPath(c.req.path)) requireConsoleOrOperator(c);
	else requireAdminUnlock(c);
	await next();
});

/**
 * The developer console (mounted under /api/admin). verify-passkey comes first: a route answers before the
 * middleware registered after it, so it is the one call open to every signed-in, active user.
 */
export const adminRoutes = new Hono<AppEnv>()
	.post(
		"/verify-passkey",
		doc({
			summary: "Unlock the developer console with its passkey",
			description: "404 when the server has no passkey (the console is off).",
			tag: "Developer console",
			access: "session",
			errors: [400, 401, 403, 404, 429],
			ok: { description: "`valid`: whether the passkey matched; when it did, this session is unlocked" },
		}),
		signedIn,
		jsonBody(PasskeySchema),
		async (c) => {
			const user = requireUser(c);
			const session = c.get("session");
			const config = c.get("config");
			if (!config.adminPasskey || !session) throw notFound(CONSOLE_DISABLED_MESSAGE);
			const throttle = c.var.runtime.limits.passkeys;
			const client = clientAddress(c);
			const wait = throttle.retryAfter(user.id, client);
			if (wait > 0) {
				throw tooManyRequests("Too many wrong passkeys.", wait);
			}
			if (!passkeyMatches(config.adminPasskey, c.req.valid("json").passkey)) {
				throttle.recordFailure(user.id, client);
				return c.json({ valid: false as boolean }, 200);
			}
			throttle.recordSuccess(user.id);
			// This session only: the user's other devices stay locked, and signing out forgets the unlock.
			await updateSessionData(c.get("db"), session.sid, { ...session.sess, adminUnlocked: true });
			return c.json({ valid: true as boolean }, 200);
		},
	)
	.use("*", unlockRequired)
	.get(
		"/users",
		doc({
			summary: "Search accounts",
			tag: "Developer console",
			access: "console",
			errors: [400, 401, 403, 404],
			ok: { description: "Matching accounts; X-Total-Count says how many match in all" },
		}),
		queryParams(AdminUsersQuerySchema),
		async (c) => {
			requireAdminUnlock(c);
			const { users, total } = await listUsersForAdmin(c.get("db"), c.req.valid("query").q);
			// The spec's body is the list itself; how many match in all rides beside it.
			c.header("X-Total-Count", String(total));
			return c.json(users, 200);
		},
	)
	.post(
		"/terminate-account",
		doc({
			summary: "Suspend an account",
			tag: "Developer console",
			access: "console",
			errors: [400, 401, 403, 404, 409],
			ok: { description: "The suspension as recorded" },
		}),
		jsonBody(TerminateSchema),
		async (c) => {
			const moderator = requireAdminUnlock(c);
			const { userId, reason } = c.req.valid("json");
			const done = await terminateAccount(c.get("db"), moderator, userId, reason);
			c.var.runtime.live.endUser(userId);
			return c.json(done, 200);
		},
	)
	.post(
		"/lift-suspension",
		doc({
			summary: "Lift an account's suspension",
			tag: "Developer console",
			access: "console",
			errors: [400, 401, 403, 404, 409],
			ok: { description: "The lifting as recorded" },
		}),
		jsonBody(LiftSuspensionSchema),
		async (c) => {
			const moderator = requireAdminUnlock(c);
			const { userId, reason } = c.req.valid("json");
			return c.json(await liftSuspension(c.get("db"), moderator, userId, reason), 200);
		},
	)
	// The moderation queue: reports with open flags, most flagged first; how many in all rides beside it.
	.get(
		"/flags",
		doc({
			summary: "List the moderation queue",
			tag: "Developer console",
			access: "console",
			errors: [401, 403, 404],
			description:
				"Every product and fuel report with an open flag, hidden by its flags or not, and those its flags hid until a moderator decides. Each lists its reasons and its flaggers: their account's age, accuracy and standing (what their flag weighs, 0 to 1), and what the open flags weigh together (`flagWeight`).",
			ok: { description: "Reports with open flags, most flagged first; X-Total-Count says how many in all" },
		}),
		async (c) => {
			requireAdminUnlock(c);
			const { items, total } = await listFlaggedReports(c.get("db"));
			c.header("X-Total-Count", String(total));
			return c.json(items, 200);
		},
	)
	.post(
		"/flags/resolve",
		doc({
			summary: "Decide a flagged report",
			tag: "Developer console",
			access: "console",
			errors: [400, 401, 403, 404, 409],
			ok: { description: "The decision as recorded" },
		}),
		jsonBody(ResolveFlagsSchema),
		async (c) => {
			const moderator = requireAdminUnlock(c);
			const input = c.req.valid("json");
			const done = await resolveFlags(c.var.runtime, moderator, input);
			if (input.action === "terminate" && done.record.target.id) c.var.runtime.live.endUser(done.record.target.id);
			return c.json(done, 200);
		},
	)
	// The moderation record, newest first.
	.get(
		"/actions",
		doc({
			summary: "List the moderation record",
			tag: "Developer console",
			access: "console",
			errors: [401, 403, 404],
			ok: { description: "Moderators' decisions, newest first" },
		}),
		async (c) => {
			requireAdminUnlock(c);
			return c.json(await listActions(c.get("db")), 200);
		},
	);
