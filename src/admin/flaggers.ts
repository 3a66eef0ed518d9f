/**
 * Who raised a queued report's open flags, for the moderator to weigh them (decision 0071): each flagger's
 * account age, accuracy and standing now, beside their reason. A burst of new accounts flagging one price
 * reads as what it is. One probe of the feedback table's partial index of open flags per page of the queue.
 */
import type { FlagReason } from "../../db/enums.ts";
import { type FeedbackTable, type OpenFlaggerRow, openFlaggerRows } from "../data/flaggers.ts";
import type { Db } from "../db.ts";
import { accountAgeDays, accuracyOf, standingOf } from "../reports/index.ts";

const round2 = (x: number) => Math.round(x * 100) / 100;

function toFlagger(row: OpenFlaggerRow, now: number) {
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

/**
 * Per report of `ids`, who flagged it and is still open, in the order they flagged. Synchronous, as the
 * decision's transaction reads it (flags.ts).
 */
export function flaggersOf(db: Db, f: FeedbackTable, ids: number[], now: number) {
	const byReport = new Map<number, Flagger[]>();
	if (ids.length === 0) return byReport;
	for (const row of openFlaggerRows(db, f, ids)) {
		const list = byReport.get(row.reportId) ?? [];
		list.push(toFlagger(row, now));
		byReport.set(row.reportId, list);
	}
	return byReport;
}
