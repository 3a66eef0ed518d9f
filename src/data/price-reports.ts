/**
 * Product price reports as the report write reads and writes them (price_reports): the consensus's history,
 * the standing report a same price confirms, the shopper's repeat, the insert and the price it replaces.
 * These run for every report inside the group commit, so they are bun:sqlite statements, compiled once per
 * connection and text, each naming the index it reads.
 */
import type { PriceType } from "../../db/enums.ts";
import type { priceReports } from "../../db/schema.ts";
import { isCodeOnly } from "../lib/gtin.ts";
import type { StoredPick } from "../lib/stored.ts";
import { nearTokens } from "../lib/zip.ts";
import type { Bindings, HistoryRow, ReplacedRow, ReportRows, StandingRow, StoredReport } from "./reports.ts";
import type { Tx } from "./transaction.ts";

/**
 * One product at one store: its normalized name, category, the store and the place it counts in, at one price
 * type (a shelf's regular and member prices stand side by side: neither replaces nor confirms the other).
 */
export type SameProduct = { name: string; category: number; store: number; loc: string; type: PriceType };

/** A new product report's columns, as the insert names them. */
export type ProductReportFields = {
	user: string;
	store: number;
	name: string;
	normalized: string;
	price: number;
	category: number;
	tags: string;
	description: string | null;
	availability: StoredPick<typeof priceReports, "availability">["availability"];
	vacation: number;
	reportZip: string | null;
	zip: string;
	loc: string;
	searchText: string;
	image: string | null;
	confidence: number;
	reason: string;
	unusual: number;
	sizeMilli: number | null;
	sizeUnit: string | null;
	/** The product's normalised GTIN, or null. */
	barcode: string | null;
	/** The typed name as names are matched (lower-cased, spaces folded): what a barcode's name counts under. */
	nameKey: string;
	priceType: PriceType;
	saleEnds: string | null;
	multiQuantity: number | null;
	multiPriceCents: number | null;
};

// Reads only price_reports_history_idx: one range of (name, category, place) per place of the neighbourhood
// over the live reports, the price and its type in the index.
const HISTORY_SQL = `
  SELECT id, price_cents AS price, user_id AS userId FROM price_reports INDEXED BY price_reports_history_idx
  WHERE normalized_name = $name AND category_id = $category AND loc_token IN (SELECT value FROM json_each($places))
    AND is_active = 1 AND is_expired = 0 AND price_type = $type AND created_at >= $since
  ORDER BY created_at DESC, id DESC
  LIMIT $limit`;

/** The live reports of one product (name and category) at one price type near `zip` since `since`, newest first. */
export function productHistory(
	tx: Tx,
	key: { normalizedName: string; categoryId: number; zip: string; priceType: PriceType },
	since: number,
	limit: number,
): HistoryRow[] {
	const places = JSON.stringify(nearTokens(key.zip));
	return tx.$client
		.query<HistoryRow, Bindings>(HISTORY_SQL)
		.all({ name: key.normalizedName, category: key.categoryId, type: key.priceType, places, since, limit });
}

// Another shopper's live report of the product at the store at this price: a range of the history index
// (product and place), then the store, price and dates of those few rows.
const STANDING_SQL = `
  SELECT id, created_at AS createdAt, confirmed_at AS confirmedAt
  FROM price_reports INDEXED BY price_reports_history_idx
  WHERE normalized_name = $name AND category_id = $category AND loc_token = $loc AND is_active = 1 AND is_expired = 0
    AND store_id = $store AND price_type = $type AND price_cents = $price AND user_id <> $user
    AND max(created_at, coalesce(confirmed_at, 0)) >= $since
  ORDER BY max(created_at, coalesce(confirmed_at, 0)) DESC LIMIT 1`;

// The shopper's live report of the product at the store, from price_reports_user_store_idx (user, store,
// name, category): their earlier prices there are replaced as they come, so the range holds one live row a type.
const REPEATED_SQL = `
  SELECT id FROM price_reports INDEXED BY price_reports_user_store_idx
  WHERE user_id = $user AND store_id = $store AND normalized_name = $name AND category_id = $category
    AND is_active = 1 AND is_expired = 0 AND price_type = $type AND price_cents = $price AND created_at >= $since
  ORDER BY created_at DESC, id DESC LIMIT 1`;

// The shopper's live prices of the product at the store, from price_reports_user_store_idx.
const LIVE_SQL = `
  SELECT id FROM price_reports INDEXED BY price_reports_user_store_idx
  WHERE user_id = $user AND store_id = $store AND normalized_name = $name AND category_id = $category
    AND is_active = 1 AND is_expired = 0 AND price_type = $type`;

