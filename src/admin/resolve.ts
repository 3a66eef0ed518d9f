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
import type { User } from "../../db/schema.ts";
import { closeFlags, countUpheld, isListed, unhide } from "../data/flag-decisions.ts";
import { discreditReports, expireReportsById, type ReportTable } from "../data/reports.ts";
import { transaction } from "../data/transaction.ts";
import { badRequest, conflict, notFound } from "../lib/http.ts";
import { deliverNotices, type PendingNotice, writeNotice } from "../notices/index.ts";
import { recountFeedback } from "../reports/index.ts";
import type { Runtime } from "../runtime.ts";
import { describeFlags, describeReport, flaggedReport, reportExists } from "./flags.ts";
import { recordAction } from "./record.ts";
import type { FlaggedKind, ResolveFlagsInput } from "./schemas.ts";
import { suspendAccount } from "./suspension.ts";

const TABLE: Record<FlaggedKind, ReportTable> = { product: "price_reports", fuel: "gas_price_reports" };

/** What the expiry says of a report a moderator removed (the reason itself stays in the record). */
export const MODERATED_REASON = "Removed by a moderator after flags";

const ACTION = { dismiss: "dismiss-flags", expire: "expire-report", terminate: "terminate" } as const;

export async function resolveFlags(
	runtime: Pick<Runtime, "db" | "live" | "push">,
	moderator: User,
	input: ResolveFlagsInput,
) {
	const { db } = runtime;
	const { kind, reportId, action, reason } = input;
	const table = TABLE[kind];
	let told: PendingNotice | null = null;
	const done = await transaction(
		db,
		(tx) => {
			const item = flaggedReport(tx, kind, reportId);
			if (!item) {
				if (!reportExists(tx, kind, reportId)) throw notFound("Report not found");
				throw conflict("This report has no open flags: another moderator may have decided it");
			}
			if (item.reporter.id === moderator.id) throw badRequest("You can't decide the flags on your own report");
			const now = new Date();
			const ms = now.getTime();
			const details = [describeReport(item), describeFlags(item)];
			let reportsWithdrawn = 0;
			if (action === "terminate") {
				reportsWithdrawn = suspendAccount(tx, moderator, item.reporter.id, reason, now).reportsWithdrawn;
				details.push(`${reportsWithdrawn} report${reportsWithdrawn === 1 ? "" : "s"} withdrawn`);
			}
			if (action === "dismiss") {
				closeFlags(tx, table, reportId, "dismissed", ms);
				unhide(tx, table, reportId, item.reporter.isTerminated, ms);
				if (item.hidden && !item.expired && !item.reporter.isTerminated)
					told = writeNotice(tx, table, reportId, "report-restored", ms);
			} else {
				closeFlags(tx, table, reportId, "upheld", ms);
				// One already expired by age keeps its own reason; the flags still count against its reporter, and
				// its price leaves the history all the same.
				if (item.expired) discreditReports(tx, table, [reportId]);
				else expireReportsById(tx, table, [reportId], MODERATED_REASON, ms);
				countUpheld(tx, item.reporter.id);
				// Hidden, or still listed: the reporter hears it is gone. One that had aged out already is no news.
				if (action === "expire" && (item.hidden || !item.expired))
					told = writeNotice(tx, table, reportId, "report-removed", ms);
			}
			recountFeedback(tx, table, reportId, ms);
			const record = recordAction(tx, {
				moderator,
				action: ACTION[action],
				target: item.reporter,
				report: { kind, id: reportId },
				reason,
				detail: details.join("; "),
				now: ms,
			});
			return { record, flagsResolved: item.flags, listed: isListed(tx, table, reportId), reportsWithdrawn };
		},
		"immediate",
	);
	deliverNotices(runtime, [told]);
	return done;
}
