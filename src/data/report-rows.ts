/**
 * A product price report as search lists it (search's read shape): its columns, its store, its reporter, its
 * trust columns and what the viewer did with it. Search reads a page of them on every request (the page's
 * rows, in the index's order); the feed, the history, the read API and a report's own page read the same
 * shape. bun:sqlite statements, compiled once per connection and text, measured by the search benchmark
 * (docs/performance.md); synchronous, because search composes them within one request.
 */
import type { priceReports, productCategories, stores } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Stored, StoredPick } from "../lib/stored.ts";
import {
	type ReporterRow,
	reporterColumnsSql,
	reviewColumnSql,
	type TrustRow,
	trustColumnsSql,
} from "./report-columns.ts";

type Bindings = Record<string, string | number | null>;

/**
 * One report as the search and report queries select it (REPORT_COLUMNS_SQL and VIEWER_COLUMNS_SQL), with
 * its trust columns and the viewer's feedback (TrustRow).
 */
export type ReportRow = StoredPick<
	typeof priceReports,
	| "id"
	| "productName"
	| "normalizedName"
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
	| "barcode"
	| "priceType"
	| "saleEnds"
	| "multiQuantity"
	| "multiPriceCents"
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
  r.id AS id, r.product_name AS productName, r.normalized_name AS normalizedName, r.price_cents AS priceCents, r.description AS description,
  r.image_url AS imageUrl, r.created_at AS createdAt, r.updated_at AS updatedAt, r.upvotes AS upvotes,
  r.verification_confidence AS verificationConfidence, r.verification_reason AS verificationReason, r.category_id AS categoryId, r.tags AS tags,
  r.availability AS availability, r.zip_code AS zipCode, r.size_milli AS sizeMilli, r.size_unit AS sizeUnit,
  r.barcode AS barcode, r.price_type AS priceType, r.sale_ends AS saleEnds, r.multi_quantity AS multiQuantity,
  r.multi_price_cents AS multiPriceCents,
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

/**
 * One report by id (any state) as `viewer` sees it. Raw to share search's read shape, columns and all;
 * synchronous, as the report path's answer reads it back.
 */
export function reportRowById(db: Db, bindings: { id: number; viewer: string }): ReportByIdRow | null {
	return db.$client.query<ReportByIdRow, Bindings>(REPORT_BY_ID_SQL).get(bindings);
}

// The page's reports in the page's order (p.key is the position in the id list), with `extra` columns.
const rowsSql = (extra = "") => `
  SELECT ${REPORT_COLUMNS_SQL}, r.loc_token AS locToken, ${VIEWER_COLUMNS_SQL}${extra}
  FROM json_each($ids) p
  JOIN price_reports r ON r.id = p.value
  JOIN stores s ON s.id = r.store_id
  JOIN users u ON u.id = r.user_id
  ${CATEGORY_JOIN_SQL}
  WHERE r.is_active = 1 AND r.is_expired = 0
  ORDER BY p.key`;
const ROWS_SQL = rowsSql();

/** The live reports of `ids` (a JSON array) in that order, as `viewer` sees them, with their location tokens. */
export function reportRows(db: Db, bindings: { ids: string; viewer: string }) {
	return db.$client
		.query<ReportRow & { locToken: Stored<typeof priceReports.locToken> }, Bindings>(ROWS_SQL)
		.all(bindings);
}

/** What a card's store's live reports of its product say: [words, agreeing, latestAt], a JSON array. */
export type StoreGroupJson = string;

// The page's reports as ROWS_SQL reads them, each with one range of price_reports_store_live_idx: the store's
// live reports of the product at the report's price type, each a shopper's word with its confirmations; those that give this price; the
// latest report or confirmation (ms).
const CARD_ROWS_SQL = rowsSql(`,
    (SELECT json_array(count(*) + sum(o.confirm_count),
        sum(CASE WHEN o.price_cents = r.price_cents THEN 1 + o.confirm_count ELSE 0 END),
        max(max(o.created_at, coalesce(o.confirmed_at, 0))))
      FROM price_reports o INDEXED BY price_reports_store_live_idx
      WHERE o.store_id = r.store_id AND o.normalized_name = r.normalized_name AND o.category_id = r.category_id
        AND o.price_type = r.price_type AND o.is_active = 1 AND o.is_expired = 0) AS storeGroup`);

/** reportRows, each with what its store's live reports of its product say (a search's card). */
export function cardRows(db: Db, bindings: { ids: string; viewer: string }) {
	return db.$client
		.query<ReportRow & { locToken: Stored<typeof priceReports.locToken>; storeGroup: StoreGroupJson }, Bindings>(
			CARD_ROWS_SQL,
		)
		.all(bindings);
}
