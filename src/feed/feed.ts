/**
 * The home feed (issue 42, decision 0062): what is good near a shopper today. Every list is drawn from the
 * newest live reports near the shopper, read from the search index as a search of every top category's filter
 * term across the neighbourhood's places (no word: each live report holds exactly one top category term).
 */
import type { Db } from "../db.ts";
import { indexPageIds } from "../deals/deals.sql.ts";
import { type NearestReports, nearestReports } from "../deals/nearest.ts";
import { placeCell } from "../deals/search.ts";
import { centsToNumber } from "../lib/money.ts";
import { DAY_MS } from "../lib/time.ts";
import { milesBetween, type NearPlace, neighbourhood, roundMiles } from "../lib/zip.ts";
import { median } from "../reports/consensus.ts";
import { goodDealIds } from "../reports/good-deal.ts";
import { filterTerm } from "../reports/search-text.ts";
import { trustOf } from "../reports/trust.ts";
import { type FeedRow, feedRows, liveHitReportIds, productPrices, topCategorySlugs } from "./feed.sql.ts";

/** How many items a list of the feed holds. */
export const FEED_LIST = 5;
/**
 * How many of the newest live reports near the shopper every list is drawn from: in the busiest neighbourhoods
 * a day brings more, and the drops of today are then those of its latest hours.
 */
export const FEED_POOL = 200;
/** A drop is a report of the last day... */
export const DROP_WINDOW_MS = DAY_MS;
/** ...priced at least this many percent below its product's typical price... */
export const DROP_MIN_PERCENT = 5;
/** ...the median of its trustworthy prices near the shopper over this many days... */
export const TYPICAL_DAYS = 30;
/** ...of which there are at least this many: fewer say too little of what the product costs. */
export const TYPICAL_MIN_PRICES = 5;
/** How many of each alert's latest hits are looked at for the shopper's list. */
const HITS_PER_ALERT = 10;

