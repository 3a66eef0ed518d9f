/**
 * The feedback tables (price_report_feedback, gas_report_feedback: db/schema/trust.ts): one word per shopper
 * per report, given, replaced and taken back, and the report's counts kept from them (reportLifecycle's
 * confirm_count, flag_weight...). The same statements for both report tables, each its table's; all of them
 * run inside the transaction that changed the words (src/reports/feedback-counts.ts says when).
 */
import type { FeedbackKind, FlagReason, FlagStatus } from "../../db/enums.ts";
import type { ReportTable } from "./reports.ts";
import type { Tx } from "./transaction.ts";

/** Each report table's feedback table. */
export const FEEDBACK_TABLE = {
	price_reports: "price_report_feedback",
	gas_price_reports: "gas_report_feedback",
} as const satisfies Record<ReportTable, string>;
export type FeedbackTable = (typeof FEEDBACK_TABLE)[ReportTable];

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
	tx: Tx,
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
	tx.$client.query(upsertSql(table)).run({
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
export function feedbackOf(tx: Tx, table: ReportTable, reportId: number, userId: string): FeedbackWord | null {
	return tx.$client
		.query<FeedbackWord, [number, string]>(
			`SELECT kind, reason, price, new_report_id AS newReportId, status, updated_at AS updatedAt
       FROM ${FEEDBACK_TABLE[table]} WHERE report_id = ?1 AND user_id = ?2`,
		)
		.get(reportId, userId);
}

/** Takes the shopper's word on a report back; whether there was one. */
export function deleteFeedback(tx: Tx, table: ReportTable, reportId: number, userId: string): boolean {
	return (
		tx.$client.query(`DELETE FROM ${FEEDBACK_TABLE[table]} WHERE report_id = ?1 AND user_id = ?2`).run(reportId, userId)
			.changes > 0
	);
}

/** A confirmer or an open flagger of a report, with what their standing is read from (src/reports/standing.ts). */
export type Speaker = {
	kind: "confirm" | "wrong";
	createdAt: number;
	totalReports: number;
	reportsUpheld: number;
	reportsRefused: number;
	source: string | null;
	isTerminated: number;
};

const speakersSql = (table: ReportTable) => `
  SELECT f.kind AS kind, u.created_at AS createdAt, u.total_reports AS totalReports,
    u.reports_upheld AS reportsUpheld, u.reports_refused AS reportsRefused, u.source AS source,
    u.is_terminated AS isTerminated
  FROM ${FEEDBACK_TABLE[table]} f JOIN users u ON u.id = f.user_id
  WHERE f.report_id = $id AND (f.kind = 'confirm' OR (f.kind = 'wrong' AND f.status = 'open'))`;

/** The confirmers and the open flaggers of a report. */
export function speakersOf(tx: Tx, table: ReportTable, id: number): Speaker[] {
	return tx.$client.query<Speaker, { id: number }>(speakersSql(table)).all({ id });
}

const recountSql = (table: ReportTable) => {
	const feedback = FEEDBACK_TABLE[table];
	const count = (where: string) => `(SELECT count(*) FROM ${feedback} f WHERE f.report_id = $id AND ${where})`;
	const latest = (kind: string) =>
		`(SELECT max(f.updated_at) FROM ${feedback} f WHERE f.report_id = $id AND f.kind = '${kind}')`;
	return `UPDATE ${table} SET
    confirm_count = ${count("f.kind = 'confirm'")}, confirmed_at = ${latest("confirm")},
    changed_count = ${count("f.kind = 'changed'")},
    unavailable_count = ${count("f.kind = 'unavailable'")}, unavailable_at = ${latest("unavailable")},
    flag_count = ${count("f.kind = 'wrong' AND f.status = 'open'")},
    confirm_weight = $confirmWeight, flag_weight = $flagWeight
  WHERE id = $id
  RETURNING flag_count AS flagCount, is_active AS isActive`;
};

/**
 * Recounts a report's words from its feedback rows, with what its confirmations and open flags weigh; its
 * open flags' count and whether it is listed, or null when there is no such report.
 */
export function recountWords(
	tx: Tx,
	table: ReportTable,
	id: number,
	weights: { confirmWeight: number; flagWeight: number },
): { flagCount: number; isActive: number } | null {
	return tx.$client
		.query<{ flagCount: number; isActive: number }, { id: number; confirmWeight: number; flagWeight: number }>(
			recountSql(table),
		)
		.get({ id, ...weights });
}

/** Hides a listed report until a moderator decides: flags withdrew it. */
export function hideFlagged(tx: Tx, table: ReportTable, id: number, now: number) {
	tx.$client
		.query(
			`UPDATE ${table} SET is_active = 0, withdrawn_reason = 'flagged', updated_at = $now WHERE id = $id AND is_active = 1`,
		)
		.run({ id, now });
}
