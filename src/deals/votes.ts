import { and, eq, sql } from "drizzle-orm";
import { dealTakes, priceReports, users, userUpvotes } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { forbidden, HttpError, notFound } from "../lib/http.ts";
import { centsToNumber } from "../lib/money.ts";
import { locTokenRange } from "../lib/zip.ts";

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

// The live reports of the product within 20 zips, read from price_reports_history_idx alone (it holds the price).
const HIGHEST_SQL = `
  SELECT max(price_cents) AS cents FROM price_reports INDEXED BY price_reports_history_idx
  WHERE normalized_name = $name AND category_id = $category AND loc_token BETWEEN $locFrom AND $locTo
    AND is_active = 1 AND is_expired = 0`;

/**
 * Records a deal taken: savings = the highest active price of the same product (same name and category)
 * within 20 zips of the report, minus this report's price, never negative. Once per user and report.
 */
export function takeDeal(db: Db, userId: string, reportId: number) {
	const report = requireReport(db, reportId);
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
			// Statements on the client run inside the transaction: it is the same connection.
			const [locFrom, locTo] = locTokenRange(report.zipCode);
			const highest = db.$client
				.query<{ cents: number | null }, Record<string, string | number>>(HIGHEST_SQL)
				.get({ name: report.normalizedName, category: report.categoryId, locFrom, locTo });
			const highestCents = Math.max(highest?.cents ?? report.priceCents, report.priceCents);
			const savingsCents = Math.max(0, highestCents - report.priceCents);
			tx.insert(dealTakes).values({ userId, priceReportId: reportId, savingsCents }).run();
			tx.update(users)
				.set({ totalMoneySavedCents: sql`${users.totalMoneySavedCents} + ${savingsCents}`, updatedAt: new Date() })
				.where(eq(users.id, userId))
				.run();
			return { savings: centsToNumber(savingsCents), highestPrice: centsToNumber(highestCents) };
		},
		{ behavior: "immediate" },
	);
}
