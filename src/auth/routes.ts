import { Hono } from "hono";
import type { User } from "../../db/schema.ts";
import { deleteSession } from "../data/sessions.ts";
import { transaction } from "../data/transaction.ts";
import { insertUser, updateUser, userByUsername } from "../data/users.ts";
import { clientAddress } from "../lib/client-address.ts";
import type { AppEnv } from "../lib/context.ts";
import { requireSession, requireUser, signedIn } from "../lib/guards.ts";
import { conflict, tooManyRequests, unauthorized } from "../lib/http.ts";
import { doc } from "../lib/openapi.ts";
import { clearSessionCookie, writeSessionCookie } from "../lib/session-cookie.ts";
import { createSession } from "../lib/sessions.ts";
import { jsonBody } from "../lib/validate.ts";
import { deleteAccount, userJson } from "../users/index.ts";
import { isReservedUsername, LoginSchema, RegisterSchema, UpdateZipSchema } from "./schemas.ts";
import { takeSignupSlot } from "./throttle.ts";

const INVALID_LOGIN = "Invalid username or password";

export const authRoutes = new Hono<AppEnv>()
	.post(
		"/register",
		doc({
			summary: "Create an account and sign in",
			tag: "Accounts",
			access: "public",
			errors: [400, 409, 429],
			ok: { status: 201, description: "The new shopper, signed in: the answer sets the session cookie" },
		}),
		jsonBody(RegisterSchema),
		async (c) => {
			const input = c.req.valid("json");
			const db = c.get("db");
			// The slot is taken before the name is looked up, so a taken name costs a try too: otherwise the 409
			// would tell anyone, without limit, which usernames exist.
			const { config, limits } = c.var.runtime;
			const wait = takeSignupSlot(limits.signups, config.signupsPerHour, clientAddress(c));
			if (wait > 0) {
				throw tooManyRequests("Too many new accounts from your network.", wait);
			}
			if (isReservedUsername(input.username) || (await userByUsername(db, input.username)))
				throw conflict("Username is already taken");
			const password = await c.var.runtime.passwords.hash(input.password);
			let user: User;
			try {
				user = await insertUser(db, {
					username: input.username,
					password,
					firstName: input.firstName,
					lastName: input.lastName,
					zipCode: input.zipCode,
				});
			} catch (error) {
				// Two sign-ups racing for one name: the unique index decides.
				if (String(error).includes("UNIQUE")) throw conflict("Username is already taken");
				throw error;
			}
			const { token, expire } = await createSession(db, user.id);
			writeSessionCookie(c, token, expire);
			return c.json(await userJson(db, user), 201);
		},
	)
	.post(
		"/login",
		doc({
			summary: "Sign in",
			tag: "Accounts",
			access: "public",
			errors: [400, 401, 429],
			ok: { description: "The shopper, signed in: the answer sets the session cookie" },
		}),
		jsonBody(LoginSchema),
		async (c) => {
			const { username, password } = c.req.valid("json");
			const db = c.get("db");
			const { passwords, limits } = c.var.runtime;
			const throttle = limits.logins;
			const client = clientAddress(c);
			const { wait, at } = throttle.begin(username, client);
			if (wait > 0) {
				throw tooManyRequests("Too many failed sign-in attempts.", wait);
			}
			const user = await userByUsername(db, username);
			const ok = user ? await passwords.verify(password, user.password) : await passwords.verifyAgainstDummy(password);
			if (!user || !ok) throw unauthorized(INVALID_LOGIN);
			throttle.succeeded(username, client, at);
			const { token, expire } = await createSession(db, user.id);
			writeSessionCookie(c, token, expire);
			return c.json(await userJson(db, user), 200);
		},
	)
	.post(
		"/logout",
		doc({
			summary: "Sign out",
			tag: "Accounts",
			access: "session",
			errors: [],
			ok: { description: "Signed out: the session ends and its cookie is cleared (also when there was none)" },
		}),
		async (c) => {
			const session = c.get("session");
			if (session) {
				await deleteSession(c.get("db"), session.sid);
				c.var.runtime.live.endSession(session.sid);
			}
			clearSessionCookie(c);
			return c.json({ message: "Signed out" }, 200);
		},
	)
	// A suspended account's 403 carries {terminated, reason, terminatedAt} (spec §7) beside the message.
	.get(
		"/user",
		doc({
			summary: "Get the signed-in shopper",
			tag: "Accounts",
			access: "read",
			errors: [401, 403],
			ok: { description: "The signed-in shopper's account and settings" },
		}),
		async (c) => c.json(await userJson(c.get("db"), requireUser(c)), 200),
	)
	.patch(
		"/user",
		doc({
			summary: "Set your ZIP code",
			tag: "Accounts",
			access: "session",
			errors: [400, 401, 403],
			ok: { description: "The shopper with the new ZIP code" },
		}),
		signedIn,
		jsonBody(UpdateZipSchema),
		async (c) => {
			const user = requireUser(c);
			const db = c.get("db");
			const { zipCode } = c.req.valid("json");
			const updated = await transaction(db, (tx) => updateUser(tx, user.id, { zipCode }));
			return c.json(await userJson(db, updated ?? user), 200);
		},
	)
	.delete(
		"/delete-account",
		doc({
			summary: "Delete your account",
			description:
				"Deletes the account with its reports, alerts and photos, and signs out everywhere. A suspended account may too.",
			tag: "Accounts",
			access: "session",
			errors: [401],
			ok: { description: "The account is gone and the session cookie cleared" },
		}),
		async (c) => {
			const session = requireSession(c);
			const db = c.get("db");
			await deleteAccount(db, session.user.id, c.get("config").uploadsDir);
			c.var.runtime.live.endUser(session.user.id);
			clearSessionCookie(c);
			return c.json({ message: "Your account has been deleted" }, 200);
		},
	);
