/**
 * A moderator's decision on a flagged report, in one transaction with its record:
 * - dismiss: the open flags are dismissed, and a report its flags hid comes back (unless its reporter is
 *   suspended: then it waits, withdrawn with the suspension, for the suspension to be lifted);
 * - expire: the report expires, naming the moderation, its flags are upheld and its reporter's accuracy counts
 *   one more report removed;
 * - terminate: the same, and the reporter is suspended as by POST /api/admin/terminate-account.
 * A report its flags hid is decided so even when none of them is open any more (taken back, or their
 * givers' accounts deleted): it waits in the queue for this decision alone. Its reporter is told what came
 * of it (decision 0076): listed again, or removed; a terminated reporter's suspension says it for them.
 */
import { eq, sql } from "drizzle-orm";
import { type User, users } from "../../db/schema.ts";
import { alreadyInside } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import { badRequest, conflict, notFound } from "../lib/http.ts";
import { deliverNotices, type PendingNotice, writeNotice } from "../notices/index.ts";
import {
	discreditReports,
	expireReportsById,
	FEEDBACK_TABLE,
	type ReportTable,
	recountFeedback,
} from "../reports/index.ts";
import type { Runtime } from "../runtime.ts";
import { describeFlags, describeReport, flaggedReport, reportExists } from "./flags.ts";
import { recordAction } from "./record.ts";
import type { FlaggedKind, ResolveFlagsInput } from "./schemas.ts";
import { suspendAccount } from "./suspension.ts";

const TABLE: Record<FlaggedKind, ReportTable> = { product: "price_reports", fuel: "gas_price_reports" };

/** What the expiry says of a report a moderator removed (the reason itself stays in the record). */
export const MODERATED_REASON = "Removed by a moderator after flags";

const ACTION = { dismiss: "dismiss-flags", expire: "expire-report", terminate: "terminate" } as const;

/** Sets the report's open flags to dismissed or upheld. */
function closeFlags(db: Db, table: ReportTable, id: number, status: "dismissed" | "upheld", now: number) {
	db.$client
		.query(`UPDATE ${FEEDBACK_TABLE[table]} SET status = $status, updated_at = $now
      WHERE report_id = $id AND kind = 'wrong' AND status = 'open'`)
		.run({ id, status, now });
}

/**
 * A report its flags hid, its flags dismissed: back in search and the stations' prices by the triggers, or,
 * with its reporter suspended, withdrawn with the suspension so that lifting it brings the report back.
 */
function unhide(db: Db, table: ReportTable, id: number, reporterSuspended: boolean, now: number) {
	const set = reporterSuspended ? "withdrawn_reason = 'suspended'" : "is_active = 1, withdrawn_reason = NULL";
	db.$client
		.query(
			`UPDATE ${table} SET ${set}, updated_at = $now WHERE id = $id AND is_active = 0 AND withdrawn_reason = 'flagged'`,
		)
		.run({ id, now });
}

function listed(db: Db, table: ReportTable, id: number) {
	const row = db.$client
		.query<{ live: number }, { id: number }>(
			`SELECT is_active = 1 AND is_expired = 0 AS live FROM ${table} WHERE id = $id`,
		)
		.get({ id });
	return row?.live === 1;
}

export function resolveFlags(
	runtime: Pick<Runtime, "db" | "live" | "push">,
	moderator: User,
	input: ResolveFlagsInput,
) {
	const { db } = runtime;
	const { kind, reportId, action, reason } = input;
	const table = TABLE[kind];
	let told: PendingNotice | null = null;
	const done = db.transaction(
		(tx) => {
			const item = flaggedReport(db, kind, reportId);
			if (!item) {
				if (!reportExists(db, kind, reportId)) throw notFound("Report not found");
				throw conflict("This report has no open flags: another moderator may have decided it");
			}
			if (item.reporter.id === moderator.id) throw badRequest("You can't decide the flags on your own report");
			const now = new Date();
			const ms = now.getTime();
			const details = [describeReport(item), describeFlags(item)];
			let reportsWithdrawn = 0;
			if (action === "terminate") {
				reportsWithdrawn = suspendAccount(db, moderator, item.reporter.id, reason, now).reportsWithdrawn;
				details.push(`${reportsWithdrawn} report${reportsWithdrawn === 1 ? "" : "s"} withdrawn`);
			}
			if (action === "dismiss") {
				closeFlags(db, table, reportId, "dismissed", ms);
				unhide(db, table, reportId, item.reporter.isTerminated, ms);
				if (item.hidden && !item.expired && !item.reporter.isTerminated)
					told = writeNotice(alreadyInside(db), table, reportId, "report-restored", ms);
			} else {
				closeFlags(db, table, reportId, "upheld", ms);
				// One already expired by age keeps its own reason; the flags still count against its reporter, and
				// its price leaves the history all the same.
				if (item.expired) discreditReports(db, table, [reportId]);
				else expireReportsById(db, table, [reportId], MODERATED_REASON, ms);
				tx.update(users)
					.set({ reportsUpheld: sql`${users.reportsUpheld} + 1` })
					.where(eq(users.id, item.reporter.id))
					.run();
				// Hidden, or still listed: the reporter hears it is gone. One that had aged out already is no news.
				if (action === "expire" && (item.hidden || !item.expired))
					told = writeNotice(alreadyInside(db), table, reportId, "report-removed", ms);
			}
			recountFeedback(db, table, reportId, ms);
			const record = recordAction(tx, {
				moderator,
				action: ACTION[action],
				target: item.reporter,
				report: { kind, id: reportId },
				reason,
				detail: details.join("; "),
				now: ms,
			});
			return { record, flagsResolved: item.flags, listed: listed(db, table, reportId), reportsWithdrawn };
		},
		{ behavior: "immediate" },
	);
	deliverNotices(runtime, [told]);
	return done;
}
