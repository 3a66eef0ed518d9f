/**
 * Who raised some reports' open flags, with what the moderator weighs them by: each flagger's account age,
 * counts and source. One probe of the feedback table's partial index of open flags per page of the queue.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { type gasReportFeedback, type priceReportFeedback, users } from "../../db/schema.ts";
import type { Db } from "../db.ts";

/** A feedback table: product reports' or fuel reports'. */
export type FeedbackTable = typeof priceReportFeedback | typeof gasReportFeedback;

/**
 * The open flags of the reports of `ids`, the first raised first, each with its flagger's account. Synchronous:
 * the queue lists them, and a moderator's decision reads them again inside its transaction.
 */
export function openFlaggerRows(db: Db, f: FeedbackTable, ids: number[]) {
	return db
		.select({
			reportId: f.reportId,
			reason: f.reason,
			flaggedAt: f.updatedAt,
			username: users.username,
			createdAt: users.createdAt,
			totalReports: users.totalReports,
			reportsUpheld: users.reportsUpheld,
			reportsRefused: users.reportsRefused,
			source: users.source,
			isTerminated: users.isTerminated,
		})
		.from(f)
		.innerJoin(users, eq(users.id, f.userId))
		.where(and(eq(f.kind, "wrong"), eq(f.status, "open"), inArray(f.reportId, ids)))
		.orderBy(asc(f.updatedAt), asc(f.id))
		.all();
}
export type OpenFlaggerRow = ReturnType<typeof openFlaggerRows>[number];
