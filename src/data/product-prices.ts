/**
 * A product's prices near a ZIP as the read API answers them (decision 0068): its live trustworthy reports,
 * each store's current offer, and the category a bare name is most reported in. Raw because Drizzle cannot say
 * INDEXED BY: each statement names the index the app's own views read for the same question, so an
 * integration's poll costs what a page load does. Raw timestamps are milliseconds.
 */
import { inArray } from "drizzle-orm";
import { type priceReports, type productCategories, stores } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { StoredPick } from "../lib/stored.ts";
import { type TrustInput, trustColumnsSql, trustworthySql } from "./report-columns.ts";

type Bindings = Record<string, string | number | null>;

/** A live report's price with its trust inputs. */
export type TrustedReportRow = StoredPick<typeof priceReports, "priceCents"> & TrustInput;

// The live, trustworthy reports of a product at some places: what a deal's savings and "you paid" measure the
// typical price against (src/deals/savings.ts), one range of price_reports_history_idx per place, with each
// report's trust columns read from its row.
const TRUSTED_REPORTS_SQL = `
  SELECT r.price_cents AS priceCents, r.created_at AS createdAt, r.verification_confidence AS verificationConfidence,
    ${trustColumnsSql("r")}
  FROM price_reports r INDEXED BY price_reports_history_idx
  WHERE r.normalized_name = $name AND r.category_id = $category
    AND r.loc_token IN (SELECT value FROM json_each($places)) AND r.is_expired = 0 AND ${trustworthySql("r")}`;

/** The product's (normalised name and category) live, trustworthy reports at some places (JSON). */
export async function trustedReports(
	db: Db,
	bindings: { name: string; category: number; places: string },
): Promise<TrustedReportRow[]> {
	return db.$client.query<TrustedReportRow, Bindings>(TRUSTED_REPORTS_SQL).all(bindings);
}

const HAS_TRUSTED_SQL = `
  SELECT 1 AS yes FROM price_reports r INDEXED BY price_reports_history_idx
  WHERE r.normalized_name = $name AND r.category_id = $category
    AND r.loc_token IN (SELECT value FROM json_each($places)) AND r.is_expired = 0 AND ${trustworthySql("r")}
  LIMIT 1`;

/** Whether the product has a live, trustworthy report at some places (JSON): the first one found answers. */
export async function hasTrustedReport(
	db: Db,
	bindings: { name: string; category: number; places: string },
): Promise<boolean> {
	return db.$client.query<{ yes: 1 }, Bindings>(HAS_TRUSTED_SQL).get(bindings) !== null;
}

// The product page's offers (src/data/price-history.ts liveOfferIds) in one statement: each store's latest
// trustworthy price, numbered per store in one sort of price_reports_price_history_idx's entries (the index alone;
// it keeps expired reports, so a newer price since expired still hides an older one, as on the page); those
// latest, cheapest first, materialized; then their rows by key, in that order, until `limit` are live and in
// stock. The outer ORDER BY is the materialized order, so SQLite reads it without sorting again and stops early.
const OFFERS_SQL = `
  WITH latest AS (
    SELECT r.id AS id, r.price_cents AS price, r.created_at AS createdAt,
      row_number() OVER (PARTITION BY r.store_id ORDER BY r.created_at DESC, r.id DESC) AS nth
    FROM price_reports r INDEXED BY price_reports_price_history_idx
    WHERE r.normalized_name = $name AND r.category_id = $category
      AND r.loc_token IN (SELECT value FROM json_each($places)) AND ${trustworthySql("r")}
  ),
  cheapest AS MATERIALIZED (
    SELECT id, price, createdAt FROM latest WHERE nth = 1 ORDER BY price, createdAt DESC, id DESC
  )
  SELECT o.id AS id
  FROM cheapest c
  JOIN price_reports o ON o.id = c.id
  WHERE o.is_expired = 0 AND o.availability <> 'out-of-stock'
    AND NOT (o.unavailable_at IS NOT NULL AND o.unavailable_at > coalesce(o.confirmed_at, 0))
  ORDER BY c.price, c.createdAt DESC, c.id DESC
  LIMIT $limit`;

/**
 * The ids of the product's (normalised name and category) offers at some places (JSON), cheapest first, at most
 * `limit`: each store's latest trustworthy price, where it is live and in stock.
 */
export async function offerIds(
	db: Db,
	bindings: { name: string; category: number; places: string; limit: number },
): Promise<number[]> {
	return db.$client
		.query<{ id: number }, Bindings>(OFFERS_SQL)
		.all(bindings)
		.map((r) => r.id);
}

export type CategoryRow = StoredPick<typeof productCategories, "id" | "slug" | "name">;

/** Every category, as a match names it. */
export function categoryRows(db: Db): CategoryRow[] {
	return db.$client.query<CategoryRow, []>("SELECT id, slug, name FROM product_categories").all();
}

// Each category's range of the name at each place (the index leads with name, category, place), counted.
const BUSIEST_CATEGORY_SQL = `
  SELECT c.id AS id, c.slug AS slug, c.name AS name
  FROM price_reports r INDEXED BY price_reports_history_idx
  JOIN product_categories c ON c.id = r.category_id
  WHERE r.normalized_name = $name AND r.category_id IN (SELECT id FROM product_categories)
    AND r.loc_token IN (SELECT value FROM json_each($places)) AND r.is_expired = 0 AND ${trustworthySql("r")}
  GROUP BY c.id
  ORDER BY count(*) DESC, c.id
  LIMIT 1`;

/** The category in which a normalised name has the most live, trustworthy reports at some places; null if none. */
export async function busiestCategory(db: Db, bindings: { name: string; places: string }): Promise<CategoryRow | null> {
	return db.$client.query<CategoryRow, Bindings>(BUSIEST_CATEGORY_SQL).get(bindings);
}

/** Some stores' ZIPs and places, by id: where a listed offer is. */
export async function storeZipRows(db: Db, ids: number[]) {
	return db
		.select({ id: stores.id, zipCode: stores.zipCode, locToken: stores.locToken })
		.from(stores)
		.where(inArray(stores.id, ids))
		.all();
}
