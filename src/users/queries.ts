import type { User } from "../../db/schema.ts";
import { transaction } from "../data/transaction.ts";
import { unreferencedPaths, uploadPathsOf } from "../data/upload-paths.ts";
import { deleteUser, reportStats, reportsSpokenOfBy, takeBackUpvotesOf } from "../data/users.ts";
import type { Db } from "../db.ts";
import { recountFeedback } from "../reports/index.ts";
import { removeUploadFiles } from "../uploads/index.ts";
import { toUserJson } from "./serialize.ts";

export const userJson = async (db: Db, user: User) => toUserJson(user, await reportStats(db, user.id));

/**
 * Removes a user and everything that is theirs. Their upvotes are taken back from the counts first;
 * sessions, reports, upvote rows, feedback, deals taken and alerts then go through ON DELETE CASCADE, and
 * the reports their feedback was about are recounted (a flag must not outlive its giver), all in one
 * transaction. Given the uploads folder, the photo files only they pointed at are removed after the commit
 * (a file is never removed while the database still names it).
 */
export async function deleteAccount(db: Db, userId: string, uploadsDir?: string) {
	const orphaned = await transaction(
		db,
		(tx) => {
			const photos = uploadPathsOf(tx, userId);
			takeBackUpvotesOf(tx, userId);
			const products = reportsSpokenOfBy(tx, "price_reports", userId);
			const fuel = reportsSpokenOfBy(tx, "gas_price_reports", userId);
			deleteUser(tx, userId);
			const now = Date.now();
			for (const id of products) recountFeedback(tx, "price_reports", id, now);
			for (const id of fuel) recountFeedback(tx, "gas_price_reports", id, now);
			return unreferencedPaths(tx, photos);
		},
		"immediate",
	);
	if (uploadsDir) removeUploadFiles(uploadsDir, orphaned);
}
