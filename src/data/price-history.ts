/**
 * A product's price history near a shopper (price_reports through price_reports_price_history_idx), its lows,
 * offers and what a shopper paid, raw because Drizzle cannot say INDEXED BY. Synchronous: search's good deals
 * read the lows within one request (src/reports/good-deal.ts). The history is
 * every report of the product that was not judged wrong nor withdrawn, live or expired by age, that can be
 * trusted: no open flag, and not an unusual price nobody has confirmed. price_reports_price_history_idx holds
 * exactly those columns under that WHERE, so a year of a product's prices near anyone reads only the index, one
 * range per place of the neighbourhood.
 */
import type { dealTakes, priceReports, productCategories, stores } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Stored, StoredPick } from "../lib/stored.ts";
import { trustworthySql } from "./report-columns.ts";

type Bindings = Record<string, string | number | null>;
type Cents = Stored<typeof priceReports.priceCents>;

/** The trust filter over a report aliased `r`, in the index's WHERE and columns. */
const TRUSTED_SQL = trustworthySql("r");

/** One price of a product's history. */
export type HistoryPoint = StoredPick<typeof priceReports, "id" | "priceCents" | "createdAt" | "storeId" | "locToken">;

const HISTORY_SQL = `
  SELECT r.id AS id, r.price_cents AS priceCents, r.created_at AS createdAt, r.store_id AS storeId,
    r.loc_token AS locToken
  FROM price_reports r INDEXED BY price_reports_price_history_idx
  WHERE r.normalized_name = $name AND r.category_id = $category
    AND r.loc_token IN (SELECT value FROM json_each($places)) AND r.created_at >= $since AND ${TRUSTED_SQL}
  ORDER BY r.created_at, r.id`;

/** The product's trustworthy prices at some places (JSON) since `since` (ms), oldest first. */
export function historyPoints(
	db: Db,
	bindings: { name: string; category: number; places: string; since: number },
): HistoryPoint[] {
	return db.$client.query<HistoryPoint, Bindings>(HISTORY_SQL).all(bindings);
}

/**
 * The lowest trustworthy price of one product and how many there are: what a good deal is measured against;
 * and when the oldest of them was reported (ms), the first to leave the window.
 */
export type ProductLow = { lowCents: Cents; prices: number; oldestAt: number };

// One lookup of the history index per product of the list, each as in HISTORY_SQL.
const LOWS_SQL = `
  SELECT p.key AS product, min(r.price_cents) AS lowCents, count(*) AS prices, min(r.created_at) AS oldestAt
  FROM json_each($products) p
  JOIN price_reports r INDEXED BY price_reports_price_history_idx
    ON r.normalized_name = json_extract(p.value, '$[0]') AND r.category_id = json_extract(p.value, '$[1]')
  WHERE r.loc_token IN (SELECT value FROM json_each($places)) AND r.created_at >= $since AND ${TRUSTED_SQL}
  GROUP BY p.key`;

/**
 * The lowest trustworthy price since `since` (ms) at some places (JSON) of each product, a normalised name and
 * a category, in the order given; null for a product without any.
 */
export function productLows(
	db: Db,
	products: readonly (readonly [name: string, category: number])[],
	bindings: { places: string; since: number },
): (ProductLow | null)[] {
	const lows: (ProductLow | null)[] = products.map(() => null);
	if (products.length === 0) return lows;
	const rows = db.$client
		.query<ProductLow & { product: number }, Bindings>(LOWS_SQL)
		.all({ ...bindings, products: JSON.stringify(products) });
	for (const { product, ...low } of rows) lows[product] = low;
	return lows;
}

const VERSIONS_SQL = `
  SELECT p.key AS product, v.version AS version
  FROM json_each($products) p
  JOIN product_versions v ON v.normalized_name = json_extract(p.value, '$[0]') AND v.category_id = json_extract(p.value, '$[1]')`;

/**
 * Each product's version (db/schema/history.ts), in the order given: 0 for one whose history has not moved
 * since the counters began.
 */
export function productVersions(db: Db, products: readonly (readonly [name: string, category: number])[]): number[] {
	const versions = products.map(() => 0);
	if (products.length === 0) return versions;
	const rows = db.$client
		.query<{ product: number; version: number }, Bindings>(VERSIONS_SQL)
		.all({ products: JSON.stringify(products) });
	for (const { product, version } of rows) versions[product] = version;
	return versions;
}

// The live reports of the product at some places, cheapest first, from price_reports_history_idx alone (one range
// per place); then each one's trust and stock from its row, until enough pass. A busy product has hundreds of live
// reports near a shopper: only the few cheapest rows are read.
const LIVE_BY_PRICE_SQL = `
  SELECT r.id AS id FROM price_reports r INDEXED BY price_reports_history_idx
  WHERE r.normalized_name = $name AND r.category_id = $category AND r.loc_token IN (SELECT value FROM json_each($places))
    AND r.is_active = 1 AND r.is_expired = 0
  ORDER BY r.price_cents, r.created_at DESC, r.id DESC`;
