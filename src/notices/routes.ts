import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { requireUser, signedIn } from "../lib/guards.ts";
import { doc } from "../lib/openapi.ts";
import { jsonBody } from "../lib/validate.ts";
import { listNotices, markNoticesRead } from "./notices.ts";
import { MarkNoticesReadSchema } from "./schemas.ts";

/** /api/notices: what happened to the shopper's own reports (decision 0076). */
export const noticeRoutes = new Hono<AppEnv>()
	.get(
		"/",
		doc({
			summary: "List your notices",
			description:
				"What happened to your own reports: hidden by shoppers' flags, listed again or removed by a moderator. Newest first, with how many are unread.",
			tag: "Profile",
			access: "read",
			errors: [401, 403],
			ok: { description: "`notices`, newest first, and `unread`, how many of yours are unread" },
		}),
		async (c) => {
			const user = requireUser(c);
			return c.json(await listNotices(c.get("db"), user.id), 200);
		},
	)
	.post(
		"/read",
		doc({
			summary: "Mark your notices read",
			description: "The notices of `ids`, or all of yours when `ids` is left out. Ids of other shoppers' are ignored.",
			tag: "Profile",
			access: "session",
			errors: [400, 401, 403],
			ok: { description: "`unread`: how many of yours are still unread" },
		}),
		signedIn,
		jsonBody(MarkNoticesReadSchema),
		async (c) => {
			const user = requireUser(c);
			const { ids } = c.req.valid("json");
			return c.json(await markNoticesRead(c.get("db"), user.id, ids ?? null), 200);
		},
	);
