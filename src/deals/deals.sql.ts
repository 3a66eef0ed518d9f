/**
 * The deals' raw SQL. Search reads an FTS5 index (db/schema/reports.ts, "The search index") and the categories are read on every page
 * load: both are measured by the benchmarks (docs/performance.md) and are bun:sqlite statements, compiled once
 * per connection and text; the statements used in a loop are handed back as they are. Everything else about
 * deals is Drizzle.
 */
import type { priceReports, productCategories, productTags, stores } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Stored, StoredPick } from "../lib/stored.ts";
import {
	type ReporterRow,
	reporterColumnsSql,
	reviewColumnSql,
	type TrustRow,
	trustColumnsSql,
} from "../reports/index.ts";
import type { SearchSort } from "./schemas.ts";

type Bindings = Record<string, string | number | null>;
type ReportId = Stored<typeof priceReports.id>;

/**
 * One report as the search and report queries select it (REPORT_COLUMNS_SQL and VIEWER_COLUMNS_SQL), with
 * its trust columns and the viewer's feedback (TrustRow).
 */
export type ReportRow = StoredPick<
	typeof priceReports,
	| "id"
	| "productName"
	| "priceCents"
	| "description"
	| "imageUrl"
	| "createdAt"
	| "updatedAt"
	| "upvotes"
	| "verificationConfidence"
	| "verificationReason"
	| "categoryId"
	| "tags"
	| "availability"
	| "zipCode"
	| "sizeMilli"
	| "sizeUnit"
> &
	TrustRow &
	ReporterRow & {
		/** Its category's slug: how long its price stays fresh. */
		categorySlug: Stored<typeof productCategories.slug>;
		storeId: Stored<typeof stores.id>;
		storeName: Stored<typeof stores.name>;
		storeAddress: Stored<typeof stores.address>;
		/** 1 when the viewer upvoted the report, else 0. */
		hasUserUpvoted: number;
		/** 1 when the viewer took the report's deal, else 0. */
		hasUserTakenDeal: number;
	};

/** The columns of a ReportRow; `r`, `s`, `u` and `c` are the report, store, reporter and category aliases. */
const REPORT_COLUMNS_SQL = `
  r.id AS id, r.product_name AS productName, r.price_cents AS priceCents, r.description AS description,
  r.image_url AS imageUrl, r.created_at AS createdAt, r.updated_at AS updatedAt, r.upvotes AS upvotes,
  r.verification_confidence AS verificationConfidence, r.verification_reason AS verificationReason, r.category_id AS categoryId, r.tags AS tags,
  r.availability AS availability, r.zip_code AS zipCode, r.size_milli AS sizeMilli, r.size_unit AS sizeUnit,
  ${trustColumnsSql("r")}, c.slug AS categorySlug,
  s.id AS storeId, s.name AS storeName, s.address AS storeAddress,
  ${reporterColumnsSql("u")}`;

/**
 * What the viewer ($viewer) did with report `r`: upvoted it, took its deal, made it, said something of it.
 * Each one unique-index probe (subqueries: a LEFT JOIN of the feedback costs a page of results far more).
 */
const VIEWER_COLUMNS_SQL = `
  EXISTS (SELECT 1 FROM user_upvotes v WHERE v.price_report_id = r.id AND v.user_id = $viewer) AS hasUserUpvoted,
  EXISTS (SELECT 1 FROM deal_takes t WHERE t.user_id = $viewer AND t.price_report_id = r.id) AS hasUserTakenDeal,
  r.user_id = $viewer AS isOwnReport,
  (SELECT f.kind FROM price_report_feedback f WHERE f.report_id = r.id AND f.user_id = $viewer) AS myFeedbackKind,
  (SELECT f.reason FROM price_report_feedback f WHERE f.report_id = r.id AND f.user_id = $viewer) AS myFeedbackReason`;
/** The report's category (its slug says how long its price stays fresh). */
const CATEGORY_JOIN_SQL = "JOIN product_categories c ON c.id = r.category_id";

const REPORT_BY_ID_SQL = `
      SELECT ${REPORT_COLUMNS_SQL}, ${VIEWER_COLUMNS_SQL},
        r.loc_token AS locToken, r.is_active AS isActive, r.is_expired AS isExpired, ${reviewColumnSql("r")}
      FROM price_reports r
      JOIN stores s ON s.id = r.store_id
      JOIN users u ON u.id = r.user_id
      ${CATEGORY_JOIN_SQL}
      WHERE r.id = $id`;

/** A report read by id, with its place and whether it is listed (active and unexpired). */
export type ReportByIdRow = ReportRow & StoredPick<typeof priceReports, "locToken" | "isActive" | "isExpired">;

/** One report by id (any state) as `viewer` sees it. Raw to share search's read shape, columns and all. */
export function reportRowById(db: Db, bindings: { id: number; viewer: string }): ReportByIdRow | null {
	return db.$client.query<ReportByIdRow, Bindings>(REPORT_BY_ID_SQL).get(bindings);
}

