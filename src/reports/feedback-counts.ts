/**
 * A report's feedback counts (db/schema/columns.ts, reportLifecycle) are kept from its feedback rows: after
 * any change to them (a shopper's word given, changed or taken back, a moderator's decision) the report is
 * recounted from the rows, in the caller's transaction, so the counts cannot drift from what was said.
 * Past the flag threshold (decision 0055) the report is withdrawn until a moderator decides.
 */
import type { Db } from "../db.ts";
import type { ReportTable } from "./reports.sql.ts";

/** Each report table's feedback table. */
export const FEEDBACK_TABLE = {
	price_reports: "price_report_feedback",
	gas_price_reports: "gas_report_feedback",
} as const satisfies Record<ReportTable, string>;
export type FeedbackTable = (typeof FEEDBACK_TABLE)[ReportTable];

/** This many open "wrong" flags from different shoppers, outnumbering the confirmations, hide a report. */
export const HIDE_AT_FLAGS = 3;

const recountSql = (table: ReportTable) => {
	const feedback = FEEDBACK_TABLE[table];
	const count = (where: string) => `(SELECT count(*) FROM ${feedback} f WHERE f.report_id = $id AND ${where})`;
	const latest = (kind: string) =>
		`(SELECT max(f.updated_at) FROM ${feedback} f WHERE f.report_id = $id AND f.kind = '${kind}')`;
	return `UPDATE ${table} SET
    confirm_count = ${count("f.kind = 'confirm'")}, confirmed_at = ${latest("confirm")},
    changed_count = ${count("f.kind = 'changed'")},
    unavailable_count = ${count("f.kind = 'unavailable'")}, unavailable_at = ${latest("unavailable")},
    flag_count = ${count("f.kind = 'wrong' AND f.status = 'open'")}
  WHERE id = $id
  RETURNING confirm_count AS confirmCount, flag_count AS flagCount, is_active AS isActive`;
};

const HIDE_SQL = (table: ReportTable) =>
	`UPDATE ${table} SET is_active = 0, withdrawn_reason = 'flagged', updated_at = $now WHERE id = $id AND is_active = 1`;

/**
 * Recounts one report's feedback and hides it if the flags now pass the threshold; whether it was hidden
 * now. Null when there is no such report. Run it inside the transaction that changed the feedback.
 */
export function recountFeedback(db: Db, table: ReportTable, id: number, now = Date.now()): { hidden: boolean } | null {
	const counts = db.$client
		.query<{ confirmCount: number; flagCount: number; isActive: number }, { id: number }>(recountSql(table))
		.get({ id });
	if (!counts) return null;
	const hide = counts.isActive === 1 && counts.flagCount >= HIDE_AT_FLAGS && counts.flagCount > counts.confirmCount;
	if (hide) db.$client.query(HIDE_SQL(table)).run({ id, now });
	return { hidden: hide };
}
