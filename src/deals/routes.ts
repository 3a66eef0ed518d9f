import { type Context, Hono } from "hono";
import { categoryBySlug } from "../data/categories.ts";
import type { AppEnv } from "../lib/context.ts";
import { requireUser, signedIn } from "../lib/guards.ts";
import { badRequest, notFound } from "../lib/http.ts";
import { cachedJson } from "../lib/json-response.ts";
import { doc } from "../lib/openapi.ts";
import { jsonBody, queryParams } from "../lib/validate.ts";
import { takeReportSlot } from "../reports/index.ts";
import { NOT_YOUR_PHOTO_MESSAGE, resolveOwnUpload } from "../uploads/index.ts";
import { CATEGORY_NOT_FOUND, listCategories } from "./categories.ts";
import { nearestReports } from "./nearest.ts";
import { liveReportFor, REPORT_NOT_FOUND } from "./report-page.ts";
import { createPriceReport } from "./reports.ts";
import {
	NearestQuerySchema,
	NO_SEARCH_ZIP_MESSAGE,
	PriceReportSchema,
	SearchQuerySchema,
	StoresQuerySchema,
} from "./schemas.ts";
import { searchReports } from "./search.ts";
import { storesInZip } from "./stores.ts";
import { takeDeal, toggleUpvote } from "./votes.ts";

const reportId = (raw: string) => {
	if (!/^\d{1,12}$/.test(raw)) throw notFound(REPORT_NOT_FOUND);
	return Number(raw);
};

/** /api/categories: the category taxonomy with its tags. */
export const categoryRoutes = new Hono<AppEnv>().get(
	"/",
	doc({
		summary: "List the categories",
		tag: "Deals",
		access: "read",
		errors: [401, 403],
		ok: { description: "The category taxonomy, each category with its tags and group" },
	}),
	(c) => {
		requireUser(c);
		return cachedJson(c, "categories", () => listCategories(c.get("db")));
	},
);

/** /api/price-reports: reporting a price, one deal (a notification's link), upvotes and deals taken. */
export const priceReportRoutes = new Hono<AppEnv>()
	.get(
		"/:id",
		doc({
			summary: "Get a price report",
			tag: "Deals",
			access: "read",
			errors: [401, 403, 404],
			ok: { description: "The live report as search lists it (404 once it is expired or withdrawn)" },
		}),
		signedIn,
		async (c) => {
			const user = requireUser(c);
			return c.json(await liveReportFor(c.get("db"), reportId(c.req.param("id")), user), 200);
		},
	)
	.post(
		"/",
		doc({
			summary: "Report a price",
			description:
				"Files a product's price at a store; the quality check may refuse it (422). A place typed like one already known nearby is asked about first (409, with the `candidate`). The same price already standing there counts as a confirmation of it, and the shopper's own same price there within a minute is answered as that report: 200, nothing created.",
			tag: "Deals",
			access: "session",
			errors: [400, 401, 403, 409, 422, 429],
			ok: { status: 201, description: "The new report, with the older reports it expired as outliers" },
		}),
		signedIn,
		jsonBody(PriceReportSchema),
		async (c) => {
			const user = requireUser(c);
			const input = c.req.valid("json");
			let imageUrl: string | null = null;
			if (input.imageUrl) {
				imageUrl = resolveOwnUpload(c.get("config"), input.imageUrl, user.id);
				if (!imageUrl) throw badRequest(NOT_YOUR_PHOTO_MESSAGE);
			}
			const { runtime } = c.var;
			takeReportSlot(runtime.limits.reports, runtime.config.reportsPerHour, user.id);
			// The same price already standing there is counted as a confirmation of it, and the shopper's own
			// same price of a moment ago is answered as that report: 200, nothing created.
			const answer = await createPriceReport(runtime, user, input, imageUrl);
			return answer.status === 201 ? c.json(answer.body, 201) : c.json(answer.body, 200);
		},
	)
	.post(
		"/:id/upvote",
		doc({
			summary: "Upvote a price report, or take the upvote back",
			tag: "Deals",
			access: "session",
			errors: [401, 403, 404, 409],
			ok: { description: "Whether the shopper now upvotes it, and its upvote count" },
		}),
		async (c) => {
			const user = requireUser(c);
			return c.json(await toggleUpvote(c.get("db"), user.id, reportId(c.req.param("id"))), 200);
		},
	)
	.post(
		"/:id/take-deal",
		doc({
			summary: "Take a deal",
			description: "Records that the shopper bought at this price, and what they saved against the typical price.",
			tag: "Deals",
			access: "session",
			errors: [401, 403, 404, 409],
			ok: { description: "The deal taken, with its savings" },
		}),
		async (c) => {
			const user = requireUser(c);
			return c.json(await takeDeal(c.get("db"), user, reportId(c.req.param("id"))), 200);
		},
	);

/** /api/stores: suggestions for the report form. */
// Suggestions for the report form: stores reported in the zip the report will count in (the shopper's own,
// or the vacation zip they typed); none without a zip.
export const storeRoutes = new Hono<AppEnv>().get(
	"/",
	doc({
		summary: "List the stores reported in a ZIP",
		tag: "Deals",
		access: "read",
		errors: [400, 401, 403],
		ok: { description: "Stores reported in the ZIP given or the shopper's (none without a ZIP)" },
	}),
	signedIn,
	queryParams(StoresQuerySchema),
	(c) => {
		const user = requireUser(c);
		const zip = c.req.valid("query").zipCode ?? user.zipCode;
		if (!zip) return c.json([], 200);
		return cachedJson(c, `stores:${zip}`, () => storesInZip(c.get("db"), zip));
	},
);

/** Where a search looks and what it filters by: the zip asked for or the shopper's, and a known category. */
async function searchWhere(c: Context<AppEnv>, query: { zipCode: string | null; category?: string | undefined }) {
	const user = requireUser(c);
	const zip = query.zipCode ?? user.zipCode;
	if (!zip) throw badRequest(NO_SEARCH_ZIP_MESSAGE);
	const category = query.category ?? null;
	if (category && !(await categoryBySlug(c.get("db"), category))) throw badRequest(CATEGORY_NOT_FOUND);
	return { user, zip, category };
}

/** /api/search: deals near the shopper, and how far a quiet neighbourhood's nearest are. */
export const searchRoutes = new Hono<AppEnv>()
	.get(
		"/",
		doc({
			summary: "Search deals near a ZIP",
			tag: "Deals",
			access: "read",
			errors: [400, 401, 403],
			ok: { description: "Live reports matching the search near the ZIP, a page at a time" },
		}),
		signedIn,
		queryParams(SearchQuerySchema),
		async (c) => {
			const query = c.req.valid("query");
			const { user, zip, category } = await searchWhere(c, query);
			const results = await searchReports(
				c.get("db"),
				{ ...query, category, zip, viewerId: user.id },
				c.var.runtime.search,
			);
			return c.json(results, 200);
		},
	)
	.get(
		"/nearest",
		doc({
			summary: "Find the nearest reports of a search",
			description: "For a quiet neighbourhood: how far the nearest matching reports are.",
			tag: "Deals",
			access: "read",
			errors: [400, 401, 403],
			ok: { description: "The nearest matching reports' distance, or null when there are none" },
		}),
		signedIn,
		queryParams(NearestQuerySchema),
		async (c) => {
			const query = c.req.valid("query");
			const { zip, category } = await searchWhere(c, query);
			return c.json(
				{ nearest: await nearestReports(c.get("db"), { q: query.q, category, barcode: query.barcode, zip }) },
				200,
			);
		},
	);
