import { transaction } from "../data/transaction.ts";
import { trustedPricesIn } from "../data/trusted-prices.ts";
import { dealTakenBy, recordDealTake, toggleUpvoteRow, tookSameProductSince, votedReport } from "../data/votes.ts";
import type { Db } from "../db.ts";
import { conflict, forbidden, HttpError, notFound } from "../lib/http.ts";
import { centsToNumber } from "../lib/money.ts";
import { DAY_MS } from "../lib/time.ts";
import { nearTokens } from "../lib/zip.ts";
import { dealSavings } from "./savings.ts";

async function requireReport(db: Db, id: number) {
	const report = await votedReport(db, id);
	if (!report) throw notFound("Price report not found");
	return report;
}

/** Adds or takes back the user's upvote; the count moves in the same transaction as the vote row. */
export async function toggleUpvote(db: Db, userId: string, reportId: number) {
	const report = await requireReport(db, reportId);
	if (report.userId === userId) throw forbidden("You can't upvote your own report");
	// Withdrawn by a moderator: no more reputation for it. An expired report keeps its votes and takes more.
	if (!report.isActive) throw new HttpError(409, "This report is no longer available");
	return transaction(db, (tx) => ({ ...toggleUpvoteRow(tx, userId, reportId), reportId }), "immediate");
}

/** One deal per product (name and category) per shopper within this long. */
const SAME_PRODUCT_WINDOW_MS = DAY_MS;

/**
 * Records a deal taken: savings = the typical price of the same product (same name and category) near the taker
 * (the prices their search showed beside it; near the report for a taker with no ZIP), the median of its
 * trustworthy live reports, minus this report's price, never negative (savings.ts). Once per user and report, not
 * on one's own report, and one deal per product a day: a shopper cannot count the same saving twice.
 */
export async function takeDeal(db: Db, taker: { id: string; zipCode: string | null }, reportId: number) {
	const userId = taker.id;
	const report = await requireReport(db, reportId);
	if (report.userId === userId) throw forbidden("You can't take a deal on your own report");
	if (!report.isActive || report.isExpired) throw new HttpError(409, "This deal is no longer available");
	return transaction(
		db,
		(tx) => {
			const taken = dealTakenBy(tx, userId, reportId);
			if (taken)
				throw new HttpError(409, "You have already taken this deal", { savings: centsToNumber(taken.savingsCents) });
			const product = { name: report.normalizedName, category: report.categoryId };
			const now = Date.now();
			if (tookSameProductSince(tx, { user: userId, ...product, since: now - SAME_PRODUCT_WINDOW_MS }))
				throw conflict(`You already took a deal on ${report.productName} in the last 24 hours`);
			const prices = trustedPricesIn(tx, {
				...product,
				places: JSON.stringify(nearTokens(taker.zipCode ?? report.zipCode)),
			});
			const { savingsCents, typicalCents, highestCents } = dealSavings(report, prices);
			recordDealTake(tx, { userId, reportId, savingsCents, now });
			return {
				savings: centsToNumber(savingsCents),
				highestPrice: centsToNumber(highestCents),
				typicalPrice: centsToNumber(typicalCents),
			};
		},
		"immediate",
	);
}
