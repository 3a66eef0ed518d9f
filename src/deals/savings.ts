/**
 * What taking a deal saves: the typical price of the product near the taker, the median of the live
 * reports that can be trusted (src/data/trusted-prices.ts), minus the deal's price, never negative. Measured
 * against the median and not the highest price, so that one mistyped price let in on thin history cannot turn
 * every ordinary price of the product into a large saving. Reports that are flagged, hidden, or unusual with
 * nobody's confirmation count neither as the typical price nor as savings.
 */
import type { priceReports } from "../../db/schema.ts";
import type { Stored, StoredPick } from "../lib/stored.ts";
import { median } from "../reports/index.ts";

type Cents = Stored<typeof priceReports.priceCents>;

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
