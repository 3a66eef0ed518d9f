/**
 * What product and fuel reports share, whichever table holds them: their lifecycle columns (expiry by id and
 * by age, a retired report), and the reporter's counters on users. The write path runs these inside its
 * group commit, so they are bun:sqlite statements, compiled once per connection and text; each names the
 * index it reads, because a fresh database has no statistics for the planner. Raw timestamps are
 * milliseconds.
 */
import type { gasPriceReports, priceReports, productCategories } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Tx } from "./transaction.ts";

type PriceReport = typeof priceReports.$inferSelect;
export type Bindings = Record<string, string | number | null>;

/** The two tables reports are stored in, whose lifecycle columns are the same. */
export type ReportTable = "price_reports" | "gas_price_reports";

/** One earlier report of a consensus: its price in its market's unit (cents or mills) and its reporter. */
export type HistoryRow = Pick<PriceReport, "id" | "userId"> & {
	price: PriceReport["priceCents"] | (typeof gasPriceReports.$inferSelect)["priceMills"];
};

/** A report as the write stored it: its id and timestamps (ms). */
export type StoredReport = Pick<PriceReport, "id"> & { createdAt: number; updatedAt: number };

/** Another shopper's live report of the same price at the same place: when it was reported and last confirmed. */
export type StandingRow = { id: number; createdAt: number; confirmedAt: number | null };

/** A report the reporter's newer one replaced: its id and price. */
export type ReplacedRow = { id: number; price: number };

/**
 * What the report write asks of a report table, the same for both: `Same` names one thing at one place (a
 * product at a store, a fuel at a station), `Fields` the columns of a new report. Each market's description
 * holds its table's (src/data/price-reports.ts, fuel-reports.ts).
 */
export type ReportRows<Same extends Bindings, Fields> = {
	table: ReportTable;
	/** Another shopper's live report of the thing there at `price`, reported or confirmed since `since`. */
	standing(tx: Tx, same: Same & { price: number; user: string; since: number }): StandingRow | null;
	/** The shopper's live reports of the thing there (one, as the write keeps it; an import's source, several). */
	live(tx: Tx, same: Same & { user: string }): { id: number }[];
	/** The shopper's own live report of the thing there at `price`, made since `since`: their repeat. */
	repeated(tx: Tx, same: Same & { price: number; user: string; since: number }): { id: number } | null;
	/** Expires the shopper's other live reports of the thing there but `keep`, with why; the ones replaced. */
	supersede(tx: Tx, same: Same & { user: string; keep: number }, reason: string, now: number): ReplacedRow[];
	/** Stores a new report. */
	insert(tx: Tx, fields: Fields): StoredReport;
};

/**
 * Expires reports judged wrong by id (the outliers a new consensus exposes, a report a moderator removed), with
 * why; they leave the price history too.
 */
export function expireReportsById(tx: Tx, table: ReportTable, ids: readonly number[], reason: string, now: number) {
	tx.$client
		.query(`UPDATE ${table} SET is_expired = 1, is_discredited = 1, expired_at = $now, expired_reason = $reason,
        updated_at = $now
      WHERE id IN (SELECT value FROM json_each($ids))`)
		.run({ now, reason, ids: JSON.stringify(ids) });
}

/** Takes reports judged wrong out of the price history, those already expired by age included. */
export function discreditReports(tx: Tx, table: ReportTable, ids: readonly number[]) {
	tx.$client
		.query(`UPDATE ${table} SET is_discredited = 1 WHERE id IN (SELECT value FROM json_each($ids))`)
		.run({ ids: JSON.stringify(ids) });
}

/**
 * Expires a listed report of another shopper than `user` (a "changed" word's), with why; whether it was
 * listed (active, unexpired) and theirs to retire.
 */
