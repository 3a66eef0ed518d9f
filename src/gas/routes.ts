import { type Context, Hono } from "hono";
import { starredPlaceIds } from "../data/starred-places.ts";
import { carOf } from "../lib/car.ts";
import type { AppEnv } from "../lib/context.ts";
import { requireUser, signedIn } from "../lib/guards.ts";
import { badRequest } from "../lib/http.ts";
import { cachedJson } from "../lib/json-response.ts";
import { doc } from "../lib/openapi.ts";
import { jsonBody, queryParams } from "../lib/validate.ts";
import { takeReportSlot } from "../reports/index.ts";
import { fillUpOf } from "./drive.ts";
import { nearestStations } from "./nearest.ts";
import { createGasReport, listNearbyReports, withViewer } from "./reports.ts";
import { GasReportSchema, NearbyQuerySchema, NO_GAS_ZIP_MESSAGE, RecentReportsQuerySchema } from "./schemas.ts";
import { areaTally, listNearbyStations, nearbySummary, starredFirst } from "./stations.ts";
import { viewerMarks } from "./viewer-marks.ts";

/** The signed-in user and their zip; every nearby view needs one (spec §7: the client shows a 400 as empty). */
function userWithZip(c: Context<AppEnv>) {
	const user = requireUser(c);
	if (!user.zipCode) throw badRequest(NO_GAS_ZIP_MESSAGE);
	return { user, zip: user.zipCode };
}

const utf8 = new TextDecoder();

/**
 * A cached answer as a value, for one shopper's stars to be applied to: the cache is shared by everyone in
 * the zip, so it never holds anyone's stars. Only a shopper with starred stations pays for the parse.
 */
const cachedValue = async <T>(c: Context<AppEnv>, key: string, compute: () => T | Promise<T>): Promise<T> =>
	JSON.parse(utf8.decode(await c.var.runtime.readCache.json(key, compute))) as T;

/** Gas stations and fuel price reports (mounted under /api/gas). */
export const gasRoutes = new Hono<AppEnv>()
	.post(
		"/reports",
		doc({
			summary: "Report a fuel price",
			description:
				"Files a fuel's price at a station; the quality check may refuse it (422). A place typed like one already known nearby is asked about first (409, with the `candidate`). The same price already standing there counts as a confirmation of it, and the shopper's own same price there within a minute is answered as that report: 200, nothing created.",
			tag: "Gas",
			access: "session",
			errors: [400, 401, 403, 409, 422, 429],
			ok: { status: 201, description: "The new report, with the older reports it expired as outliers" },
		}),
		signedIn,
		jsonBody(GasReportSchema),
		async (c) => {
			const user = requireUser(c);
			const { runtime } = c.var;
			takeReportSlot(runtime.limits.reports, runtime.config.reportsPerHour, user.id);
			// The same price already standing there is counted as a confirmation of it, and the shopper's own
			// same price of a moment ago is answered as that report: 200, nothing created.
			const answer = await createGasReport(runtime, user, c.req.valid("json"));
			return answer.status === 201 ? c.json(answer.body, 201) : c.json(answer.body, 200);
		},
	)
	.get(
		"/nearby",
		doc({
			summary: "List stations near you with a fuel's prices",
			tag: "Gas",
			access: "read",
			errors: [400, 401, 403],
			ok: { description: "Stations near the shopper's ZIP, starred first, with the fuel's price and a fill-up's cost" },
		}),
		signedIn,
		queryParams(NearbyQuerySchema),
		async (c) => {
			const { user, zip } = userWithZip(c);
			const db = c.get("db");
			const { sort, fuelType, areas } = c.req.valid("query");
			const fuel = fuelType ?? user.preferredFuelType;
			const car = carOf(user);
			// Shoppers with the same car share an answer: only the fill-up of this fuel changes the figures.
			const { milesPerUnit, unitsPerFill } = fillUpOf(car, fuel);
			const key = `gas/nearby:${zip}:${areas}:${fuel}:${sort}:${milesPerUnit}:${unitsPerFill}`;
			const compute = () => listNearbyStations(db, zip, fuel, sort, car, areas);
			const starred = await starredPlaceIds(db, "station", user.id);
			if (starred.size === 0) return cachedJson(c, key, compute);
			const area = await cachedValue(c, `gas/area:${zip}:${areas}:${fuel}`, () => areaTally(db, zip, fuel, areas));
			const nearby = await cachedValue(c, key, compute);
			return c.json(await starredFirst(db, nearby, starred, { zip, fuel, sort, car, area }), 200);
		},
	)
	.get(
		"/nearest",
		doc({
			summary: "Find the nearest stations of a quiet neighbourhood",
			description:
				"When no station near the shopper's ZIP is listed: how far the nearest listed stations are, and the `areas` a nearby list reaching them asks for.",
			tag: "Gas",
			access: "read",
			errors: [400, 401, 403],
			ok: {
				description: "The nearest stations' distance, or null when the neighbourhood has one or none are in reach",
			},
		}),
		(c) => {
			const { zip } = userWithZip(c);
			return cachedJson(c, `gas/nearest:${zip}`, async () => ({ nearest: await nearestStations(c.get("db"), zip) }));
		},
	)
	.get(
		"/summary",
		doc({
			summary: "Summarize fuel prices near you",
			tag: "Gas",
			access: "read",
			errors: [400, 401, 403],
			ok: { description: "Each fuel's average near the shopper's ZIP, the stations tracked and the week's reports" },
		}),
		(c) => {
			const { zip } = userWithZip(c);
			return cachedJson(c, `gas/summary:${zip}`, () => nearbySummary(c.get("db"), zip));
		},
	)
	.get(
		"/reports/nearby",
		doc({
			summary: "List recent fuel reports near you",
			tag: "Gas",
			access: "read",
			errors: [400, 401, 403],
			ok: { description: "The newest fuel reports near the shopper's ZIP, with the shopper's own word on each" },
		}),
		signedIn,
		queryParams(RecentReportsQuerySchema),
		async (c) => {
			const { user, zip } = userWithZip(c);
			const db = c.get("db");
			const { limit } = c.req.valid("query");
			const key = `gas/reports:${zip}:${limit}`;
			const compute = () => listNearbyReports(db, zip, limit);
			// The shared list holds nobody's stars, authorship or word: the viewer's are applied to it here. Its
			// ids are cached beside it, so a shopper with none of them is answered the cached text as it is.
			const ids = await cachedValue(c, `${key}:ids`, async () => (await cachedValue(c, key, compute)).map((r) => r.id));
			const marks = await viewerMarks(db, ids, user.id);
			const starred = await starredPlaceIds(db, "station", user.id);
			if (starred.size === 0 && marks.size === 0) return cachedJson(c, key, compute);
			const reports = (await cachedValue(c, key, compute)).map((r) =>
				withViewer(r, starred.has(r.stationId), marks.get(r.id), user),
			);
			return c.json(reports, 200);
		},
	);
