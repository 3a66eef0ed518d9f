/**
 * Duplicates: the same price of the same thing at the same place from another shopper, reported or
 * confirmed within a day, is a confirmation of the report already standing, not a second listing. The report
 * writes look for one inside their transaction, once the price has passed the quality check; a confirmation
 * is not a report (no counters, no alert hits: the standing report made those).
 */
import type { Db } from "../db.ts";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../lib/time.ts";

/** How recently the standing report must have been seen (reported or confirmed) for a same price to confirm it. */
export const DUPLICATE_WINDOW_MS = DAY_MS;

/** The report a same price confirms: its id, and when it was last seen and how, before this confirmation. */
export type StandingReport = { id: number; seenAt: number; confirmed: boolean };

type Bindings = Record<string, string | number>;
type StandingRow = { id: number; createdAt: number; confirmedAt: number | null };

// Another shopper's live report of the product at the store at this price: a range of the history index
// (product and place), then the store, price and dates of those few rows.
const PRODUCT_SQL = `
  SELECT id, created_at AS createdAt, confirmed_at AS confirmedAt
  FROM price_reports INDEXED BY price_reports_history_idx
  WHERE normalized_name = $name AND category_id = $category AND loc_token = $loc AND is_active = 1 AND is_expired = 0
    AND store_id = $store AND price_cents = $price AND user_id <> $user
    AND max(created_at, coalesce(confirmed_at, 0)) >= $since
  ORDER BY max(created_at, coalesce(confirmed_at, 0)) DESC LIMIT 1`;

// The same for fuel: the station's live reports of the fuel, from the live index.
const FUEL_SQL = `
  SELECT id, created_at AS createdAt, confirmed_at AS confirmedAt
  FROM gas_price_reports INDEXED BY gas_reports_live_idx
  WHERE station_id = $station AND fuel_type = $fuel AND is_active = 1 AND is_expired = 0
    AND price_mills = $price AND user_id <> $user
    AND max(created_at, coalesce(confirmed_at, 0)) >= $since
  ORDER BY max(created_at, coalesce(confirmed_at, 0)) DESC LIMIT 1`;

const standing = (row: StandingRow | null): StandingReport | null =>
	row && {
		id: row.id,
		seenAt: Math.max(row.createdAt, row.confirmedAt ?? 0),
		confirmed: (row.confirmedAt ?? 0) > row.createdAt,
	};

/** Another shopper's report of this product at this store at this price, seen within the window; null if none. */
export function standingPriceReport(
	db: Db,
	key: { name: string; category: number; loc: string; store: number; price: number; user: string },
	now: number,
): StandingReport | null {
	const row = db.$client.query<StandingRow, Bindings>(PRODUCT_SQL).get({ ...key, since: now - DUPLICATE_WINDOW_MS });
	return standing(row);
}

/** Another shopper's report of this fuel at this station at this price, seen within the window; null if none. */
export function standingFuelReport(
	db: Db,
	key: { station: number; fuel: string; price: number; user: string },
	now: number,
): StandingReport | null {
	return standing(db.$client.query<StandingRow, Bindings>(FUEL_SQL).get({ ...key, since: now - DUPLICATE_WINDOW_MS }));
}

/** "2 hr ago", as the duplicate's message says it. */
function ago(ms: number) {
	if (ms < MINUTE_MS) return "just now";
	if (ms < HOUR_MS) return `${Math.floor(ms / MINUTE_MS)} min ago`;
	return `${Math.floor(ms / HOUR_MS)} hr ago`;
}

/** What the answer tells the shopper whose price was counted as a confirmation. */
export const duplicateMessage = (report: StandingReport, now = Date.now()) =>
	`Someone ${report.confirmed ? "confirmed" : "reported"} this price here ${ago(now - report.seenAt)}; we counted yours as a confirmation.`;
