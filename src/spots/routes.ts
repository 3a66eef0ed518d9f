import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { requireUser } from "../lib/guards.ts";
import { notFound } from "../lib/http.ts";
import { doc } from "../lib/openapi.ts";
import { listSpots, STATION_NOT_FOUND, STORE_NOT_FOUND, star, unstar } from "./queries.ts";

/** An id in the path; anything else names no spot (404, as an unknown id does). */
const spotId = (raw: string, message: string) => {
	if (!/^\d{1,12}$/.test(raw)) throw notFound(message);
	return Number(raw);
};
const storeId = (raw: string) => spotId(raw, STORE_NOT_FOUND);
const stationId = (raw: string) => spotId(raw, STATION_NOT_FOUND);

/** /api/spots: the stores and stations the shopper starred ("my spots"). PUT stars, DELETE unstars; both idempotent. */
export const spotRoutes = new Hono<AppEnv>()
	.get(
		"/",
		doc({
			summary: "List your starred stores and stations",
			tag: "Spots",
			access: "read",
			errors: [401, 403],
			ok: { description: "Your starred stores and stations" },
		}),
		async (c) => {
			const user = requireUser(c);
			return c.json(await listSpots(c.get("db"), user.id), 200);
		},
	)
	.put(
		"/stores/:id",
		doc({
			summary: "Star a store",
			tag: "Spots",
			access: "session",
			errors: [400, 401, 403, 404],
			ok: { description: "The store is starred (also when it already was)" },
		}),
		async (c) => {
			const user = requireUser(c);
			return c.json(await star(c.get("db"), "store", user.id, storeId(c.req.param("id"))), 200);
		},
	)
	.delete(
		"/stores/:id",
		doc({
			summary: "Unstar a store",
			tag: "Spots",
			access: "session",
			errors: [401, 403, 404],
			ok: { description: "The store is not starred (also when it was not)" },
		}),
		async (c) => {
			const user = requireUser(c);
			return c.json(await unstar(c.get("db"), "store", user.id, storeId(c.req.param("id"))), 200);
		},
	)
	.put(
		"/stations/:id",
		doc({
			summary: "Star a station",
			tag: "Spots",
			access: "session",
			errors: [400, 401, 403, 404],
			ok: { description: "The station is starred (also when it already was)" },
		}),
		async (c) => {
			const user = requireUser(c);
			return c.json(await star(c.get("db"), "station", user.id, stationId(c.req.param("id"))), 200);
		},
	)
	.delete(
		"/stations/:id",
		doc({
			summary: "Unstar a station",
			tag: "Spots",
			access: "session",
			errors: [401, 403, 404],
			ok: { description: "The station is not starred (also when it was not)" },
		}),
		async (c) => {
			const user = requireUser(c);
			return c.json(await unstar(c.get("db"), "station", user.id, stationId(c.req.param("id"))), 200);
		},
	);
