/**
 * The read API's contract (decision 0068): what /api/v1 takes and what it answers, as valibot schemas. The
 * handlers build their answers typed by these outputs, and the contract (GET /api/openapi.json) is made from
 * them, so the documented fields are the sent ones. Pure: no server code.
 */
import * as v from "valibot";
import { FUEL_PAYMENTS, FUEL_TYPES, PRICE_TYPES } from "../../db/enums.ts";
import { PRODUCT_MATCHES, type ProductMatchKind } from "../deals/schemas.ts";
import { optionalBarcode, ZIP_MAX_LENGTH, zipCharacters, zipThatResolves } from "../lib/fields.ts";

export { FUEL_TYPES };

export const NAME_MESSAGE = "name is required";
export const ZIP_MESSAGE = "zip is required";
export const FUEL_REQUIRED_MESSAGE = "fuel is required";
export const FUEL_MESSAGE = `fuel must be one of ${FUEL_TYPES.join(", ")}`;
export const CATEGORY_SLUG_MESSAGE = "category must be a category's slug, like dairy";

/** A query parameter that must be there and not blank, as the contract says (`required`). */
const required = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message));

/** The ZIP whose neighbourhood is asked about: a 5-digit ZIP must be one the map places (else 400). */
const zipParam = v.pipe(
	required(ZIP_MESSAGE),
	v.maxLength(ZIP_MAX_LENGTH, `zip must be at most ${ZIP_MAX_LENGTH} characters`),
	zipCharacters("zip"),
	zipThatResolves(),
	v.description("A US ZIP (5 digits, or ZIP+4); near means it and the 20 ZIP areas nearest to it"),
);

export const ProductPricesQuerySchema = v.pipe(
	v.object({
		name: v.pipe(
			v.optional(v.pipe(v.string(NAME_MESSAGE), v.trim()), ""),
			v.maxLength(200, "name must be at most 200 characters"),
			v.description(
				"The product's name, or some of its words: the product of that exact name (case and spacing aside) when it " +
					'has prices near the ZIP, else the best of those the words find as search does ("milk", "org milk"); ' +
					"the answer's `product` says which it used",
			),
		),
		/** A product's barcode (UPC-A, UPC-E, EAN-13 or EAN-8): its prices whatever their names; `name` may then be left out. */
		barcode: optionalBarcode(),
		zip: zipParam,
		category: v.optional(
			v.pipe(
				v.string(),
				v.trim(),
				v.regex(/^[A-Za-z0-9-]{0,60}$/, CATEGORY_SLUG_MESSAGE),
				v.toLowerCase(),
				v.description(
					"The category's slug (dairy, produce, ...; GET /api/v1/categories lists them). When left out: the category in " +
						"which the name has the most live reports near the ZIP",
				),
			),
		),
	}),
	v.forward(
		v.partialCheck([["name"], ["barcode"]], (query) => query.name !== "" || Boolean(query.barcode), NAME_MESSAGE),
		["name"],
	),
);
export type ProductPricesQuery = v.InferOutput<typeof ProductPricesQuerySchema>;

export const FuelPricesQuerySchema = v.object({
	zip: zipParam,
	fuel: v.pipe(
		v.string(FUEL_REQUIRED_MESSAGE),
		v.check((value) => value !== "", FUEL_REQUIRED_MESSAGE),
		v.picklist(FUEL_TYPES, FUEL_MESSAGE),
		v.description("The fuel: regular, premium, diesel, e85 (all by the gallon) or electric (by the kWh)"),
	),
});
export type FuelPricesQuery = v.InferOutput<typeof FuelPricesQuerySchema>;

const described = <S extends v.GenericSchema>(schema: S, text: string) => v.pipe(schema, v.description(text));
const id = (what: string) => described(v.pipe(v.number(), v.integer()), what);
const time = (what: string) => described(v.pipe(v.string(), v.isoTimestamp()), what);
const dollars = (decimals: 2 | 3) =>
	described(v.number(), `US dollars, a number with at most ${decimals} decimals (${decimals === 2 ? 3.49 : 3.459})`);
