/**
 * The feedback rows' writes, products and fuel alike (db/schema/trust.ts): one word per shopper per report,
 * given, replaced and taken back, and what a "the price changed" word does to the report it is about. The
 * report writes use them inside their transaction (a duplicate counted as a confirmation, a changed price's
 * new report); src/feedback uses them for the words given directly. The caller recounts (feedback-counts.ts).
 */
import type { FeedbackKind, FlagReason, FlagStatus } from "../../db/enums.ts";
import { type ReportTable, retireListedReport } from "../data/reports.ts";
import type { Tx } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import { conflict } from "../lib/http.ts";
import { FEEDBACK_TABLE, recountFeedback } from "./feedback-counts.ts";

export const NOT_LISTED_MESSAGE = "This price is no longer listed";
export const HIDDEN_MESSAGE = "This report is hidden until a moderator has looked at it";

/** Why a report a "changed" word retired expired: the undo looks for exactly this. */
export const changedReason = (price: string) => `A shopper reported a new price: ${price}`;
export const WITHDRAWN_CHANGE_REASON = "Withdrawn: the price change was taken back";

/** One shopper's word on one report, as stored (price in the report's unit; timestamps in ms). */
export type FeedbackWord = {
	kind: FeedbackKind;
	reason: FlagReason | null;
	price: number | null;
	newReportId: number | null;
	status: FlagStatus;
	updatedAt: number;
};

const upsertSql = (table: ReportTable) => `
  INSERT INTO ${FEEDBACK_TABLE[table]} (report_id, user_id, kind, reason, price, new_report_id, status, created_at, updated_at)
  VALUES ($report, $user, $kind, $reason, $price, $newReport, 'open', $now, $now)
  ON CONFLICT (report_id, user_id) DO UPDATE SET
    kind = excluded.kind, reason = excluded.reason, price = excluded.price, new_report_id = excluded.new_report_id,
    updated_at = excluded.updated_at`;

/**
 * Records a shopper's word, replacing their earlier one on the report: the fields the new kind does not use
 * are cleared. The status is left as it was: a flag a moderator already decided stays decided when it is
 * given again, even after another word in between (only flags read the status, so it rides along harmlessly).
 */
export function upsertFeedback(
	db: Db,
	table: ReportTable,
	word: {
		reportId: number;
		userId: string;
		kind: FeedbackKind;
		reason?: FlagReason | null;
		price?: number | null;
		newReportId?: number | null;
		now: number;
	},
) {
	db.$client.query(upsertSql(table)).run({
		report: word.reportId,
		user: word.userId,
		kind: word.kind,
		reason: word.kind === "wrong" ? (word.reason ?? null) : null,
		price: word.kind === "changed" ? (word.price ?? null) : null,
		newReport: word.kind === "changed" ? (word.newReportId ?? null) : null,
		now: word.now,
	});
}

/** The shopper's word on a report (one probe of the unique index); null when they said nothing. */
export function feedbackOf(db: Db, table: ReportTable, reportId: number, userId: string): FeedbackWord | null {
	return db.$client
		.query<FeedbackWord, [number, string]>(
			`SELECT kind, reason, price, new_report_id AS newReportId, status, updated_at AS updatedAt
       FROM ${FEEDBACK_TABLE[table]} WHERE report_id = ?1 AND user_id = ?2`,
		)
		.get(reportId, userId);
}

/** Takes the shopper's word on a report back; whether there was one. */
export function deleteFeedback(db: Db, table: ReportTable, reportId: number, userId: string): boolean {
	return (
		db.$client.query(`DELETE FROM ${FEEDBACK_TABLE[table]} WHERE report_id = ?1 AND user_id = ?2`).run(reportId, userId)
			.changes > 0
	);
}

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
