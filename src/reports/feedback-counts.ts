/**
 * A report's feedback counts (db/schema/columns.ts, reportLifecycle) are kept from its feedback rows: after
 * any change to them (a shopper's word given, changed or taken back, a moderator's decision) the report is
 * recounted from the rows, in the caller's transaction, so the counts cannot drift from what was said.
 * Beside the counts it keeps what the confirmations and the open flags weigh, each by its shopper's standing
 * now (standing.ts): flags hide a report by their weight (decision 0071), so accounts made for the purpose
 * cannot withdraw a neighbour's price, and it stays withdrawn until a moderator decides (decision 0055).
 */

import type { ReportTable } from "../data/reports.ts";
import type { Db } from "../db.ts";
import { type StandingInput, standingOf } from "./standing.ts";

/** Each report table's feedback table. */
export const FEEDBACK_TABLE = {
	price_reports: "price_report_feedback",
	gas_price_reports: "gas_report_feedback",
} as const satisfies Record<ReportTable, string>;
export type FeedbackTable = (typeof FEEDBACK_TABLE)[ReportTable];

/** At least this many open "wrong" flags from different shoppers: one or two accounts never hide a price... */
export const HIDE_AT_FLAGS = 3;
/**
 * ...and their standing must weigh this much together, more than the confirmations' weight: more than two
 * shoppers of full standing, so two cannot make up the number with accounts of their own making, which
 * weigh nothing for their first day.
 */
export const HIDE_AT_FLAG_WEIGHT = 2.5;

type Speaker = StandingInput & { kind: "confirm" | "wrong" };

/** The confirmers and the open flaggers of a report, with what their standing is read from. */
const speakersSql = (table: ReportTable) => `
  SELECT f.kind AS kind, u.created_at AS createdAt, u.total_reports AS totalReports,
    u.reports_upheld AS reportsUpheld, u.reports_refused AS reportsRefused, u.source AS source,
    u.is_terminated AS isTerminated
  FROM ${FEEDBACK_TABLE[table]} f JOIN users u ON u.id = f.user_id
  WHERE f.report_id = $id AND (f.kind = 'confirm' OR (f.kind = 'wrong' AND f.status = 'open'))`;

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

const HIDE_SQL = (table: ReportTable) =>
	`UPDATE ${table} SET is_active = 0, withdrawn_reason = 'flagged', updated_at = $now WHERE id = $id AND is_active = 1`;

/** Whether open flags of this number and weight, against confirmations of this weight, hide a report. */
export const flagsHide = (flagCount: number, flagWeight: number, confirmWeight: number) =>
	flagCount >= HIDE_AT_FLAGS && flagWeight >= HIDE_AT_FLAG_WEIGHT && flagWeight > confirmWeight;

/**
 * Recounts one report's feedback and hides it if the flags now pass the threshold; whether it was hidden
 * now. Null when there is no such report. Run it inside the transaction that changed the feedback.
 */
export function recountFeedback(db: Db, table: ReportTable, id: number, now = Date.now()): { hidden: boolean } | null {
	let confirmWeight = 0;
	let flagWeight = 0;
	for (const speaker of db.$client.query<Speaker, { id: number }>(speakersSql(table)).all({ id })) {
		const weight = standingOf(speaker, now);
		if (speaker.kind === "confirm") confirmWeight += weight;
		else flagWeight += weight;
	}
	const counts = db.$client
		.query<{ flagCount: number; isActive: number }, { id: number; confirmWeight: number; flagWeight: number }>(
			recountSql(table),
		)
		.get({ id, confirmWeight, flagWeight });
	if (!counts) return null;
	const hide = counts.isActive === 1 && flagsHide(counts.flagCount, flagWeight, confirmWeight);
	if (hide) db.$client.query(HIDE_SQL(table)).run({ id, now });
	return { hidden: hide };
}
