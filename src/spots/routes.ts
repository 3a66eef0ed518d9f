import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { requireUser } from "../lib/guards.ts";
import { notFound } from "../lib/http.ts";
import {
	listSpots,
	STATION_NOT_FOUND,
	STORE_NOT_FOUND,
	starStation,
	starStore,
	unstarStation,
	unstarStore,
} from "./queries.ts";

/** An id in the path; anything else names no spot (404, as an unknown id does). */
const spotId = (raw: string, message: string) => {
	if (!/^\d{1,12}$/.test(raw)) throw notFound(message);
	return Number(raw);
};
const storeId = (raw: string) => spotId(raw, STORE_NOT_FOUND);
const stationId = (raw: string) => spotId(raw, STATION_NOT_FOUND);

/** /api/spots: the stores and stations the shopper starred ("my spots"). PUT stars, DELETE unstars; both idempotent. */
export const spotRoutes = new Hono<AppEnv>()
	.get("/", (c) => {
		const user = requireUser(c);
		return c.json(listSpots(c.get("db"), user.id), 200);
	})
	.put("/stores/:id", (c) => {
		const user = requireUser(c);
		return c.json(starStore(c.get("db"), user.id, storeId(c.req.param("id"))), 200);
	})
	.delete("/stores/:id", (c) => {
		const user = requireUser(c);
		return c.json(unstarStore(c.get("db"), user.id, storeId(c.req.param("id"))), 200);
	})
	.put("/stations/:id", (c) => {
		const user = requireUser(c);
		return c.json(starStation(c.get("db"), user.id, stationId(c.req.param("id"))), 200);
	})
	.delete("/stations/:id", (c) => {
		const user = requireUser(c);
		return c.json(unstarStation(c.get("db"), user.id, stationId(c.req.param("id"))), 200);
	});
