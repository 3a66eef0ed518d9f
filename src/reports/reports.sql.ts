/**
 * The report pipeline's raw SQL: the consensus's history, a price report's write, the expiry of outliers and
 * the age sweep. The write path is the hot one, so these stay prepared statements (bun:sqlite compiles a
 * query() once per connection and text); each names the index it reads, because a fresh database has no
 * statistics for the planner. Row types are derived from db/schema.ts; raw timestamps are milliseconds.
 */
import type { FuelType, gasPriceReports, priceReports, productCategories } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { nearTokens } from "../lib/zip.ts";

type PriceReport = typeof priceReports.$inferSelect;
type Bindings = Record<string, string | number | null>;

/** The two tables reports are stored in, whose lifecycle columns (expiry) are the same. */
export type ReportTable = "price_reports" | "gas_price_reports";

/** One earlier report of a consensus: its price in its market's unit (cents or mills) and its reporter. */
export type HistoryRow = Pick<PriceReport, "id" | "userId"> & {
	price: PriceReport["priceCents"] | (typeof gasPriceReports.$inferSelect)["priceMills"];
};

// Reads only price_reports_history_idx: one range of (name, category, place) per place of the neighbourhood
// over the live reports, the price in the index.
const PRODUCT_HISTORY_SQL = `
  SELECT id, price_cents AS price, user_id AS userId FROM price_reports INDEXED BY price_reports_history_idx
  WHERE normalized_name = $name AND category_id = $category AND loc_token IN (SELECT value FROM json_each($places))
    AND is_active = 1 AND is_expired = 0 AND created_at >= $since
  ORDER BY created_at DESC, id DESC
  LIMIT $limit`;

/** The live reports of one product (name and category) near `zip` since `since`, newest first. */
export function productHistory(
	db: Db,
	key: { normalizedName: string; categoryId: number; zip: string },
	since: number,
	limit: number,
): HistoryRow[] {
	const places = JSON.stringify(nearTokens(key.zip));
	return db.$client
		.query<HistoryRow, Bindings>(PRODUCT_HISTORY_SQL)
		.all({ name: key.normalizedName, category: key.categoryId, places, since, limit });
}

// Read from gas_reports_live_idx alone: per station of the neighbourhood's places, its live reports of this
// fuel since the cut-off, with their prices and reporters.
const FUEL_HISTORY_SQL = `
  SELECT g.id AS id, g.price_mills AS price, g.user_id AS userId FROM gas_stations s
  JOIN gas_price_reports g INDEXED BY gas_reports_live_idx ON g.station_id = s.id
  WHERE s.loc_token IN (SELECT value FROM json_each($places)) AND g.fuel_type = $fuel
    AND g.is_active = 1 AND g.is_expired = 0 AND g.created_at >= $since
  ORDER BY g.created_at DESC, g.id DESC
  LIMIT $limit`;

/** The live reports of one fuel at stations near `zip` since `since`, newest first. */
export function fuelHistory(db: Db, key: { fuel: FuelType; zip: string }, since: number, limit: number): HistoryRow[] {
	const places = JSON.stringify(nearTokens(key.zip));
	return db.$client.query<HistoryRow, Bindings>(FUEL_HISTORY_SQL).all({ places, fuel: key.fuel, since, limit });
}

/**
 * Expires reports judged wrong by id (the outliers a new consensus exposes, a report a moderator removed), with
 * why; they leave the price history too.
 */
export function expireReportsById(db: Db, table: ReportTable, ids: readonly number[], reason: string, now: number) {
	db.$client
		.query(`UPDATE ${table} SET is_expired = 1, is_discredited = 1, expired_at = $now, expired_reason = $reason,
        updated_at = $now
      WHERE id IN (SELECT value FROM json_each($ids))`)
		.run({ now, reason, ids: JSON.stringify(ids) });
}

/** Takes reports judged wrong out of the price history, those already expired by age included. */
export function discreditReports(db: Db, table: ReportTable, ids: readonly number[]) {
	db.$client
		.query(`UPDATE ${table} SET is_discredited = 1 WHERE id IN (SELECT value FROM json_each($ids))`)
		.run({ ids: JSON.stringify(ids) });
}

/** A range of the age sweep: the reports (of one category, for products) older than `days`. */
export type AgeRange = { days: number; category?: number };

// One range per category of price_reports_category_age_idx (category, unexpired, older than its age): the
// sweep touches only the reports it expires, however many there are in all.
export const EXPIRE_CATEGORY_SQL = `
  UPDATE price_reports INDEXED BY price_reports_category_age_idx
  SET is_expired = 1, expired_at = $now, updated_at = $now, expired_reason = 'Older than ' || $days || ' days'
  WHERE category_id = $category AND is_expired = 0 AND created_at < $cutoff`;
// One range of gas_reports_age_idx (unexpired, older than the age): it reads only what it expires.
export const EXPIRE_FUEL_SQL = `
  UPDATE gas_price_reports INDEXED BY gas_reports_age_idx
  SET is_expired = 1, expired_at = $now, updated_at = $now, expired_reason = 'Older than ' || $days || ' days'
  WHERE is_expired = 0 AND created_at < $cutoff`;
