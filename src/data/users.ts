/**
 * Shoppers' rows: found by name, made at sign-up, their settings changed, their counters read, and the rows
 * an account's deletion takes with it.
 */
import { count, eq, sql } from "drizzle-orm";
import {
	gasReportFeedback,
	priceReportFeedback,
	priceReports,
	type User,
	users,
	userUpvotes,
} from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Tx } from "./transaction.ts";

/** The shopper with this username, case aside. */
export async function userByUsername(db: Db, username: string): Promise<User | undefined> {
	return db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`).get();
}

/** Stores a new shopper; a taken username fails on the unique index. */
export async function insertUser(
	db: Db,
	values: Pick<typeof users.$inferInsert, "username" | "password" | "firstName" | "lastName" | "zipCode">,
): Promise<User> {
	return db.insert(users).values(values).returning().get();
}

/** What a shopper may change of their own account. */
export type UserPatch = Partial<
	Pick<
		User,
		| "zipCode"
		| "preferredFuelType"
		| "profileVisible"
		| "statsVisible"
		| "creditOpenData"
		| "password"
		| "profileImageUrl"
		| "carMilesPerGallon"
		| "carTankGallons"
		| "carMilesPerKwh"
		| "carBatteryKwh"
		| "alertDailyCap"
	>
>;

/** Changes the shopper's row and answers it as it now is; undefined when the account is gone. */
export function updateUser(tx: Tx, userId: string, patch: UserPatch): User | undefined {
	return tx
		.update(users)
		.set({ ...patch, updatedAt: new Date() })
		.where(eq(users.id, userId))
		.returning()
		.get();
}

/** The shopper's profile photo's path, or null; undefined when the account is gone. */
export function profilePhotoOf(tx: Tx, userId: string): string | null | undefined {
	return tx.select({ url: users.profileImageUrl }).from(users).where(eq(users.id, userId)).get()?.url;
}

/** How many price reports the user made, and the upvotes they earned (their reputation). */
export async function reportStats(db: Db, userId: string) {
	const row = db
		.select({ n: count(), upvotes: sql<number>`coalesce(sum(${priceReports.upvotes}), 0)` })
		.from(priceReports)
		.where(eq(priceReports.userId, userId))
		.get();
	return { priceReportsMade: row?.n ?? 0, reputation: row?.upvotes ?? 0 };
}

/** Takes the shopper's upvotes back from the counts of the reports they upvoted. */
export function takeBackUpvotesOf(tx: Tx, userId: string) {
	tx.update(priceReports)
		.set({ upvotes: sql`max(${priceReports.upvotes} - 1, 0)` })
		.where(
			sql`${priceReports.id} IN (SELECT ${userUpvotes.priceReportId} FROM ${userUpvotes} WHERE ${userUpvotes.userId} = ${userId})`,
		)
		.run();
}

const FEEDBACK = { price_reports: priceReportFeedback, gas_price_reports: gasReportFeedback };

/** The reports of `table` the shopper gave a word on. */
export function reportsSpokenOfBy(tx: Tx, table: keyof typeof FEEDBACK, userId: string): number[] {
	const f = FEEDBACK[table];
	return tx
		.select({ id: f.reportId })
		.from(f)
		.where(eq(f.userId, userId))
		.all()
		.map((r) => r.id);
}

/** Deletes the shopper's row; what is theirs goes with it through ON DELETE CASCADE. */
export function deleteUser(tx: Tx, userId: string) {
	tx.delete(users).where(eq(users.id, userId)).run();
}