export function retireListedReport(
	tx: Tx,
	table: ReportTable,
	report: { id: number; user: string; reason: string },
	now: number,
): boolean {
	return (
		tx.$client
			.query(`UPDATE ${table} SET is_expired = 1, expired_at = $now, expired_reason = $reason, updated_at = $now
      WHERE id = $id AND user_id <> $user AND is_active = 1 AND is_expired = 0`)
			.run({ ...report, now }).changes > 0
	);
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

/**
 * Whether any report of `range` is older than `cutoff`. Outside any transaction on purpose: a look takes no
 * write lock (and a read of its own needs none).
 */
export function hasStaleReports(db: Db, table: ReportTable, range: AgeRange & { cutoff: number }): boolean {
	return Boolean(db.$client.query<{ stale: 1 }, Bindings>(AGE_SWEEP_SQL[table].stale).get(range));
}

/** Expires the reports of `range` older than `cutoff`; how many. */
export function expireAgedReports(tx: Tx, table: ReportTable, range: AgeRange & { cutoff: number }, now: number) {
	return tx.$client.query<never, Bindings>(AGE_SWEEP_SQL[table].expire).run({ now, ...range }).changes;
}

// Live sales that are over, each kind a range of price_reports_live_sales_idx: those whose last day is past,
// and those that gave none and nobody has seen for a while. Looked at first, as the age sweep does.
const OVER_SALES = [
	"sale_ends <= $day",
	"sale_ends IS NULL AND created_at < $undatedCutoff AND coalesce(confirmed_at, 0) < $undatedCutoff",
].map((which) => `price_type = 'sale' AND is_expired = 0 AND ${which}`);
const OVER_SALES_SQL = {
	any: OVER_SALES.map(
		(where) => `SELECT 1 AS over FROM price_reports INDEXED BY price_reports_live_sales_idx WHERE ${where} LIMIT 1`,
	),
	expire: OVER_SALES.map(
		(where) => `UPDATE price_reports INDEXED BY price_reports_live_sales_idx
      SET is_expired = 1, expired_at = $now, updated_at = $now,
        expired_reason = CASE WHEN sale_ends IS NULL THEN 'The sale is no longer seen'
          ELSE 'The sale ended ' || sale_ends END
      WHERE ${where}`,
	),
};

/** Which sales are over: a last day on or before `day`, or none given and not seen since `undatedCutoff` (ms). */
export type OverSales = { day: string; undatedCutoff: number };

/** Whether a live sale is over; outside any transaction, as hasStaleReports. */
export function hasOverSales(db: Db, over: OverSales): boolean {
	return OVER_SALES_SQL.any.some((sql) => db.$client.query<{ over: 1 }, Bindings>(sql).get(over));
}

/** Expires the live sales that are over; how many. */
export function expireOverSales(tx: Tx, over: OverSales, now: number): number {
	let changes = 0;
	for (const sql of OVER_SALES_SQL.expire)
		changes += tx.$client.query<never, Bindings>(sql).run({ ...over, now }).changes;
	return changes;
}

/** Every product category with its slug, which says how long its prices live. */
export function categorySlugs(db: Db): Pick<typeof productCategories.$inferSelect, "id" | "slug">[] {
	return db.$client
		.query<Pick<typeof productCategories.$inferSelect, "id" | "slug">, []>("SELECT id, slug FROM product_categories")
		.all();
}

const COUNT_REPORT_SQL = `UPDATE users SET total_reports = total_reports + 1,
  unique_stores_visited = unique_stores_visited + $firstVisit, updated_at = $now WHERE id = $id`;

/** Counts a report for its author, and the place if it is their first report there that counts as a visit. */
export function countReport(tx: Tx, userId: string, firstVisit: boolean, now: number) {
	tx.$client.query(COUNT_REPORT_SQL).run({ firstVisit: firstVisit ? 1 : 0, now, id: userId });
}

/** Counts a report the quality check refused against its author's accuracy: a small write of its own. */
export async function countRefusal(db: Db, userId: string): Promise<void> {
	db.$client.query("UPDATE users SET reports_refused = reports_refused + 1 WHERE id = ?1").run(userId);
}
