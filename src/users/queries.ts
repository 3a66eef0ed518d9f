import { count, eq, sql } from "drizzle-orm";
import { priceReports, type User, users, userUpvotes } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { removeUploadFiles, unreferencedPaths, uploadPathsOf } from "../uploads/references.ts";
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
 * sessions, reports, upvote rows, deals taken and alerts then go through ON DELETE CASCADE, all in one
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
			tx.delete(users).where(eq(users.id, userId)).run();
			return unreferencedPaths(tx, photos);
		},
		{ behavior: "immediate" },
	);
	if (uploadsDir) removeUploadFiles(uploadsDir, orphaned);
}