// The shopper's earlier live price for this product at this store: a new one replaces it.
const SUPERSEDE_SQL = `
  UPDATE price_reports SET is_expired = 1, expired_at = $now, expired_reason = $reason, updated_at = $now
  WHERE user_id = $user AND store_id = $store AND normalized_name = $name AND category_id = $category
    AND is_active = 1 AND is_expired = 0 AND price_type = $type AND id <> $keep
  RETURNING id, price_cents AS price`;

const INSERT_SQL = `
  INSERT INTO price_reports (user_id, store_id, product_name, normalized_name, price_cents, category_id, tags, description,
    availability, vacation_mode, report_zip_code, zip_code, loc_token, search_text, image_url, verification_confidence,
    verification_reason, is_unusual, size_milli, size_unit, barcode, price_type, sale_ends, multi_quantity,
    multi_price_cents)
  VALUES ($user, $store, $name, $normalized, $price, $category, $tags, $description,
    $availability, $vacation, $reportZip, $zip, $loc, $searchText, $image, $confidence, $reason, $unusual,
    $sizeMilli, $sizeUnit, $barcode, $priceType, $saleEnds, $multiQuantity, $multiPriceCents)
  RETURNING id, created_at AS createdAt, updated_at AS updatedAt`;

/** price_reports as the report write uses it. */
export const PRICE_REPORT_ROWS: ReportRows<SameProduct, ProductReportFields> = {
	table: "price_reports",
	standing: (tx, same) => tx.$client.query<StandingRow, Bindings>(STANDING_SQL).get(same),
	live: (tx, same) => tx.$client.query<{ id: number }, Bindings>(LIVE_SQL).all(same),
	repeated: (tx, same) => tx.$client.query<{ id: number }, Bindings>(REPEATED_SQL).get(same),
	supersede: (tx, same, reason, now) =>
		tx.$client.query<ReplacedRow, Bindings>(SUPERSEDE_SQL).all({ ...same, reason, now }),
	insert: (tx, fields) => {
		// The first report of a barcode makes its product; the store's earlier reports of the same name without a
		// code join it; each counts its name, and the most given names it. Digits alone (an import's price of a
		// code) name nothing: the product shows its code until someone gives it a name.
		if (fields.barcode !== null) {
			tx.$client.query<never, Bindings>(NEW_PRODUCT_SQL).run(fields);
			if (!isCodeOnly(fields.name)) {
				const joined = tx.$client.query<never, Bindings>(JOIN_UNCODED_SQL).run(fields).changes;
				tx.$client.query<never, Bindings>(COUNT_NAME_SQL).run({ ...fields, count: 1 + joined });
				tx.$client.query<never, Bindings>(SETTLE_NAME_SQL).run(fields);
			}
		}
		return tx.$client.query<StoredReport, Bindings>(INSERT_SQL).get(fields)!;
	},
};

// The first report of a code makes its product; the first that gives a size sizes it.
const NEW_PRODUCT_SQL = `
  INSERT INTO products (gtin, name, category_id, size_milli, size_unit)
  VALUES ($barcode, $name, $category, $sizeMilli, $sizeUnit)
  ON CONFLICT (gtin) DO UPDATE SET size_milli = excluded.size_milli, size_unit = excluded.size_unit
  WHERE products.size_milli IS NULL AND excluded.size_milli IS NOT NULL AND products.corrected_by IS NULL`;
// A store's reports of the name (as names are matched) and category that carry no code: the code's product now,
// found by its search term too (the index's triggers follow the text).
const JOIN_UNCODED_SQL = `
  UPDATE price_reports SET barcode = $barcode, normalized_name = $normalized,
    search_text = search_text || ' ' || $normalized
  WHERE store_id = $store AND loc_token = $loc AND normalized_name = $nameKey AND category_id = $category
    AND barcode IS NULL`;
const COUNT_NAME_SQL = `
  INSERT INTO product_names (gtin, name_key, name, reports) VALUES ($barcode, $nameKey, $name, $count)
  ON CONFLICT DO UPDATE SET reports = reports + excluded.reports`;
// The most given name, the first given of equals; a shopper's correction stands over them.
const SETTLE_NAME_SQL = `
  UPDATE products SET name = (
    SELECT n.name FROM product_names n WHERE n.gtin = $barcode ORDER BY n.reports DESC, n.created_at, n.name_key LIMIT 1
  ), updated_at = cast(unixepoch('subsec') * 1000 as integer)
  WHERE gtin = $barcode AND corrected_by IS NULL`;

/** Whether the shopper has reported at this store before (their count of stores visited). */
export function hasReportedAt(tx: Tx, userId: string, storeId: number): boolean {
	return Boolean(
		tx.$client
			.query<{ yes: 1 }, [string, number]>(
				"SELECT 1 AS yes FROM price_reports WHERE user_id = ?1 AND store_id = ?2 LIMIT 1",
			)
			.get(userId, storeId),
	);
}
