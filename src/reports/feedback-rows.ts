/**
 * What a word does inside a report's write, products and fuel alike: a same price counted as the reporter's
 * confirmation of the one standing, and a "the price changed" word retiring the report it is about (the
 * words themselves are the data layer's: src/data/report-feedback.ts). Both recount (feedback-counts.ts).
 */
import { upsertFeedback } from "../data/report-feedback.ts";
import { type ReportTable, retireListedReport } from "../data/reports.ts";
import type { Tx } from "../data/transaction.ts";
import { conflict } from "../lib/http.ts";
import { recountFeedback } from "./feedback-counts.ts";

export const NOT_LISTED_MESSAGE = "This price is no longer listed";
export const HIDDEN_MESSAGE = "This report is hidden until a moderator has looked at it";

/** Why a report a "changed" word retired expired: the undo looks for exactly this. */
export const changedReason = (price: string) => `A shopper reported a new price: ${price}`;
export const WITHDRAWN_CHANGE_REASON = "Withdrawn: the price change was taken back";

/** A shopper's confirmation of a report, recounted: a word of its own, or what their same price became. */
export function confirmReport(tx: Tx, table: ReportTable, reportId: number, userId: string, now: number) {
	upsertFeedback(tx, table, { reportId, userId, kind: "confirm", now });
	recountFeedback(tx, table, reportId, now);
}

/** A "changed" word with its price: what the write of the new price does to the report it retires. */
export type ReportChange = {
	/** The report said to have changed (another shopper's, live when the word was given). */
	reportId: number;
	/** The new price, in the report's unit. */
	price: number;
	/** Why the retired report expired: changedReason of the new price. */
	reason: string;
	/** The giver answered the quality check's question: the new price is right as typed. */
	confirmUnusual?: boolean;
};

/**
 * Inside the new price's write transaction: expires the report it replaces (only if it is still listed and
 * not the giver's own, else a 409 that rolls the new price back too), records the giver's "changed" word
 * with where the new price went (the report filed, or the one it confirmed), and recounts.
 */
export function retireChangedReport(
	tx: Tx,
	table: ReportTable,
	change: ReportChange,
	userId: string,
	newReportId: number,
	now: number,
) {
	const retired = retireListedReport(tx, table, { id: change.reportId, user: userId, reason: change.reason }, now);
	if (!retired) throw conflict(NOT_LISTED_MESSAGE);
	upsertFeedback(tx, table, {
		reportId: change.reportId,
		userId,
		kind: "changed",
		price: change.price,
		newReportId,
		now,
	});
	recountFeedback(tx, table, change.reportId, now);
}