const miles = described(
	v.nullable(v.number()),
	"Miles from the asked ZIP's centre to the place's (one decimal); null where either is not on the map",
);

/** When a price was reported and last seen, and how far it can be trusted now (decision 0054). */
const freshness = {
	reportedAt: time("When the price was reported (ISO 8601, UTC)"),
	lastSeenAt: time("When it was last seen: reported, or confirmed by a shopper since"),
	confidence: described(
		v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
		"How far the price can be trusted now, 0 to 1 (two decimals): the quality check's confidence, raised by " +
			"confirmations, lowered by flags and halving every fresh period since it was last seen",
	),
	fresh: described(
		v.boolean(),
		"Seen within its kind's fresh period (a product's category: 5 to 14 days; pump fuel 1 day, charging 3)",
	),
	unusual: described(
		v.boolean(),
		"Unusual for its kind (the quality check doubts it) and not yet confirmed by another shopper; never the " +
			"`lowest`. A store's price of a product is never one",
	),
	outOfStock: described(
		v.boolean(),
		"The latest word about it is that it is unavailable (a product out of stock, a fuel sold out), with no " +
			"confirmation since; never the `lowest`. A store's price of a product is never one",
	),
	flagged: described(
		v.boolean(),
		"A shopper has flagged it as wrong and no moderator has ruled yet; never the `lowest`. A store's price of " +
			"a product is never one",
	),
};

const StoreSchema = v.object({
	id: id("The store's id"),
	name: v.string(),
	address: v.string(),
	zipCode: described(
		v.nullable(v.string()),
		"The store's ZIP: its own, else the one the app places it in (as its store card shows); null without either",
	),
	distanceMiles: miles,
});

/** What a product price asks of the shopper (decision 0093), as the app's cards say it. */
const priceTerms = {
	priceType: described(
		v.picklist(PRICE_TYPES),
		"What the price asks of the shopper: `regular`; `sale` (until `saleEnds`, when the shopper gave it); " +
			"`member`, for the store's members or loyalty-card holders only; `multi-buy`, only when buying " +
			"`multiBuy.quantity` of it",
	),
	saleEnds: described(
		v.nullable(v.pipe(v.string(), v.isoDate())),
		"A sale's last day (YYYY-MM-DD, as the shelf says it); null for any other price, or a sale without one",
	),
	multiBuy: described(
		v.nullable(
			v.object({
				quantity: described(v.pipe(v.number(), v.integer()), "How many the bundle is of (2 to 24)"),
				price: described(v.number(), "What the bundle costs, US dollars to the cent"),
			}),
		),
		"A multi-buy's bundle (\"2 for $5\": quantity 2, price 5), of which `price` is one's share, rounded to the " +
			"cent; null for any other price",
	),
};

const StorePriceSchema = v.object({
	store: StoreSchema,
	price: dollars(2),
	...priceTerms,
	...freshness,
});

const CategorySchema = v.object({
	id: id("The category's id"),
	slug: described(v.string(), "What the product route's `category` takes"),
	name: v.string(),
});

export const CategoryListSchema = v.array(
	v.object({
		...CategorySchema.entries,
		group: described(
			v.nullable(v.string()),
			"The slug of the category it sits under (dairy under groceries); null at the top. A product's prices " +
				"are of its own category: a group's slug does not take in its members' reports",
		),
	}),
);
export type CategoryList = v.InferOutput<typeof CategoryListSchema>;

export { PRODUCT_MATCHES, type ProductMatchKind };

