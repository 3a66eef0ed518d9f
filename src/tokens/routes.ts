import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { requireUser, signedIn } from "../lib/guards.ts";
import { notFound } from "../lib/http.ts";
import { doc } from "../lib/openapi.ts";
import { jsonBody } from "../lib/validate.ts";
import { createToken, listTokens, revokeToken } from "./queries.ts";
import {
	CreatedTokenSchema,
	CreateTokenSchema,
	RevokedTokenSchema,
	TOKEN_NOT_FOUND,
	TokenListSchema,
} from "./schemas.ts";

const TAG = "Personal access tokens";

/** An id in the path; anything else names no token (404, as an unknown id does). */
const tokenId = (raw: string) => {
	if (!/^\d{1,12}$/.test(raw)) throw notFound(TOKEN_NOT_FOUND);
	return Number(raw);
};

/**
 * /api/tokens: a shopper's personal access tokens (create, list, revoke). Cookie session only: the gate
 * refuses a token here (src/tokens/bearer.ts), so a leaked token cannot make more of itself.
 */
export const tokenRoutes = new Hono<AppEnv>()
	.get(
		"/",
		doc({
			summary: "List your personal access tokens",
			tag: TAG,
			access: "session",
			errors: [401, 403],
			ok: { description: "Your tokens, newest first (never their secrets)", schema: TokenListSchema },
		}),
		signedIn,
		async (c) => {
			const user = requireUser(c);
			return c.json(await listTokens(c.get("db"), user.id), 200);
		},
	)
	.post(
		"/",
		doc({
			summary: "Create a read-only personal access token",
			description: `Its secret is in this answer only; send it as \`Authorization: Bearer <secret>\` on GET requests.`,
			tag: TAG,
			access: "session",
			errors: [400, 401, 403, 409],
			ok: { status: 201, description: "The new token and its secret, shown this once", schema: CreatedTokenSchema },
		}),
		signedIn,
		jsonBody(CreateTokenSchema),
		async (c) => {
			const user = requireUser(c);
			return c.json(await createToken(c.get("db"), user.id, c.req.valid("json").name), 201);
		},
	)
	.delete(
		"/:id",
		doc({
			summary: "Revoke a personal access token",
			description: "It stops working at once.",
			tag: TAG,
			access: "session",
			errors: [401, 403, 404],
			ok: { description: "The revoked token's id", schema: RevokedTokenSchema },
		}),
		signedIn,
		async (c) => {
			const user = requireUser(c);
			return c.json(await revokeToken(c.get("db"), user.id, tokenId(c.req.param("id"))), 200);
		},
	);
