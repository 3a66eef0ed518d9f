/**
 * What shoppers do with others' price reports: upvotes (user_upvotes, and the count on the report) and deals
 * taken (deal_takes, and the taker's savings on users). Each write runs inside the caller's transaction.
 */
import { and, eq, sql } from "drizzle-orm";
import { dealTakes, priceReports, users, userUpvotes } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { StoredPick } from "../lib/stored.ts";
import type { Tx } from "./transaction.ts";

type Bindings = Record<string, string | number | null>;
type PriceReport = typeof priceReports.$inferSelect;

/** The report a vote or a deal is about, or undefined when there is none. */
export async function votedReport(db: Db, id: number): Promise<PriceReport | undefined> {
	return db.select().from(priceReports).where(eq(priceReports.id, id)).get();
}

/** Adds the user's upvote, or takes it back (wasAdded says which); the report's count moves with the vote row. */
export function toggleUpvoteRow(tx: Tx, userId: string, reportId: number) {
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
	return { wasAdded, upvotes: updated?.upvotes ?? 0 };
}

/** The user's take of this deal, with what it saved them; undefined when they have not taken it. */
export function dealTakenBy(tx: Tx, userId: string, reportId: number) {
	return tx
		.select({ savingsCents: dealTakes.savingsCents })
		.from(dealTakes)
		.where(and(eq(dealTakes.userId, userId), eq(dealTakes.priceReportId, reportId)))
		.get();
}

// The taker's deals (one range of deal_takes_user_report_unique), those of the window kept, each deal's report read
// by its key. The range is every deal the taker ever took: an index on (user, time) would bound it to the window.
// Raw because Drizzle cannot say INDEXED BY.
const SAME_PRODUCT_TAKEN_SQL = `
  SELECT t.price_report_id AS priceReportId FROM deal_takes t INDEXED BY deal_takes_user_report_unique
  JOIN price_reports r ON r.id = t.price_report_id
  WHERE t.user_id = $user AND t.created_at >= $since AND r.normalized_name = $name AND r.category_id = $category
  LIMIT 1`;

/** Whether the user took a deal on the product (name and category) since `since` (ms). */
export function tookSameProductSince(
	tx: Tx,
	bindings: { user: string; name: string; category: number; since: number },
): boolean {
	return Boolean(
		tx.$client.query<StoredPick<typeof dealTakes, "priceReportId">, Bindings>(SAME_PRODUCT_TAKEN_SQL).get(bindings),
	);
}

/** Records the deal taken and adds its savings to the taker's total. */
export function recordDealTake(tx: Tx, take: { userId: string; reportId: number; savingsCents: number; now: number }) {
	const at = new Date(take.now);
	tx.insert(dealTakes)
		.values({ userId: take.userId, priceReportId: take.reportId, savingsCents: take.savingsCents, createdAt: at })
		.run();
	tx.update(users)
		.set({ totalMoneySavedCents: sql`${users.totalMoneySavedCents} + ${take.savingsCents}`, updatedAt: at })
		.where(eq(users.id, take.userId))
		.run();
}