export const ProductPricesSchema = v.object({
	product: v.object({
		name: described(v.string(), "The name as asked"),
		match: described(
			v.nullable(v.picklist(PRODUCT_MATCHES)),
			"How the product was found: `barcode`, the product of the barcode asked; `exact`, a product of that name (case and spacing aside); `words`, none has " +
				"prices near the ZIP, so the best of those whose reports have every word (each the start of one of a " +
				"report's words, as search finds them): the words in its name first, then the most reported; null when " +
				"nothing matched (the prices are then null and empty)",
		),
		matchedName: described(
			v.nullable(v.string()),
			"The name of the product the prices are of, as its newest report spells it; null when nothing matched",
		),
		candidates: described(
			v.array(v.string()),
			"Other products near the ZIP the words also find, best first (at most 10): send one as `name` for its " +
				"prices; empty when there is none",
		),
		category: described(
			v.nullable(CategorySchema),
			"The category the prices are of: the one asked, else the one the name is most reported in near the " +
				"ZIP; null when none was asked and there is no report",
		),
	}),
	zipCode: described(v.string(), "The ZIP as asked"),
	currency: v.literal("USD"),
	typical: described(
		v.nullable(
			v.object({
				price: described(
					v.number(),
					"The median of the product's live, trustworthy reports near the ZIP, to the cent (US dollars)",
				),
				reports: described(v.pipe(v.number(), v.integer()), "How many reports the median is of"),
				reportedAt: time("When the newest of them was reported"),
				lastSeenAt: time("When any of them was last seen (reported or confirmed)"),
				confidence: described(v.pipe(v.number(), v.minValue(0), v.maxValue(1)), "The median of their confidences now"),
				fresh: described(v.boolean(), "Any of them was seen within the category's fresh period"),
			}),
		),
		"null when there is no live, trustworthy report near the ZIP",
	),
	lowest: described(
		v.nullable(StorePriceSchema),
		"The cheapest current price: the first of `stores`; null when `stores` is empty",
	),
	stores: described(
		v.array(StorePriceSchema),
		"Each store's current price near the ZIP, cheapest first (at most 50): its latest report, live, " +
			"trustworthy and in stock; empty when there is none",
	),
});
export type ProductPrices = v.InferOutput<typeof ProductPricesSchema>;

export const FUEL_UNITS = ["gallon", "kWh"] as const;
const fuelUnit = described(v.picklist(FUEL_UNITS), "What the price is of: a gallon, or a kWh for electric");

const StationSchema = v.object({
	id: id("The station's id (GET /api/v1/stations/{id}/prices)"),
	name: v.string(),
	address: v.string(),
	zipCode: described(v.nullable(v.string()), "The station's ZIP; null where nobody gave one"),
});

/** Whether a fuel price is for cash or card only (decision 0093). */
const payment = described(
	v.nullable(v.picklist(FUEL_PAYMENTS)),
	"`cash` or `card` when the reporter said the price is for that payment only (a station whose cash and card " +
		"prices differ); null when it is for either",
);

const StationPriceSchema = v.object({
	station: v.object({ ...StationSchema.entries, distanceMiles: miles }),
	price: dollars(3),
	payment,
	...freshness,
});

export const FuelPricesSchema = v.object({
	zipCode: described(v.string(), "The ZIP as asked"),
	fuel: v.picklist(FUEL_TYPES),
	unit: fuelUnit,
	currency: v.literal("USD"),
	average: described(
		v.nullable(v.number()),
		"The Gas page's Area Average: the average of the current prices of the fuel at the stations near the " +
			"ZIP (unusual, sold-out and flagged ones included, as the app compares each station with it), to the " +
			"tenth of a cent; null without any",
	),
	lowest: described(
		v.nullable(StationPriceSchema),
		"The cheapest price that can be stood behind: the first of `stations` that is neither `unusual`, " +
			"`outOfStock` nor `flagged`; null when there is none",
	),
	stations: described(
		v.array(StationPriceSchema),
		"The stations near the ZIP with a current price of the fuel, cheapest first (the fresher first on a tie, " +
			"at most 100), as the Gas page lists them: each station's latest report, whatever its trust; empty when " +
			"there is none",
	),
});
export type FuelPrices = v.InferOutput<typeof FuelPricesSchema>;

export const StationPricesSchema = v.object({
	station: StationSchema,
	currency: v.literal("USD"),
	prices: described(
		v.array(
			v.object({
				fuel: v.picklist(FUEL_TYPES),
				unit: fuelUnit,
				price: dollars(3),
				payment,
				...freshness,
			}),
		),
		"The current price of each fuel with one (the latest live report), in the order regular, premium, " +
			"diesel, e85, electric; empty when none is current",
	),
});
export type StationPrices = v.InferOutput<typeof StationPricesSchema>;
