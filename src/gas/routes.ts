import { type Context, Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { requireUser, signedIn } from "../lib/guards.ts";
import { badRequest } from "../lib/http.ts";
import { cachedJson } from "../lib/json-response.ts";
import { jsonBody, queryParams } from "../lib/validate.ts";
import { takeReportSlot } from "../reports/report-limit.ts";
import { carOf } from "../users/serialize.ts";
import { fillUpOf } from "./drive.ts";
import { createGasReport, listNearbyReports } from "./reports.ts";
import { GasReportSchema, NearbyQuerySchema, RecentReportsQuerySchema } from "./schemas.ts";
import { listNearbyStations, nearbySummary } from "./stations.ts";

export const NO_GAS_ZIP_MESSAGE = "Set your zip code to see fuel prices near you.";

/** The signed-in user and their zip; every nearby view needs one (spec §7: the client shows a 400 as empty). */
function userWithZip(c: Context<AppEnv>) {
	const user = requireUser(c);
	if (!user.zipCode) throw badRequest(NO_GAS_ZIP_MESSAGE);
	return { user, zip: user.zipCode };
}

/** Gas stations and fuel price reports (mounted under /api/gas). */
export const gasRoutes = new Hono<AppEnv>()
	.post("/reports", signedIn, jsonBody(GasReportSchema), async (c) => {
		const user = requireUser(c);
		const { runtime } = c.var;
		takeReportSlot(runtime.limits.reports, runtime.config.reportsPerHour, user.id);
		return c.json(await createGasReport(runtime, user, c.req.valid("json")), 201);
	})
	.get("/nearby", signedIn, queryParams(NearbyQuerySchema), (c) => {
		const { user, zip } = userWithZip(c);
		const query = c.req.valid("query");
		const fuel = query.fuelType ?? user.preferredFuelType;
		const car = carOf(user);
		// Shoppers with the same car share an answer: only the fill-up of this fuel changes the figures.
		const { milesPerUnit, unitsPerFill } = fillUpOf(car, fuel);
		const key = `gas/nearby:${zip}:${fuel}:${query.sort}:${milesPerUnit}:${unitsPerFill}`;
		return cachedJson(c, key, () => listNearbyStations(c.get("db"), zip, fuel, query.sort, car));
	})
	.get("/summary", (c) => {
		const { zip } = userWithZip(c);
		return cachedJson(c, `gas/summary:${zip}`, () => nearbySummary(c.get("db"), zip));
	})
	.get("/reports/nearby", signedIn, queryParams(RecentReportsQuerySchema), (c) => {
		const { zip } = userWithZip(c);
		const { limit } = c.req.valid("query");
		return cachedJson(c, `gas/reports:${zip}:${limit}`, () => listNearbyReports(c.get("db"), zip, limit));
	});