// An offer is its store's latest price in the history: an older report another shopper made there is no offer
// once a newer price stands beside it (one range of the history index, from the report's time on).
const IS_OFFER_SQL = `
  SELECT 1 AS offer FROM price_reports r
  WHERE r.id = $id AND ${TRUSTED_SQL} AND r.availability <> 'out-of-stock'
    AND NOT (r.unavailable_at IS NOT NULL AND r.unavailable_at > coalesce(r.confirmed_at, 0))
    AND NOT EXISTS (
      SELECT 1 FROM price_reports n INDEXED BY price_reports_price_history_idx
      WHERE n.normalized_name = r.normalized_name AND n.category_id = r.category_id
        AND n.loc_token IN (SELECT value FROM json_each($places)) AND n.created_at > r.created_at
        AND n.store_id = r.store_id AND ${trustworthySql("n")})`;

/**
 * The ids of the product's cheapest offers at some places (JSON), cheapest first: live, trustworthy and in stock,
 * each its store's latest price.
 */
export function liveOfferIds(db: Db, bindings: { name: string; category: number; places: string }, limit: number) {
	const isOffer = db.$client.query<{ offer: number }, Bindings>(IS_OFFER_SQL);
	const ids: number[] = [];
	for (const { id } of db.$client.query<{ id: number }, Bindings>(LIVE_BY_PRICE_SQL).all(bindings)) {
		if (ids.length >= limit) break;
		if (isOffer.get({ id, places: bindings.places })) ids.push(id);
	}
	return ids;
}

/** What a price of the history asks (decision 0093): its type, a sale's last day, a multi-buy's bundle. */
export type HistoryTerms = StoredPick<
	typeof priceReports,
	"id" | "priceType" | "saleEnds" | "multiQuantity" | "multiPriceCents"
>;

/**
 * The terms of the reports of `ids` (JSON), in no order: read by key for the few prices a page names (its
 * lowest and highest), since the history index holds no terms.
 */
export function termsByIds(db: Db, ids: string): HistoryTerms[] {
	return db.$client
		.query<HistoryTerms, Bindings>(
			`SELECT id, price_type AS priceType, sale_ends AS saleEnds, multi_quantity AS multiQuantity,
        multi_price_cents AS multiPriceCents
      FROM price_reports WHERE id IN (SELECT value FROM json_each($ids))`,
		)
		.all({ ids });
}

/** A store of the history: its name and address. */
export type HistoryStore = StoredPick<typeof stores, "id" | "name" | "address">;

/** The stores of `ids` (JSON), in no order. */
export function storesByIds(db: Db, ids: string): HistoryStore[] {
	return db.$client
		.query<HistoryStore, Bindings>(
			"SELECT id, name, address FROM stores WHERE id IN (SELECT value FROM json_each($ids))",
		)
		.all({ ids });
}

/** A report's product name as its reporter typed it; null when there is no such report. */
export function productNameOf(db: Db, id: number): string | null {
	return (
		db.$client
			.query<StoredPick<typeof priceReports, "productName">, Bindings>(
				"SELECT product_name AS productName FROM price_reports WHERE id = $id",
			)
			.get({ id })?.productName ?? null
	);
}

/** A category's name; null for an unknown id. */
export function categoryName(db: Db, id: number): string | null {
	return (
		db.$client
			.query<StoredPick<typeof productCategories, "name">, Bindings>(
				"SELECT name FROM product_categories WHERE id = $id",
			)
			.get({ id })?.name ?? null
	);
}

/** A price the shopper paid: its cents, when, and at which store. */
export type PaidRow = { priceCents: Cents; paidAt: number; storeName: Stored<typeof stores.name> };

// The shopper's reports (one range of price_reports_user_store_idx: the user, then the name and category are read
// from the index), any state but judged wrong or hidden by flags; the few that match are read from the table.
const OWN_LAST_SQL = `
  SELECT r.price_cents AS priceCents, r.created_at AS paidAt, s.name AS storeName
  FROM price_reports r INDEXED BY price_reports_user_store_idx
  JOIN stores s ON s.id = r.store_id
  WHERE r.user_id = $user AND r.normalized_name = $name AND r.category_id = $category AND r.is_discredited = 0
    AND NOT (r.is_active = 0 AND r.withdrawn_reason = 'flagged')
  ORDER BY r.created_at DESC, r.id DESC
  LIMIT 1`;

/** The shopper's latest own report of the product (name and category) that still stands as a price; null if none. */
export function lastOwnReport(db: Db, bindings: { user: string; name: string; category: number }): PaidRow | null {
	return db.$client.query<PaidRow, Bindings>(OWN_LAST_SQL).get(bindings);
}

// The shopper's deals (one range of deal_takes_user_report_unique), each one's report read by its key.
const DEAL_LAST_SQL = `
  SELECT r.price_cents AS priceCents, t.created_at AS paidAt, s.name AS storeName
  FROM deal_takes t INDEXED BY deal_takes_user_report_unique
  JOIN price_reports r ON r.id = t.price_report_id
  JOIN stores s ON s.id = r.store_id
  WHERE t.user_id = $user AND r.normalized_name = $name AND r.category_id = $category AND r.is_discredited = 0
  ORDER BY t.created_at DESC, t.id DESC
  LIMIT 1`;

/** The shopper's latest deal taken on the product (name and category), unless its price was judged wrong. */
export function lastDealTaken(
	db: Db,
	bindings: { user: Stored<typeof dealTakes.userId>; name: string; category: number },
): PaidRow | null {
	return db.$client.query<PaidRow, Bindings>(DEAL_LAST_SQL).get(bindings);
}
