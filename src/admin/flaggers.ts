/**
 * Who raised a queued report's open flags, for the moderator to weigh them (decision 0071): each flagger's
 * account age, accuracy and standing now, beside their reason. A burst of new accounts flagging one price
 * reads as what it is. One probe of the feedback table's partial index of open flags per page of the queue.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { FlagReason } from "../../db/enums.ts";
import { type gasReportFeedback, type priceReportFeedback, users } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { accountAgeDays, accuracyOf, standingOf } from "../reports/index.ts";

type Feedback = typeof priceReportFeedback | typeof gasReportFeedback;

const round2 = (x: number) => Math.round(x * 100) / 100;

function flaggerRows(db: Db, f: Feedback, ids: number[]) {
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

function toFlagger(row: ReturnType<typeof flaggerRows>[number], now: number) {
	const createdAt = row.createdAt.getTime();
	return {
		username: row.username,
		// A flag always carries a reason; one without reads as "other", as the reasons' counts read it.
		reason: (row.reason ?? "other") as FlagReason,
		flaggedAt: row.flaggedAt.toISOString(),
		/** When the flagger's account was made, and its age in whole days (0: made within the last day). */
		joinedAt: new Date(createdAt).toISOString(),
		accountAgeDays: accountAgeDays(createdAt, now),
		accuracy: accuracyOf(row),
		/** What their flag weighs now, 0 to 1 (src/reports/standing.ts). */
		standing: round2(standingOf({ ...row, createdAt }, now)),
	};
}
export type Flagger = ReturnType<typeof toFlagger>;

/** Per report of `ids`, who flagged it and is still open, in the order they flagged. */
export function flaggersOf(db: Db, f: Feedback, ids: number[], now: number) {
	const byReport = new Map<number, Flagger[]>();
	if (ids.length === 0) return byReport;
	for (const row of flaggerRows(db, f, ids)) {
		const list = byReport.get(row.reportId) ?? [];
		list.push(toFlagger(row, now));
		byReport.set(row.reportId, list);
	}
	return byReport;
}
