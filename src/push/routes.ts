import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { requireSession, requireUser, signedIn } from "../lib/guards.ts";
import { badRequest } from "../lib/http.ts";
import { doc } from "../lib/openapi.ts";
import { jsonBody } from "../lib/validate.ts";
import { checkEndpoint } from "./endpoint.ts";
import { deleteSubscription, saveSubscription } from "./queries.ts";
import { PushSubscriptionSchema, PushUnsubscribeSchema } from "./schemas.ts";

/** /api/push: this server's VAPID public key, and this browser's push subscription. */
export const pushRoutes = new Hono<AppEnv>()
	.get(
		"/public-key",
		doc({
			summary: "Get the server's Web Push key",
			tag: "Push",
			access: "read",
			errors: [401, 403],
			ok: { description: "This server's VAPID public key, for the browser's push subscription" },
		}),
		(c) => {
			requireUser(c);
			return c.json({ publicKey: c.get("config").vapid.publicKey }, 200);
		},
	)
	.post(
		"/subscriptions",
		doc({
			summary: "Save this browser's push subscription",
			tag: "Push",
			access: "session",
			errors: [400, 401, 403],
			ok: { status: 201, description: "The subscription's id (200 when it was already saved)" },
		}),
		signedIn,
		jsonBody(PushSubscriptionSchema),
		async (c) => {
			const user = requireUser(c);
			const { sid } = requireSession(c);
			const input = c.req.valid("json");
			const target = await checkEndpoint(input.endpoint, c.get("config").pushAllowedOrigins);
			if (!target.ok) throw badRequest(target.problem, { issues: [{ path: "endpoint", message: target.problem }] });
			const { id, created } = await saveSubscription(c.get("db"), { userId: user.id, sid }, input);
			return created ? c.json({ id }, 201) : c.json({ id }, 200);
		},
	)
	.delete(
		"/subscriptions",
		doc({
			summary: "Delete a push subscription",
			tag: "Push",
			access: "session",
			errors: [400, 401, 403, 404],
			ok: { description: "The subscription is deleted" },
		}),
		signedIn,
		jsonBody(PushUnsubscribeSchema),
		async (c) => {
			const user = requireUser(c);
			return c.json(await deleteSubscription(c.get("db"), user.id, c.req.valid("json").endpoint), 200);
		},
	);
