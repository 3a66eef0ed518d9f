/**
 * What differs between a product's price and a fuel's, and nothing else: the unit it is counted in (cents,
 * or mills: thousandths of a dollar), how messages write it, its sane bounds, which recent reports make its
 * consensus, how long it lives and where it is stored. The pipeline (check.ts, expiry.ts, the writes) is
 * written once over these two descriptors.
 */
import type { FuelType } from "../../db/enums.ts";
import type { Db } from "../db.ts";
import type { PriceUnit } from "../lib/errors.ts";
import { centsToNumber, formatCents, formatMills, millsToNumber } from "../lib/money.ts";
import { normalizeText } from "../lib/normalize.ts";
import { DAY_MS } from "../lib/time.ts";
import { categoryBounds, fuelBounds } from "./bounds.ts";
import type { Bounds } from "./consensus.ts";
import {
	type AgeRange,
	categorySlugs,
	fuelHistory,
	type HistoryRow,
	productHistory,
	type ReportTable,
} from "./reports.sql.ts";

/** A kind of price, by `Key`: what identifies "the same thing, nearby" (a product and place, a fuel and place). */
export type Market<Key> = {
	unit: PriceUnit;
	/** A price as messages write it: "$3.49" for a product, "$3.459" for fuel. */
	format: (units: number) => string;
	/** A price as the API answers it, in dollars. */
	toDollars: (units: number) => number;
	/** The sane range that decides where history is too thin for a consensus. */
	bounds: (key: Key) => Bounds;
	/** What the model is told was priced. */
	subject: (key: Key) => { product: string; category: string };
	/** The recent live reports of the same thing nearby, newest first: what the consensus is made of. */
	history: (db: Db, key: Key, now?: number) => HistoryRow[];
	table: ReportTable;
	/** The age sweep's ranges: how old a price may get before it expires. */
	maxAges: (db: Db) => AgeRange[];
};

/** A product report's key: the product as typed and normalised, its category, and the zip it counts in. */
export type ProductKey = {
	productName: string;
	normalizedName: string;
	categoryId: number;
	category: { slug: string; name: string };
	zip: string;
};
export type FuelKey = { fuel: FuelType; zip: string };

export const productKey = (
	report: { productName: string; categoryId: number },
	category: { slug: string; name: string },
	zip: string,
): ProductKey => ({
	productName: report.productName,
	normalizedName: normalizeText(report.productName),
	categoryId: report.categoryId,
	category: { slug: category.slug, name: category.name },
	zip,
});

/**
 * Prices go stale. Product reports expire after an age that suits their kind: restaurant specials change
 * fastest, electronics slowest, everything else in a month.
 */
export const MAX_AGE_DAYS = { restaurants: 14, electronics: 60, default: 30 } as const;
/** Pump prices move within days: a week-old fuel price is no longer a price anyone can get. */
export const FUEL_MAX_AGE_DAYS = 7;

/** How far back a product's consensus looks; fuel's looks back as far as a fuel price lives. */
const PRODUCT_HISTORY_DAYS = 60;
/** At most this many recent reports make a consensus. */
const HISTORY_LIMIT = 200;

/** How long a product price of this category lives. */
export const maxAgeDays = (slug: string) =>
	slug === "restaurants"
		? MAX_AGE_DAYS.restaurants
		: slug === "electronics"
			? MAX_AGE_DAYS.electronics
			: MAX_AGE_DAYS.default;

export const PRODUCTS: Market<ProductKey> = {
	unit: "cents",
	format: formatCents,
	toDollars: centsToNumber,
	bounds: ({ category }) => categoryBounds(category.slug, category.name),
	subject: ({ productName, category }) => ({ product: productName, category: category.name }),
	history: (db, key, now = Date.now()) => productHistory(db, key, now - PRODUCT_HISTORY_DAYS * DAY_MS, HISTORY_LIMIT),
	table: "price_reports",
	maxAges: (db) => categorySlugs(db).map(({ id, slug }) => ({ category: id, days: maxAgeDays(slug) })),
};

export const FUEL: Market<FuelKey> = {
	unit: "mills",
	format: formatMills,
	toDollars: millsToNumber,
	bounds: ({ fuel }) => fuelBounds(fuel),
	subject: ({ fuel }) => ({ product: fuelBounds(fuel).label, category: "Fuel" }),
	history: (db, key, now = Date.now()) => fuelHistory(db, key, now - FUEL_MAX_AGE_DAYS * DAY_MS, HISTORY_LIMIT),
	table: "gas_price_reports",
	maxAges: () => [{ days: FUEL_MAX_AGE_DAYS }],
};

/** Both kinds, for what runs over every report (the age sweep). */
export const MARKETS = [PRODUCTS, FUEL] as const;
