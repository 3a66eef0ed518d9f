/**
 * What taking a deal saves: the typical price of the product near the taker, the median of the live
 * reports that can be trusted, minus the deal's price, never negative. Measured against the median and not the
 * highest price, so that one mistyped price let in on thin history cannot turn every ordinary price of the
 * product into a large saving. Reports that are flagged, hidden, or unusual with nobody's confirmation count
 * neither as the typical price nor as savings. Raw SQL because Drizzle cannot say INDEXED BY.
 */
import type { dealTakes, priceReports } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Stored, StoredPick } from "../lib/stored.ts";
import { median, trustworthySql } from "../reports/index.ts";

type Bindings = Record<string, string | number | null>;
type Cents = Stored<typeof priceReports.priceCents>;

// The live reports of the product at some places, one range of price_reports_history_idx per place (which holds
// the price); the trust columns are read from each report's row. A product has few live reports near anyone.
const TRUSTED_PRICES_SQL = `
  SELECT r.price_cents AS cents FROM price_reports r INDEXED BY price_reports_history_idx
  WHERE r.normalized_name = $name AND r.category_id = $category
    AND r.loc_token IN (SELECT value FROM json_each($places)) AND r.is_expired = 0 AND ${trustworthySql("r")}`;

/** The prices of a product's trustworthy live reports (name and category) at some places (JSON). */
export function trustedPrices(db: Db, bindings: { name: string; category: number; places: string }): Cents[] {
	return db.$client
		.query<{ cents: Cents }, Bindings>(TRUSTED_PRICES_SQL)
		.all(bindings)
		.map((r) => r.cents);
}

/** A report as the savings read it: its price, and whether it is an unusual price nobody has confirmed. */
type Deal = StoredPick<typeof priceReports, "priceCents" | "confirmWeight"> & { isUnusual: boolean | number };

/**
 * The deal's savings, against the typical (median) price of `prices`; the highest of them and the deal's own,
 * which the spec's answer carries. Without a trustworthy price, the deal's own price is both. An unusual price nobody has
 * confirmed saves nothing.
 */
export function dealSavings(deal: Deal, prices: readonly Cents[]) {
	const typicalCents = prices.length > 0 ? Math.round(median(prices)) : deal.priceCents;
	// The deal itself may be left out of `prices` (flagged once, unusual, or away from the taker): the highest
	// price is never below the one being taken.
	const highestCents = Math.max(deal.priceCents, ...prices);
	const unconfirmedUnusual = Boolean(deal.isUnusual) && deal.confirmWeight <= 0;
	const savingsCents = unconfirmedUnusual ? 0 : Math.max(0, typicalCents - deal.priceCents);
	return { savingsCents, typicalCents, highestCents };
}

// The taker's deals (one range of deal_takes_user_report_unique), those of the window kept, each deal's report read
// by its key. The range is every deal the taker ever took: an index on (user, time) would bound it to the window.
const SAME_PRODUCT_TAKEN_SQL = `
  SELECT t.price_report_id AS priceReportId FROM deal_takes t INDEXED BY deal_takes_user_report_unique
  JOIN price_reports r ON r.id = t.price_report_id
  WHERE t.user_id = $user AND t.created_at >= $since AND r.normalized_name = $name AND r.category_id = $category
  LIMIT 1`;

/** Whether the user took a deal on the product (name and category) since `since` (ms). */
export function tookSameProductSince(
	db: Db,
	bindings: { user: string; name: string; category: number; since: number },
): boolean {
	return Boolean(
		db.$client.query<StoredPick<typeof dealTakes, "priceReportId">, Bindings>(SAME_PRODUCT_TAKEN_SQL).get(bindings),
	);
}