/** Reads the indexed words from `?1` up to `?2`, at most `?3` of them (`.all(from, to, limit)`), in order. */
export const vocabulary = (db: Db) =>
	db.$client.query<{ term: string }, [string, string, number]>(
		"SELECT term FROM search_vocab WHERE term >= ?1 AND term < ?2 LIMIT ?3",
	);

// The two sort keys of price_search (db/schema/reports.ts, "The search index"): below 2^62 by price, from 2^62 by
// recency. The report id is the key's low 31 bits (inverted in the price key, so that newer comes first).
const TIME_KEYS = "4611686018427387904";
/** The page statements, by sort (the search benchmark explains them). */
export const PAGE_SQL = {
	price: `SELECT 2147483647 - (rowid & 2147483647) AS id FROM price_search
    WHERE price_search MATCH $match AND rowid < ${TIME_KEYS}
    ORDER BY rowid LIMIT $limit OFFSET $offset`,
	recent: `SELECT rowid & 2147483647 AS id FROM price_search
    WHERE price_search MATCH $match AND rowid >= ${TIME_KEYS}
    ORDER BY rowid DESC LIMIT $limit OFFSET $offset`,
};

/** The report ids of one page in the index's order (price or newest first): $match, $limit, $offset. */
export function indexPageIds(db: Db, sort: Exclude<SearchSort, "distance">, bindings: Bindings) {
	return db.$client.query<{ id: ReportId }, Bindings>(PAGE_SQL[sort]).all(bindings);
}

// The page's reports in the page's order (p.key is the position in the id list).
const ROWS_SQL = `
  SELECT ${REPORT_COLUMNS_SQL}, r.loc_token AS locToken, ${VIEWER_COLUMNS_SQL}
  FROM json_each($ids) p
  JOIN price_reports r ON r.id = p.value
  JOIN stores s ON s.id = r.store_id
  JOIN users u ON u.id = r.user_id
  ${CATEGORY_JOIN_SQL}
  WHERE r.is_active = 1 AND r.is_expired = 0
  ORDER BY p.key`;

/** The live reports of `ids` (a JSON array) in that order, as `viewer` sees them, with their location tokens. */
export function reportRows(db: Db, bindings: { ids: string; viewer: string }) {
	return db.$client
		.query<ReportRow & { locToken: Stored<typeof priceReports.locToken> }, Bindings>(ROWS_SQL)
		.all(bindings);
}

type CategoryTagRow = StoredPick<typeof productCategories, "id" | "name"> & {
	tagId: Stored<typeof productTags.id> | null;
	tagSlug: Stored<typeof productTags.slug> | null;
	tagName: Stored<typeof productTags.name> | null;
};
const CATEGORIES_SQL = `
  SELECT c.id AS id, c.name AS name, t.id AS tagId, t.slug AS tagSlug, t.name AS tagName
  FROM product_categories c LEFT JOIN product_tags t ON t.category_id = c.id
  ORDER BY c.id, t.id`;

/** Every category with each of its tags (a row per tag; null tag columns for a category without any). */
export function categoryTagRows(db: Db) {
	return db.$client.query<CategoryTagRow, []>(CATEGORIES_SQL).all();
}

/** A card's store and product (one row per id that leads its group) and what the store's live reports of it say. */
export type StoreGroupRow = {
	id: ReportId;
	/** The store's live reports of the product and the confirmations they received: each a shopper's word. */
	words: number;
	/** Those of them that give the leading report's price. */
	agreeing: number;
	/** When the latest of them was reported or confirmed (milliseconds). */
	latestAt: number;
};

// The ids' store, product and price (a row each, by primary key), the first of each store and product in the
// ids' order, and for that one a range of price_reports_store_live_idx (the store's live reports of the product).
const STORE_GROUPS_SQL = `
  WITH page AS (
    SELECT p.key AS pos, r.id AS id, r.store_id AS store, r.normalized_name AS name, r.category_id AS category,
      r.price_cents AS price,
      row_number() OVER (PARTITION BY r.store_id, r.normalized_name, r.category_id ORDER BY p.key) AS nth
    FROM json_each($ids) p JOIN price_reports r ON r.id = p.value
  )
  SELECT page.id AS id, coalesce(sum(1 + s.confirm_count), 0) AS words,
    coalesce(sum(CASE WHEN s.price_cents = page.price THEN 1 + s.confirm_count ELSE 0 END), 0) AS agreeing,
    coalesce(max(max(s.created_at, coalesce(s.confirmed_at, 0))), 0) AS latestAt
  FROM page
  LEFT JOIN price_reports s INDEXED BY price_reports_store_live_idx
    ON s.store_id = page.store AND s.normalized_name = page.name AND s.category_id = page.category
    AND s.is_active = 1 AND s.is_expired = 0
  WHERE page.nth = 1
  GROUP BY page.pos
  ORDER BY page.pos`;

/**
 * Of report ids (a JSON array) in a search's order, the first of each store and product (name and category), in
 * that order, with what the store's live reports of the product say.
 */
export function storeGroupRows(db: Db, ids: string): StoreGroupRow[] {
	return db.$client.query<StoreGroupRow, Bindings>(STORE_GROUPS_SQL).all({ ids });
}
