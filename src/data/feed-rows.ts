/**
 * The home feed's reads: the rows of the reports it shows, what their products cost near the shopper (what a
 * drop and a good deal are measured against), the shopper's alert hits, and which places have a store. Raw
 * because the history index needs INDEXED BY and the hits a bounded read per alert. Which reports are near is
 * read from the search index (src/data/price-search.ts).
 */
import type { priceAlertHits, priceReports, stores } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Stored, StoredPick } from "../lib/stored.ts";
import { type TrustInput, trustworthySql } from "./report-columns.ts";

type Bindings = Record<string, string | number | null>;

/**
 * One report as the feed reads it: its product, price and what the price asks (decision 0093), store and place,
 * and what says whether to trust it.
 */
export type FeedRow = StoredPick<
	typeof priceReports,
	| "id"
	| "productName"
	| "normalizedName"
	| "categoryId"
	| "priceCents"
	| "createdAt"
	| "availability"
	| "locToken"
	| "storeId"
	| "barcode"
	| "priceType"
	| "saleEnds"
	| "multiQuantity"
	| "multiPriceCents"
> &
	TrustInput & { storeName: Stored<typeof stores.name> };

// The live reports of $ids (JSON), in that order, each read by its key.
const ROWS_SQL = `
  SELECT r.id AS id, r.product_name AS productName, r.normalized_name AS normalizedName,
    r.category_id AS categoryId, r.price_cents AS priceCents, r.created_at AS createdAt,
    r.availability AS availability, r.loc_token AS locToken, r.store_id AS storeId, s.name AS storeName,
    r.barcode AS barcode, r.price_type AS priceType, r.sale_ends AS saleEnds, r.multi_quantity AS multiQuantity,
    r.multi_price_cents AS multiPriceCents,
    r.verification_confidence AS verificationConfidence, r.confirmed_at AS confirmedAt,
    r.confirm_count AS confirmCount, r.confirm_weight AS confirmWeight, r.flag_weight AS flagWeight, r.changed_count AS changedCount,
    r.unavailable_count AS unavailableCount,
    r.unavailable_at AS unavailableAt, r.flag_count AS flagCount, r.is_unusual AS isUnusual
  FROM json_each($ids) p
  JOIN price_reports r ON r.id = p.value
  JOIN stores s ON s.id = r.store_id
  WHERE r.is_active = 1 AND r.is_expired = 0
  ORDER BY p.key`;

/** The live reports among `ids`, in the order given. */
export async function feedRows(db: Db, ids: readonly number[]): Promise<FeedRow[]> {
	if (ids.length === 0) return [];
	return db.$client.query<FeedRow, Bindings>(ROWS_SQL).all({ ids: JSON.stringify(ids) });
}

// Each product's trustworthy prices since $since at the places, one range of the history index per product and
// place, as src/data/price-history.ts reads a product's low (LOWS_SQL): the low and the count over the
// whole window, and the prices since $recentSince listed.
const STATS_SQL = `
  SELECT p.key AS product, min(r.price_cents) AS lowCents, count(*) AS prices,
    group_concat(CASE WHEN r.created_at >= $recentSince THEN r.price_cents END) AS recent
  FROM json_each($products) p
  JOIN price_reports r INDEXED BY price_reports_price_history_idx
    ON r.normalized_name = json_extract(p.value, '$[0]') AND r.category_id = json_extract(p.value, '$[1]')
  WHERE r.loc_token IN (SELECT value FROM json_each($places)) AND r.created_at >= $since AND ${trustworthySql("r")}
  GROUP BY p.key`;

/** A product's trustworthy prices near a shopper: the lowest and how many since one time, the prices since a later. */
export type ProductStats = { lowCents: Stored<typeof priceReports.priceCents>; prices: number; recent: number[] };

/**
 * The trustworthy prices at some places (JSON) of each product, a normalised name and a category, in the order
 * given: the low and count since `since` (ms) and the prices since `recentSince`; null for a product without any.
 */
export async function productStats(
	db: Db,
	products: readonly (readonly [name: string, category: number])[],
	bindings: { places: string; since: number; recentSince: number },
): Promise<(ProductStats | null)[]> {
	const stats: (ProductStats | null)[] = products.map(() => null);
	if (products.length === 0) return stats;
	const rows = db.$client
		.query<Omit<ProductStats, "recent"> & { product: number; recent: string | null }, Bindings>(STATS_SQL)
		.all({ ...bindings, products: JSON.stringify(products) });
	for (const { product, recent, ...low } of rows)
		stats[product] = { ...low, recent: recent ? recent.split(",").map(Number) : [] };
	return stats;
}

type HitId = Stored<typeof priceAlertHits.id>;

// The shopper's alerts (price_alerts_user_idx), each one's latest product hits (price_alert_hits_alert_idx, read
// backwards and bounded: a broad alert near a busy place has thousands), those whose report is still live.
const HITS_SQL = `
  SELECT h.id AS hitId, h.price_report_id AS reportId
  FROM price_alerts a
  JOIN price_alert_hits h ON h.id IN (
    SELECT x.id FROM price_alert_hits x WHERE x.alert_id = a.id AND x.price_report_id IS NOT NULL
    ORDER BY x.id DESC LIMIT $perAlert)
  JOIN price_reports r ON r.id = h.price_report_id
  WHERE a.user_id = $user AND a.fuel_type IS NULL AND r.is_active = 1 AND r.is_expired = 0
  ORDER BY h.id DESC
  LIMIT $limit`;

/** The report ids of the shopper's latest product alert hits whose reports are live, newest hit first. */
export async function liveHitReportIds(
	db: Db,
	bindings: { user: string; perAlert: number; limit: number },
): Promise<number[]> {
	return db.$client
		.query<{ hitId: HitId; reportId: number }, Bindings>(HITS_SQL)
		.all(bindings)
		.map((r) => r.reportId);
}

/** Of some places (location tokens), those with a store: a report counts at its store's place. */
export async function placesWithStores(db: Db, tokens: readonly string[]): Promise<Set<string>> {
	const rows = db.$client
		.query<{ token: Stored<typeof stores.locToken> }, Bindings>(
			"SELECT DISTINCT loc_token AS token FROM stores WHERE loc_token IN (SELECT value FROM json_each($tokens))",
		)
		.all({ tokens: JSON.stringify(tokens) });
	return new Set(rows.map((r) => r.token));
}