// The same ranges, only looked at: a sweep with nothing to expire (nearly every minute) takes no write lock,
// so it never waits behind the report writer's thread nor makes it wait.
const AGE_SWEEP_SQL: Record<ReportTable, { stale: string; expire: string }> = {
	price_reports: {
		stale: `SELECT 1 AS stale FROM price_reports INDEXED BY price_reports_category_age_idx
      WHERE category_id = $category AND is_expired = 0 AND created_at < $cutoff LIMIT 1`,
		expire: EXPIRE_CATEGORY_SQL,
	},
	gas_price_reports: {
		stale: `SELECT 1 AS stale FROM gas_price_reports INDEXED BY gas_reports_age_idx
      WHERE is_expired = 0 AND created_at < $cutoff LIMIT 1`,
		expire: EXPIRE_FUEL_SQL,
	},
};

/** Whether any report of `range` is older than `cutoff`, without a write lock. */
export function hasStaleReports(db: Db, table: ReportTable, range: AgeRange & { cutoff: number }): boolean {
	return Boolean(db.$client.query<{ stale: 1 }, Bindings>(AGE_SWEEP_SQL[table].stale).get(range));
}

/** Expires the reports of `range` older than `cutoff`; how many. */
export function expireAgedReports(db: Db, table: ReportTable, range: AgeRange & { cutoff: number }, now: number) {
	return db.$client.query<never, Bindings>(AGE_SWEEP_SQL[table].expire).run({ now, ...range }).changes;
}

/** Every product category with its slug, which says how long its prices live. */
export function categorySlugs(db: Db): Pick<typeof productCategories.$inferSelect, "id" | "slug">[] {
	return db.$client
		.query<Pick<typeof productCategories.$inferSelect, "id" | "slug">, []>("SELECT id, slug FROM product_categories")
		.all();
}

/** Whether the shopper has reported at this store before (their count of stores visited). */
export function hasReportedAt(db: Db, userId: string, storeId: number): boolean {
	return Boolean(
		db.$client
			.query<{ yes: 1 }, [string, number]>(
				"SELECT 1 AS yes FROM price_reports WHERE user_id = ?1 AND store_id = ?2 LIMIT 1",
			)
			.get(userId, storeId),
	);
}

const INSERT_REPORT_SQL = `
  INSERT INTO price_reports (user_id, store_id, product_name, normalized_name, price_cents, category_id, tags, description,
    availability, vacation_mode, report_zip_code, zip_code, loc_token, search_text, image_url, verification_confidence,
    verification_reason, is_unusual, size_milli, size_unit)
  VALUES ($user, $store, $name, $normalized, $price, $category, $tags, $description,
    $availability, $vacation, $reportZip, $zip, $loc, $searchText, $image, $confidence, $reason, $unusual,
    $sizeMilli, $sizeUnit)
  RETURNING id, created_at AS createdAt, updated_at AS updatedAt`;

/** Stores a price report (its fields as the statement names them); its id and timestamps. */
export function insertPriceReport(db: Db, fields: Bindings) {
	return db.$client
		.query<Pick<PriceReport, "id"> & { createdAt: number; updatedAt: number }, Bindings>(INSERT_REPORT_SQL)
		.get(fields)!;
}

// The shopper's earlier live price for this product at this store: a new one replaces it.
const SUPERSEDE_SQL = `
  UPDATE price_reports SET is_expired = 1, expired_at = $now, expired_reason = $reason, updated_at = $now
  WHERE user_id = $user AND store_id = $store AND normalized_name = $normalized AND category_id = $category
    AND is_active = 1 AND is_expired = 0 AND id <> $id
  RETURNING id, price_cents AS priceCents`;

/** Expires the shopper's earlier live prices of a product at a store but `id`; the ones it replaced. */
export function supersedePriceReports(
	db: Db,
	report: { id: number; user: string; store: number; normalized: string; category: number },
	reason: string,
	now: number,
) {
	return db.$client
		.query<Pick<PriceReport, "id" | "priceCents">, Bindings>(SUPERSEDE_SQL)
		.all({ ...report, reason, now });
}

const COUNT_REPORT_SQL = `UPDATE users SET total_reports = total_reports + 1,
  unique_stores_visited = unique_stores_visited + $firstVisit, updated_at = $now WHERE id = $id`;

/** Counts a price report for its author, and the store if it is their first report there. */
export function countPriceReport(db: Db, userId: string, firstVisit: boolean, now: number) {
	db.$client.query(COUNT_REPORT_SQL).run({ firstVisit: firstVisit ? 1 : 0, now, id: userId });
}

/** Counts a report the quality check refused against its author's accuracy. */
export function countRefusal(db: Db, userId: string) {
	db.$client.query("UPDATE users SET reports_refused = reports_refused + 1 WHERE id = ?1").run(userId);
}
