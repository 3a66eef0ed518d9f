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
import { recountFeedback } from "../reports/index.ts";
import { removeUploadFiles, unreferencedPaths, uploadPathsOf } from "../uploads/index.ts";
import { toUserJson } from "./serialize.ts";

export function getUserByUsername(db: Db, username: string): User | undefined {
	return db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`).get();
}

export function getUserById(db: Db, id: string): User | undefined {
	return db.select().from(users).where(eq(users.id, id)).get();
}

/** How many price reports the user made, and the upvotes they earned (their reputation). */
export function reportStats(db: Db, userId: string) {
	const row = db
		.select({ n: count(), upvotes: sql<number>`coalesce(sum(${priceReports.upvotes}), 0)` })
		.from(priceReports)
		.where(eq(priceReports.userId, userId))
		.get();
	return { priceReportsMade: row?.n ?? 0, reputation: row?.upvotes ?? 0 };
}

export const userJson = (db: Db, user: User) => toUserJson(user, reportStats(db, user.id));

/**
 * Removes a user and everything that is theirs. Their upvotes are taken back from the counts first;
 * sessions, reports, upvote rows, feedback, deals taken and alerts then go through ON DELETE CASCADE, and
 * the reports their feedback was about are recounted (a flag must not outlive its giver), all in one
 * transaction. Given the uploads folder, the photo files only they pointed at are removed after the commit
 * (a file is never removed while the database still names it).
 */
export function deleteAccount(db: Db, userId: string, uploadsDir?: string) {
	const orphaned = db.transaction(
		(tx) => {
			const photos = uploadPathsOf(tx, userId);
			tx.update(priceReports)
				.set({ upvotes: sql`max(${priceReports.upvotes} - 1, 0)` })
				.where(
					sql`${priceReports.id} IN (SELECT ${userUpvotes.priceReportId} FROM ${userUpvotes} WHERE ${userUpvotes.userId} = ${userId})`,
				)
				.run();
			const spokenOf = (f: typeof priceReportFeedback | typeof gasReportFeedback) =>
				tx
					.select({ id: f.reportId })
					.from(f)
					.where(eq(f.userId, userId))
					.all()
					.map((r) => r.id);
			const products = spokenOf(priceReportFeedback);
			const fuel = spokenOf(gasReportFeedback);
			tx.delete(users).where(eq(users.id, userId)).run();
			const now = Date.now();
			for (const id of products) recountFeedback(db, "price_reports", id, now);
			for (const id of fuel) recountFeedback(db, "gas_price_reports", id, now);
			return unreferencedPaths(tx, photos);
		},
		{ behavior: "immediate" },
	);
	if (uploadsDir) removeUploadFiles(uploadsDir, orphaned);
}
