/**
 * What the feed shows of a report (decision 0062): its card's fields, the product's typical price near the
 * shopper and how far below it the price is, and whether it is a good deal there.
 */
import { type FeedRow, type ProductStats, productStats } from "../data/feed-rows.ts";
import type { Db } from "../db.ts";
import { termsJson } from "../deals/index.ts";
import { centsToNumber } from "../lib/money.ts";
import { DAY_MS } from "../lib/time.ts";
import { GOOD_DEAL_DAYS, GOOD_DEAL_MIN_PRICES, median, trustOf, withinLow } from "../reports/index.ts";

/** How many items a list of the feed holds. */
export const FEED_LIST = 5;
/** A drop is priced at least this many percent below its product's typical price... */
export const DROP_MIN_PERCENT = 5;
/** ...the median of its trustworthy prices near the shopper over this many days... */
export const TYPICAL_DAYS = 30;
/** ...of which there are at least this many: fewer say too little of what the product costs. */
export const TYPICAL_MIN_PRICES = 5;

/**
 * One report as the feed shows it: enough to draw its card and open its product page, with what its price asks
 * (a sale, a member price, a multi-buy's bundle) as a search's card has it, so none passes for a regular price.
 */
export type FeedItem = ReturnType<typeof termsJson> & {
	reportId: number;
	productName: string;
	/** The product's barcode (a normalised GTIN): its history is found by it. */
	barcode: string | null;
	categoryId: number;
	/** Dollars, two decimals; a multi-buy's is one's share of its bundle (`multiBuy`). */
	price: number;
	store: { id: number; name: string };
	/** Miles from the feed's zip (one decimal); null when either place is not on the map. */
	distanceMiles: number | null;
	createdAt: string;
	/** The product's typical price near the feed's zip (TYPICAL_DAYS' median); null on too short a history. */
	typicalPrice: number | null;
	/** Whole percent below the typical price, when at least DROP_MIN_PERCENT; else null. */
	dropPercent: number | null;
	/** A good deal near the feed's zip (src/reports/good-deal.ts). */
	goodDeal: boolean;
};

/** A product as the feed tells products apart: its category and normalised name. */
export const productKey = (r: FeedRow) => `${r.categoryId}:${r.normalizedName}`;

/** A price the feed may put forward: nothing flagged, no unusual price nobody confirmed, nothing out of stock. */
export function standsUp(r: FeedRow): boolean {
	const trust = trustOf(r, 1);
	return !trust.flagged && !trust.unconfirmedUnusual && !trust.outOfStock && r.availability !== "out-of-stock";
}

/** The first FEED_LIST of `rows`, one per product. */
export function onePerProduct(rows: readonly FeedRow[]): FeedRow[] {
	const seen = new Set<string>();
	const out: FeedRow[] = [];
	for (const r of rows) {
		if (out.length >= FEED_LIST) break;
		if (seen.has(productKey(r))) continue;
		seen.add(productKey(r));
		out.push(r);
	}
	return out;
}

/** What a product costs near the shopper: its typical price (cents; null on too short a history), its low. */
export type ProductCost = { typicalCents: number | null; low: ProductStats | null };

/**
 * Adds to `costs` what each product of `rows` it does not hold yet costs near the places (JSON): one read of the
 * products' history over the good deal's window, which holds the typical price's.
 */
export async function addProductCosts(
	db: Db,
	costs: Map<string, ProductCost>,
	rows: readonly FeedRow[],
	places: string,
	now: number,
) {
	const keys = [...new Set(rows.map(productKey))].filter((key) => !costs.has(key));
	const products = keys.map((key) => {
		const at = key.indexOf(":");
		return [key.slice(at + 1), Number(key.slice(0, at))] as const;
	});
	const since = now - Math.max(GOOD_DEAL_DAYS, TYPICAL_DAYS) * DAY_MS;
	const stats = await productStats(db, products, { places, since, recentSince: now - TYPICAL_DAYS * DAY_MS });
	keys.forEach((key, i) => {
		const low = stats[i] ?? null;
		const recent = low?.recent ?? [];
		costs.set(key, { typicalCents: recent.length >= TYPICAL_MIN_PRICES ? median(recent) : null, low });
	});
	return costs;
}

/**
 * A good deal near the shopper, by src/reports/good-deal.ts's rule: a price that stands up, within its percentage
 * of the product's low over its window, on enough prices (goodDealIds would read the low again).
 */
export function isGoodDeal(r: FeedRow, cost: ProductCost | undefined): boolean {
	const low = cost?.low;
	return Boolean(low && low.prices >= GOOD_DEAL_MIN_PRICES && withinLow(r.priceCents, low.lowCents) && standsUp(r));
}

/** Whole percent below `typical`, when at least DROP_MIN_PERCENT (integers decide: no float rounds a cent). */
export function dropPercentOf(cents: number, typical: number | null | undefined): number | null {
	if (typical === null || typical === undefined || cents * 100 > typical * (100 - DROP_MIN_PERCENT)) return null;
	return Math.round(((typical - cents) * 100) / typical);
}

/** What shapes a row into an item: what its product costs near the shopper, and the miles to the row's place. */
export type Shaping = { costs: Map<string, ProductCost>; miles: (r: FeedRow) => number | null };

export function toItem(r: FeedRow, { costs, miles }: Shaping): FeedItem {
	const cost = costs.get(productKey(r));
	const typical = cost?.typicalCents ?? null;
	return {
		reportId: r.id,
		productName: r.productName,
		barcode: r.barcode,
		categoryId: r.categoryId,
		price: centsToNumber(r.priceCents),
		...termsJson(r),
		store: { id: r.storeId, name: r.storeName },
		distanceMiles: miles(r),
		createdAt: new Date(r.createdAt).toISOString(),
		typicalPrice: typical === null ? null : centsToNumber(Math.round(typical)),
		dropPercent: dropPercentOf(r.priceCents, typical),
		goodDeal: isGoodDeal(r, cost),
	};
}
