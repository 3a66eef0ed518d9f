import { Hono } from "hono";
import { categoryName } from "../data/price-history.ts";
import { NO_SEARCH_ZIP_MESSAGE } from "../deals/index.ts";
import { NO_GAS_ZIP_MESSAGE } from "../gas/index.ts";
import type { AppEnv } from "../lib/context.ts";
import { requireUser, signedIn } from "../lib/guards.ts";
import { badRequest, notFound } from "../lib/http.ts";
import { doc } from "../lib/openapi.ts";
import { jsonBody, queryParams } from "../lib/validate.ts";
import { barcodeParam, correctDetails } from "./product-details.ts";
import { CATEGORY_NOT_FOUND, productHistory } from "./products.ts";
import {
	AreaTrendQuerySchema,
	LastPaidQuerySchema,
	ProductDetailsSchema,
	ProductHistoryQuerySchema,
	StationHistoryQuerySchema,
} from "./schemas.ts";
import { STATION_NOT_FOUND, stationHistory } from "./stations.ts";
import { areaTrend } from "./trend.ts";
import { youPaid } from "./you-paid.ts";

const stationId = (raw: string) => {
	if (!/^\d{1,12}$/.test(raw)) throw notFound(STATION_NOT_FOUND);
	return Number(raw);
};

/** /api/products: a product's price history near the shopper, and what they paid for it last. */
export const productRoutes = new Hono<AppEnv>()
	.get(
		"/history",
		doc({
			summary: "Get a product's price history near a ZIP",
			tag: "History",
			access: "read",
			errors: [400, 401, 403],
			ok: { description: "Prices per store and the median over the days asked, with the lowest, typical and highest" },
		}),
		signedIn,
		queryParams(ProductHistoryQuerySchema),
		async (c) => {
			const user = requireUser(c);
			const query = c.req.valid("query");
			const zipCode = query.zipCode ?? user.zipCode;
			if (!zipCode) throw badRequest(NO_SEARCH_ZIP_MESSAGE);
			return c.json(await productHistory(c.get("db"), { ...query, zipCode }, user.id), 200);
		},
	)
	.get(
		"/last-paid",
		doc({
			summary: "Get what you paid for a product last",
			tag: "History",
			access: "read",
			errors: [400, 401, 403],
			ok: {
				description:
					"Your last price paid for the product (a report or a deal taken) against the typical price now, or null",
			},
		}),
		signedIn,
		queryParams(LastPaidQuerySchema),
		async (c) => {
			const user = requireUser(c);
			const query = c.req.valid("query");
			const zipCode = query.zipCode ?? user.zipCode;
			const db = c.get("db");
			if ((await categoryName(db, query.categoryId)) === null) throw badRequest(CATEGORY_NOT_FOUND);
			return c.json({ youPaid: await youPaid(db, user.id, { ...query, zipCode }) }, 200);
		},
	)
	.put(
		"/:barcode",
		doc({
			summary: "Correct a product known by its barcode: its name, brand and size",
			tag: "History",
			access: "session",
			errors: [400, 401, 403, 404],
			ok: { description: "The product's barcode, name, brand and size now" },
		}),
		signedIn,
		jsonBody(ProductDetailsSchema),
		async (c) => {
			const user = requireUser(c);
			const gtin = barcodeParam(c.req.param("barcode"));
			return c.json(correctDetails(c.get("db"), gtin, c.req.valid("json"), user.id), 200);
		},
	);

/** /api/gas/stations: one station's price history. */
export const stationHistoryRoutes = new Hono<AppEnv>().get(
	"/:id/history",
	doc({
		summary: "Get a station's price history",
		tag: "History",
		access: "read",
		errors: [400, 401, 403, 404],
		ok: { description: "The station with each fuel's prices over the days asked" },
	}),
	signedIn,
	queryParams(StationHistoryQuerySchema),
	async (c) => {
		const user = requireUser(c);
		const history = await stationHistory(c.get("db"), stationId(c.req.param("id")), c.req.valid("query"), user);
		if (!history) throw notFound(STATION_NOT_FOUND);
		return c.json(history, 200);
	},
);

/** /api/gas/trend: the area average near the shopper over the trend's days (TREND_DAYS). */
export const areaTrendRoutes = new Hono<AppEnv>().get(
	"/",
	doc({
		summary: "Get the fuel price trend near you",
		tag: "History",
		access: "read",
		errors: [400, 401, 403],
		ok: { description: "The area's average price of a fuel per day, over the trend's days" },
	}),
	signedIn,
	queryParams(AreaTrendQuerySchema),
	async (c) => {
		const user = requireUser(c);
		if (!user.zipCode) throw badRequest(NO_GAS_ZIP_MESSAGE);
		const fuel = c.req.valid("query").fuelType ?? user.preferredFuelType;
		return c.json(await areaTrend(c.get("db"), user.zipCode, fuel), 200);
	},
);
