/**
 * How a price stops counting, products and fuel alike: by age (the sweep), a sale once it is over, as an
 * outlier of the consensus a new report completes, or replaced by the same shopper's newer price at the same
 * place. Expired reports leave the search index and the station caches (their triggers), and never count toward
 * a consensus or a deal's savings.
 */
import {
	expireAgedReports,
	expireOverSales,
	expireReportsById,
	type HistoryRow,
	hasOverSales,
	hasStaleReports,
} from "../data/reports.ts";
import { type Tx, transaction } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import type { ExpirationAnalysis } from "../lib/errors.ts";
import { lastOverSaleDay, UNDATED_SALE_DAYS } from "../lib/price-terms.ts";
import { DAY_MS } from "../lib/time.ts";
import { consensusOf, heardPrices, isOutlier, MIN_CONSENSUS_REPORTS } from "./consensus.ts";
import type { Market } from "./market.ts";

export const REPLACED_REASON = "Replaced by a newer price from the same shopper";

/** The answer's warning when a report replaced the shopper's earlier price there. */
export const replacedWarning = (price: string, place: string) =>
	`This replaces your earlier price of ${price} at ${place}.`;

/**
 * Expires the market's reports past their age, all in one transaction; how many. Ranges with nothing due
 * are only looked at, so a sweep with nothing to do takes no write lock.
 */
export async function expireByAge(
	db: Db,
	market: Pick<Market<unknown>, "table" | "maxAges">,
	now = Date.now(),
): Promise<number> {
	const due = market
		.maxAges(db)
		.map((range) => ({ ...range, cutoff: now - range.days * DAY_MS }))
		.filter((range) => hasStaleReports(db, market.table, range));
	if (due.length === 0) return 0;
	return transaction(
		db,
		(tx) => {
			let changes = 0;
			for (const range of due) changes += expireAgedReports(tx, market.table, range, now);
			return changes;
		},
		"immediate",
	);
}

/**
 * Expires the sales that are over (lib/price-terms.ts says when a last day is), and those that gave no last
 * day once nobody has reported or confirmed them for a few days; how many.
 */
export async function expireEndedSalesAt(db: Db, now = Date.now()): Promise<number> {
	const over = { day: lastOverSaleDay(now), undatedCutoff: now - UNDATED_SALE_DAYS * DAY_MS };
	if (!hasOverSales(db, over)) return 0;
	return transaction(db, (tx) => expireOverSales(tx, over, now), "immediate");
}

/**
 * After a report is accepted, the consensus includes it (one voice per shopper); older reports in `history`
 * that are now clear outliers expire, whoever made them. Null when too few shoppers make a consensus.
 * Runs inside the report's write transaction, on the history read there.
 */
export function expireOutliers(
	tx: Tx,
	market: Pick<Market<unknown>, "format" | "toDollars" | "table">,
	history: readonly HistoryRow[],
	newPrice: number,
	reporterId: string,
	now = Date.now(),
): ExpirationAnalysis | null {
	const voices = heardPrices(history, reporterId);
	const prices = [...voices, newPrice];
	if (prices.length < MIN_CONSENSUS_REPORTS + 1) return null;
	const consensus = consensusOf(prices);
	const community = market.format(Math.round(consensus.median));
	const outliers = history.filter((h) => isOutlier(h.price, consensus));
	if (outliers.length > 0) {
		const ids = outliers.map((o) => o.id);
		expireReportsById(tx, market.table, ids, `Far from the community price of ${community}`, now);
	}
	const n = outliers.length;
	return {
		expiredCount: n,
		consensusPrice: market.toDollars(Math.round(consensus.median)),
		analyzed: prices.length,
		message:
			n > 0
				? `Your report helped remove ${n} outlier price${n === 1 ? "" : "s"}; the community price is now ${community}.`
				: `Consistent with ${voices.length} nearby reports; the community price is ${community}.`,
	};
}
