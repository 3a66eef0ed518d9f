import { and, eq, sql } from "drizzle-orm";
import { dealTakes, priceReports, users, userUpvotes } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { conflict, forbidden, HttpError, notFound } from "../lib/http.ts";
import { centsToNumber } from "../lib/money.ts";
import { DAY_MS } from "../lib/time.ts";
import { nearTokens } from "../lib/zip.ts";
import { dealSavings, tookSameProductSince, trustedPrices } from "./savings.ts";

function requireReport(db: Db, id: number) {
	const report = db.select().from(priceReports).where(eq(priceReports.id, id)).get();
	if (!report) throw notFound("Price report not found");
	return report;
}

/** Adds or takes back the user's upvote; the count moves in the same transaction as the vote row. */
export function toggleUpvote(db: Db, userId: string, reportId: number) {
	const report = requireReport(db, reportId);
	if (report.userId === userId) throw forbidden("You can't upvote your own report");
	// Withdrawn by a moderator: no more reputation for it. An expired report keeps its votes and takes more.
	if (!report.isActive) throw new HttpError(409, "This report is no longer available");
	return db.transaction(
		(tx) => {
			const removed = tx
				.delete(userUpvotes)
				.where(and(eq(userUpvotes.userId, userId), eq(userUpvotes.priceReportId, reportId)))
				.returning({ id: userUpvotes.id })
				.all();
			const wasAdded = removed.length === 0;
			if (wasAdded) tx.insert(userUpvotes).values({ userId, priceReportId: reportId }).run();
			const updated = tx
				.update(priceReports)
				.set({ upvotes: sql`max(${priceReports.upvotes} + ${wasAdded ? 1 : -1}, 0)` })
				.where(eq(priceReports.id, reportId))
				.returning({ upvotes: priceReports.upvotes })
				.get();
			return { wasAdded, upvotes: updated?.upvotes ?? 0, reportId };
		},
		{ behavior: "immediate" },
	);
}

/** One deal per product (name and category) per shopper within this long. */
const SAME_PRODUCT_WINDOW_MS = DAY_MS;

/**
 * Records a deal taken: savings = the typical price of the same product (same name and category) near the taker
 * (the prices their search showed beside it; near the report for a taker with no ZIP), the median of its
 * trustworthy live reports, minus this report's price, never negative (savings.ts). Once per user and report, not
 * on one's own report, and one deal per product a day: a shopper cannot count the same saving twice.
 */
export function takeDeal(db: Db, taker: { id: string; zipCode: string | null }, reportId: number) {
	const userId = taker.id;
	const report = requireReport(db, reportId);
	if (report.userId === userId) throw forbidden("You can't take a deal on your own report");
	if (!report.isActive || report.isExpired) throw new HttpError(409, "This deal is no longer available");
	return db.transaction(
		(tx) => {
			const taken = tx
				.select({ savingsCents: dealTakes.savingsCents })
				.from(dealTakes)
				.where(and(eq(dealTakes.userId, userId), eq(dealTakes.priceReportId, reportId)))
				.get();
			if (taken)
				throw new HttpError(409, "You have already taken this deal", { savings: centsToNumber(taken.savingsCents) });
			// The raw reads (db, not tx) run inside the transaction: it is the same connection.
			const product = { name: report.normalizedName, category: report.categoryId };
			const now = Date.now();
			if (tookSameProductSince(db, { user: userId, ...product, since: now - SAME_PRODUCT_WINDOW_MS }))
				throw conflict(`You already took a deal on ${report.productName} in the last 24 hours`);
			const prices = trustedPrices(db, {
				...product,
				places: JSON.stringify(nearTokens(taker.zipCode ?? report.zipCode)),
			});
			const { savingsCents, typicalCents, highestCents } = dealSavings(report, prices);
			tx.insert(dealTakes)
				.values({ userId, priceReportId: reportId, savingsCents, createdAt: new Date(now) })
				.run();
			tx.update(users)
				.set({ totalMoneySavedCents: sql`${users.totalMoneySavedCents} + ${savingsCents}`, updatedAt: new Date(now) })
				.where(eq(users.id, userId))
				.run();
			return {
				savings: centsToNumber(savingsCents),
				highestPrice: centsToNumber(highestCents),
				typicalPrice: centsToNumber(typicalCents),
			};
		},
		{ behavior: "immediate" },
	);
}
