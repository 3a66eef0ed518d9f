/**
 * The home feed (decision 0062): what is good near a shopper today. Every list is drawn from the
 * newest live reports near the shopper, read from the search index as a search of every top category's filter
 * term across the neighbourhood's places (no word: each live report holds exactly one top category's term).
 */
import { topCategorySlugs } from "../data/categories.ts";
import { type FeedRow, feedRows, liveHitReportIds } from "../data/feed-rows.ts";
import { indexPageIds } from "../data/price-search.ts";
import type { Db } from "../db.ts";
import { type NearestReports, nearestReports } from "../deals/index.ts";
import { type NearestStations, nearestStations } from "../gas/index.ts";
import { DAY_MS } from "../lib/time.ts";
import { MAX_AREAS, milesBetween, type NearPlace, nearTokens, neighbourhood, roundMiles } from "../lib/zip.ts";
import { everythingAt } from "../reports/index.ts";
import {
	addProductCosts,
	dropPercentOf,
	FEED_LIST,
	type FeedItem,
	isGoodDeal,
	onePerProduct,
	type ProductCost,
	productKey,
	type Shaping,
	standsUp,
	toItem,
} from "./items.ts";

export type { FeedItem } from "./items.ts";

/**
 * How many of the newest live reports near the shopper every list is drawn from. The busiest neighbourhoods
 * report more than this in a day: their drops of today are then those of the day's latest hours, as measuring
 * a price against its product's typical price and low costs a read of the product's history.
 */
export const FEED_POOL = 100;
/** A drop is a report of the last day (and see items.ts). */
export const DROP_WINDOW_MS = DAY_MS;
/** How many of each alert's latest hits are looked at for the shopper's list. */
const HITS_PER_ALERT = 10;

/** The part of the feed that is the same for everyone in a neighbourhood (cached per zip and areas). */
export type AreaFeed = {
	drops: FeedItem[];
	newest: FeedItem[];
	goodDeals: FeedItem[];
	/** When all three lists are empty: how far the nearest reports are; else null. */
	nearest: NearestReports | null;
	/** When all three lists are empty and no station is listed nearby: how far the nearest stations are; else null. */
	nearestStations: NearestStations | null;
};

/** The newest live reports near the places, newest first, at most FEED_POOL. */
export async function newestNear(db: Db, near: readonly NearPlace[]): Promise<FeedRow[]> {
	const match = await everythingAt(db, near);
	if (match === null) return [];
	const page = { match, limit: FEED_POOL, offset: 0 };
	return feedRows(
		db,
		(await indexPageIds(db, "recent", page)).map((r) => r.id),
	);
}

/** The biggest drops of `rows` below their typical prices, one per product. */
function biggestDrops(rows: readonly FeedRow[], costs: Map<string, ProductCost>): FeedRow[] {
	const drops = rows.flatMap((r) => {
		const drop = dropPercentOf(r.priceCents, costs.get(productKey(r))?.typicalCents);
		return drop === null ? [] : [{ r, drop }];
	});
	// A stable sort: equal drops stay newest first.
	return onePerProduct(drops.sort((a, b) => b.drop - a.drop).map((d) => d.r));
}

/**
 * The neighbourhood's feed: today's biggest drops, the newest good deals and the newest reports, one read of
 * the pool's products' history measuring them all; or, with none, how far the nearest reports are.
 */
export async function areaFeed(db: Db, zip: string, areas: number, now = Date.now()): Promise<AreaFeed> {
	const near = neighbourhood(zip, areas);
	const pool = (await newestNear(db, near)).filter(standsUp);
	const costs = await addProductCosts(db, new Map(), pool, JSON.stringify(near.map((p) => p.token)), now);
	const today = pool.filter((r) => r.createdAt >= now - DROP_WINDOW_MS);
	const milesAt = new Map(near.map((p) => [p.token, roundMiles(p.miles)]));
	const shaping: Shaping = { costs, miles: (r) => milesAt.get(r.locToken) ?? null };
	const items = (rows: readonly FeedRow[]) => rows.map((r) => toItem(r, shaping));
	return {
		drops: items(biggestDrops(today, costs)),
		newest: items(onePerProduct(pool)),
		goodDeals: items(onePerProduct(pool.filter((r) => isGoodDeal(r, costs.get(productKey(r)))))),
		...(pool.length === 0 ? await nearestOfAll(db, zip) : { nearest: null, nearestStations: null }),
	};
}

/**
 * The nearest reports of any category beyond the neighbourhood (src/deals/nearest.ts), and the nearest stations
 * when it has none (src/gas/nearest.ts); each null when none is in reach.
 */
async function nearestOfAll(db: Db, zip: string): Promise<Pick<AreaFeed, "nearest" | "nearestStations">> {
	let best: NearestReports | null = null;
	const all = neighbourhood(zip, MAX_AREAS); // found once for the six questions
	for (const category of await topCategorySlugs(db)) {
		const found = await nearestReports(db, { q: "", category, zip }, all);
		if (found && (!best || found.miles < best.miles)) best = found;
	}
	return { nearest: best, nearestStations: await nearestStations(db, zip, all) };
}

/** The shopper's latest alert hits on live product reports (one per product), measured from `zip`. */
export async function alertHitItems(db: Db, userId: string, zip: string, now = Date.now()): Promise<FeedItem[]> {
	const hits = await liveHitReportIds(db, { user: userId, perAlert: HITS_PER_ALERT, limit: 4 * FEED_LIST });
	const rows = onePerProduct((await feedRows(db, [...new Set(hits)])).filter(standsUp));
	if (rows.length === 0) return [];
	const costs = await addProductCosts(db, new Map(), rows, JSON.stringify(nearTokens(zip)), now);
	const miles = (r: FeedRow) => {
		const m = milesBetween(zip, r.locToken);
		return m === null ? null : roundMiles(m);
	};
	return rows.map((r) => toItem(r, { costs, miles }));
}
