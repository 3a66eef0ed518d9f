import { Hono } from "hono";
import { STATION_NOT_FOUND } from "../history/index.ts";
import { carOf } from "../lib/car.ts";
import type { AppEnv } from "../lib/context.ts";
import { requireUser, signedIn } from "../lib/guards.ts";
import { badRequest, notFound } from "../lib/http.ts";
import { doc } from "../lib/openapi.ts";
import { queryParams } from "../lib/validate.ts";
import { LIST_NOT_FOUND, listPlan, NO_PLAN_ZIP_MESSAGE, PlanQuerySchema } from "../lists/index.ts";
import { categoryList } from "./categories.ts";
import { fuelPrices, stationPrices } from "./fuel.ts";
import { productPrices } from "./products.ts";
import {
	CategoryListSchema,
	FuelPricesQuerySchema,
	FuelPricesSchema,
	ProductPricesQuerySchema,
	ProductPricesSchema,
	StationPricesSchema,
} from "./schemas.ts";

const TAG = "Read API v1";

const listIdParam = (raw: string) => {
	if (!/^\d{1,12}$/.test(raw)) throw notFound(LIST_NOT_FOUND);
	return Number(raw);
};
/** A signed-in shopper by cookie or personal access token; a token's requests are throttled (429). */
const READ = { tag: TAG, access: "read" } as const;

/** /api/v1: the versioned read API for integrations (pantry apps, Home Assistant; decision 0068). */
export const v1Routes = new Hono<AppEnv>()
	.get(
		"/categories",
		doc({
			...READ,
			summary: "List the product categories and their slugs",
			errors: [401, 403, 429],
			ok: { description: "Every category, in the taxonomy's order", schema: CategoryListSchema },
		}),
		signedIn,
		async (c) => c.json(await categoryList(c.var.db), 200),
	)
	.get(
		"/products/prices",
		doc({
			...READ,
			summary: "A product's typical and lowest price near a ZIP, and each store's",
			description:
				"The typical price is the median of the product's live, trustworthy reports near the ZIP (it and its " +
				"20 nearest ZIP areas); the stores' prices are each store's latest such report in stock, cheapest first. " +
				"The product is the one of that exact name, else the best of those its words find as search does; " +
				"`product` says which, with the other candidates. Nothing matching there is a 200 with null prices and no stores.",
			errors: [400, 401, 403, 429],
			ok: { description: "The prices, with when each was reported and last seen", schema: ProductPricesSchema },
		}),
		signedIn,
		queryParams(ProductPricesQuerySchema),
		async (c) => c.json(await productPrices(c.var.db, c.req.valid("query"), requireUser(c).id), 200),
	)
	.get(
		"/fuel/prices",
		doc({
			...READ,
			summary: "Fuel prices near a ZIP, cheapest first, with the area's average",
			errors: [400, 401, 403, 429],
			ok: { description: "The stations near the ZIP with a price of the fuel", schema: FuelPricesSchema },
		}),
		signedIn,
		queryParams(FuelPricesQuerySchema),
		async (c) => {
			const { zip, fuel } = c.req.valid("query");
			return c.json(await fuelPrices(c.var.db, zip, fuel, carOf(requireUser(c))), 200);
		},
	)
	.get(
		"/stations/:id/prices",
		doc({
			...READ,
			summary: "A station's current price of each fuel",
			errors: [401, 403, 404, 429],
			ok: { description: "The station and its current prices", schema: StationPricesSchema },
		}),
		signedIn,
		async (c) => {
			const raw = c.req.param("id");
			const prices = /^\d{1,12}$/.test(raw) ? await stationPrices(c.var.db, Number(raw)) : null;
			if (!prices) throw notFound(STATION_NOT_FOUND);
			return c.json(prices, 200);
		},
	)
	.get(
		"/lists/:id/plan",
		doc({
			...READ,
			summary: "Your shopping list's plan: the cheapest store, and pair of stores, near a ZIP with the drive",
			description:
				"The same plan as the app's list page (decision 0092): each item at each store's current offer, compared " +
				"by size, the cheapest single store and pair, and the drive's cost in your car. `zipCode` defaults to yours.",
			errors: [400, 401, 403, 404, 429],
			ok: { description: "The single store and the pair, their totals, drives and savings, and which to take" },
		}),
		signedIn,
		queryParams(PlanQuerySchema),
		async (c) => {
			const user = requireUser(c);
			const zipCode = c.req.valid("query").zipCode ?? user.zipCode;
			if (!zipCode) throw badRequest(NO_PLAN_ZIP_MESSAGE);
			return c.json(await listPlan(c.var.db, user, listIdParam(c.req.param("id")), zipCode), 200);
		},
	);