/** One report as the feed shows it: enough to draw its card and open its product page. */
export type FeedItem = {
	reportId: number;
	productName: string;
	categoryId: number;
	/** Dollars, two decimals. */
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

/** The part of the feed that is the same for everyone in a neighbourhood (cached per zip and areas). */
export type AreaFeed = {
	drops: FeedItem[];
	newest: FeedItem[];
	goodDeals: FeedItem[];
	/** When all three lists are empty: how far the nearest reports are; else null. */
	nearest: NearestReports | null;
};

const productKey = (r: FeedRow) => `${r.categoryId}:${r.normalizedName}`;

/** A price the feed may put forward: nothing flagged, no unusual price nobody confirmed, nothing out of stock. */
function standsUp(r: FeedRow): boolean {
	const trust = trustOf(r, 1);
	return r.flagCount === 0 && !trust.unconfirmedUnusual && !trust.outOfStock && r.availability !== "out-of-stock";
}

/** The first `FEED_LIST` of `rows`, one per product. */
function onePerProduct(rows: readonly FeedRow[]): FeedRow[] {
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

/** The typical price (cents, a median) of each product of `rows` near the places, keyed by productKey. */
function typicalPrices(db: Db, rows: readonly FeedRow[], places: string, now: number): Map<string, number> {
	const keys = [...new Set(rows.map(productKey))];
	const products = keys.map((key) => {
		const at = key.indexOf(":");
		return [key.slice(at + 1), Number(key.slice(0, at))] as const;
	});
	const prices = productPrices(db, products, { places, since: now - TYPICAL_DAYS * DAY_MS });
	const typical = new Map<string, number>();
	keys.forEach((key, i) => {
		const list = prices[i]!;
		if (list.length >= TYPICAL_MIN_PRICES) typical.set(key, median(list));
	});
	return typical;
}

/** Whole percent below `typical`, when at least DROP_MIN_PERCENT (integers decide: no float rounds a cent). */
function dropPercentOf(cents: number, typical: number | undefined): number | null {
	if (typical === undefined || cents * 100 > typical * (100 - DROP_MIN_PERCENT)) return null;
	return Math.round(((typical - cents) * 100) / typical);
}

type Shaping = { typical: Map<string, number>; good: Set<number>; miles: (r: FeedRow) => number | null };

function toItem(r: FeedRow, { typical, good, miles }: Shaping): FeedItem {
	const typ = typical.get(productKey(r));
	return {
		reportId: r.id,
		productName: r.productName,
		categoryId: r.categoryId,
		price: centsToNumber(r.priceCents),
		store: { id: r.storeId, name: r.storeName },
		distanceMiles: miles(r),
		createdAt: new Date(r.createdAt).toISOString(),
		typicalPrice: typ === undefined ? null : centsToNumber(Math.round(typ)),
		dropPercent: dropPercentOf(r.priceCents, typ),
		goodDeal: good.has(r.id),
	};
}

/** The FTS5 query for every live report at the places: any top category's filter term at any of them. */
function everythingAt(db: Db, near: readonly NearPlace[]): string {
	const terms = topCategorySlugs(db).map(filterTerm);
	const cells = near.map((p) => placeCell(p.token));
	return cells.flatMap((cell) => terms.map((term) => `"${cell}${term}"`)).join(" OR ");
}

/** The newest live reports near the places, newest first, at most FEED_POOL. */
export function newestNear(db: Db, near: readonly NearPlace[]): FeedRow[] {
	const page = { match: everythingAt(db, near), limit: FEED_POOL, offset: 0 };
	return feedRows(
		db,
		indexPageIds(db, "recent", page).map((r) => r.id),
	);
}

/** The neighbourhood's feed: today's biggest drops, good deals and the newest reports; or how far the nearest are. */
export function areaFeed(db: Db, zip: string, areas: number, now = Date.now()): AreaFeed {
	const near = neighbourhood(zip, areas);
	const tokens = near.map((p) => p.token);
	const places = JSON.stringify(tokens);
	const milesAt = new Map(near.map((p) => [p.token, roundMiles(p.miles)]));
	const pool = newestNear(db, near).filter(standsUp);
	const today = pool.filter((r) => r.createdAt >= now - DROP_WINDOW_MS);
	const good = goodDealIds(db, pool, tokens, now);
	const newest = onePerProduct(pool);
	const goodDeals = onePerProduct(pool.filter((r) => good.has(r.id)));
	const typical = typicalPrices(db, [...today, ...newest, ...goodDeals], places, now);
	const drops = onePerProduct(
		today
			.map((r) => ({ r, drop: dropPercentOf(r.priceCents, typical.get(productKey(r))) }))
			.filter((d) => d.drop !== null)
			// Stable: equal drops stay newest first.
			.sort((a, b) => (b.drop ?? 0) - (a.drop ?? 0))
			.map((d) => d.r),
	);
	const shaping: Shaping = { typical, good, miles: (r) => milesAt.get(r.locToken) ?? null };
	const quiet = pool.length === 0;
	return {
		drops: drops.map((r) => toItem(r, shaping)),
		newest: newest.map((r) => toItem(r, shaping)),
		goodDeals: goodDeals.map((r) => toItem(r, shaping)),
		nearest: quiet ? nearestOfAll(db, zip) : null,
	};
}

/** The nearest reports of any category beyond the neighbourhood (src/deals/nearest.ts), or null when none. */
function nearestOfAll(db: Db, zip: string): NearestReports | null {
	let best: NearestReports | null = null;
	for (const category of topCategorySlugs(db)) {
		const found = nearestReports(db, { q: "", category, zip });
		if (found && (!best || found.miles < best.miles)) best = found;
	}
	return best;
}

/** The shopper's latest alert hits on live product reports (one per product), measured from `zip`. */
export function alertHitItems(db: Db, userId: string, zip: string, now = Date.now()): FeedItem[] {
	const ids = [...new Set(liveHitReportIds(db, { user: userId, perAlert: HITS_PER_ALERT, limit: 4 * FEED_LIST }))];
	const rows = onePerProduct(feedRows(db, ids));
	if (rows.length === 0) return [];
	const tokens = neighbourhood(zip).map((p) => p.token);
	const typical = typicalPrices(db, rows, JSON.stringify(tokens), now);
	const good = goodDealIds(db, rows, tokens, now);
	const miles = (r: FeedRow) => {
		const m = milesBetween(zip, r.locToken);
		return m === null ? null : roundMiles(m);
	};
	return rows.map((r) => toItem(r, { typical, good, miles }));
}
