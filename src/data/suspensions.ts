/**
 * Accounts as the moderators' console lists them ("Admin user list entry", spec §3), and what suspending one
 * and lifting its suspension write: the account's row, its reports withdrawn for the suspension and brought
 * back, its upvotes and its words on others' reports. The writes run inside the caller's transaction.
 */
import { and, eq, sql } from "drizzle-orm";
import { gasPriceReports, priceReports, users, userUpvotes } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { FEEDBACK_TABLE } from "./report-feedback.ts";
import type { ReportTable } from "./reports.ts";
import type { Tx } from "./transaction.ts";

/** The "Admin user list entry" columns (spec §3). */
const entryColumns = {
	id: users.id,
	username: users.username,
	firstName: users.firstName,
	lastName: users.lastName,
	profileImageUrl: users.profileImageUrl,
	isTerminated: users.isTerminated,
};

/**
 * Every account (private and suspended ones too) whose username contains `text` (lower case, LIKE's own
 * characters escaped), case aside, in alphabetical order; the first `limit`, each with how many match in all.
 */
export async function accountEntries(db: Db, text: string, escaped: string, limit: number) {
	return db
		.select({ ...entryColumns, total: sql<number>`count(*) OVER ()` })
		.from(users)
		.where(text ? sql`lower(${users.username}) LIKE ${`%${escaped}%`} ESCAPE '\\'` : undefined)
		.orderBy(sql`lower(${users.username})`)
		.limit(limit)
		.all();
}

/** Whether the account is suspended; undefined when there is no such account. */
export function suspendedState(tx: Tx, userId: string) {
	return tx.select({ isTerminated: users.isTerminated }).from(users).where(eq(users.id, userId)).get();
}

/**
 * Suspends the account with its reason, time and moderator, unless it already is (two moderators at once: the
 * first decision stands, with its reason); its list entry and suspension, or undefined.
 */
export function suspendUserRow(tx: Tx, userId: string, suspension: { reason: string; by: string; now: Date }) {
	const { reason, by, now } = suspension;
	return tx
		.update(users)
		.set({ isTerminated: true, terminationReason: reason, terminatedAt: now, terminatedBy: by, updatedAt: now })
		.where(and(eq(users.id, userId), eq(users.isTerminated, false)))
		.returning({ ...entryColumns, terminationReason: users.terminationReason, terminatedAt: users.terminatedAt })
		.get();
}

/**
 * Withdraws the account's live price and fuel reports for the suspension (so that lifting it brings back
 * these and only these); how many. The search index and the stations' current prices follow by their triggers.
 */
export function withdrawReportsOf(tx: Tx, userId: string, now: Date): number {
	const withdraw = { isActive: false, withdrawnReason: "suspended" as const, updatedAt: now };
	const price = tx
		.update(priceReports)
		.set(withdraw)
		.where(and(eq(priceReports.userId, userId), eq(priceReports.isActive, true)))
		.returning({ id: priceReports.id })
		.all().length;
	const fuel = tx
		.update(gasPriceReports)
		.set(withdraw)
		.where(and(eq(gasPriceReports.userId, userId), eq(gasPriceReports.isActive, true)))
		.returning({ id: gasPriceReports.id })
		.all().length;
	return price + fuel;
}

/** Deletes the upvotes the account gave (after their counts were taken back: src/data/users.ts). */
export function deleteUpvotesOf(tx: Tx, userId: string) {
	tx.delete(userUpvotes).where(eq(userUpvotes.userId, userId)).run();
}

/** Dismisses the account's open flags of `table`'s reports; the reports they were about. */
export function dismissOpenFlagsOf(tx: Tx, table: ReportTable, userId: string, now: number): number[] {
	return tx.$client
		.query<{ id: number }, { user: string; now: number }>(
			`UPDATE ${FEEDBACK_TABLE[table]} SET status = 'dismissed', updated_at = $now
          WHERE user_id = $user AND kind = 'wrong' AND status = 'open' RETURNING report_id AS id`,
		)
		.all({ user: userId, now })
		.map((r) => r.id);
}

/** Deletes the account's other words on `table`'s reports (confirmations, stock and changed prices); their reports. */
export function deleteWordsOf(tx: Tx, table: ReportTable, userId: string): number[] {
	return tx.$client
		.query<{ id: number }, { user: string }>(
			`DELETE FROM ${FEEDBACK_TABLE[table]} WHERE user_id = $user AND kind IN ('confirm', 'unavailable', 'changed')
          RETURNING report_id AS id`,
		)
		.all({ user: userId })
		.map((r) => r.id);
}

/** Lifts the account's suspension (its reason, time and moderator cleared) if it has one; its list entry, or undefined. */
export function liftUserRow(tx: Tx, userId: string, now: Date) {
	return tx
		.update(users)
		.set({ isTerminated: false, terminationReason: null, terminatedAt: null, terminatedBy: null, updatedAt: now })
		.where(and(eq(users.id, userId), eq(users.isTerminated, true)))
		.returning(entryColumns)
		.get();
}

/** Brings back the account's reports withdrawn for the suspension, unless they expired meanwhile; each with its flags. */
export function restoreReportsOf(tx: Tx, userId: string, now: Date) {
	const back = { isActive: true, withdrawnReason: null, updatedAt: now };
	const products = tx
		.update(priceReports)
		.set(back)
		.where(
			and(
				eq(priceReports.userId, userId),
				eq(priceReports.withdrawnReason, "suspended"),
				eq(priceReports.isExpired, false),
			),
		)
		.returning({ id: priceReports.id, flags: priceReports.flagCount })
		.all();
	const fuel = tx
		.update(gasPriceReports)
		.set(back)
		.where(
			and(
				eq(gasPriceReports.userId, userId),
				eq(gasPriceReports.withdrawnReason, "suspended"),
				eq(gasPriceReports.isExpired, false),
			),
		)
		.returning({ id: gasPriceReports.id, flags: gasPriceReports.flagCount })
		.all();
	return { products, fuel };
}
