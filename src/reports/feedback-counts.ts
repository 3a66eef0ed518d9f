/**
 * A report's feedback counts (db/schema/columns.ts, reportLifecycle) are kept from its feedback rows: after
 * any change to them (a shopper's word given, changed or taken back, a moderator's decision) the report is
 * recounted from the rows, in the caller's transaction, so the counts cannot drift from what was said.
 * Beside the counts it keeps what the confirmations and the open flags weigh, each by its shopper's standing
 * now (standing.ts): flags hide a report by their weight (decision 0071), so accounts made for the purpose
 * cannot withdraw a neighbour's price, and it stays withdrawn until a moderator decides (decision 0055).
 */

import { hideFlagged, recountWords, speakersOf } from "../data/report-feedback.ts";
import type { ReportTable } from "../data/reports.ts";
import { alreadyInside } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import { standingOf } from "./standing.ts";

/** At least this many open "wrong" flags from different shoppers: one or two accounts never hide a price... */
export const HIDE_AT_FLAGS = 3;
/**
 * ...and their standing must weigh this much together, more than the confirmations' weight: more than two
 * shoppers of full standing, so two cannot make up the number with accounts of their own making, which
 * weigh nothing for their first day.
 */
export const HIDE_AT_FLAG_WEIGHT = 2.5;

/** Whether open flags of this number and weight, against confirmations of this weight, hide a report. */
export const flagsHide = (flagCount: number, flagWeight: number, confirmWeight: number) =>
	flagCount >= HIDE_AT_FLAGS && flagWeight >= HIDE_AT_FLAG_WEIGHT && flagWeight > confirmWeight;

/**
 * Recounts one report's feedback and hides it if the flags now pass the threshold; whether it was hidden
 * now. Null when there is no such report. Run it inside the transaction that changed the feedback (a
 * caller outside one, a test, has each statement commit on its own).
 */
export function recountFeedback(db: Db, table: ReportTable, id: number, now = Date.now()): { hidden: boolean } | null {
	const tx = alreadyInside(db);
	let confirmWeight = 0;
	let flagWeight = 0;
	for (const speaker of speakersOf(tx, table, id)) {
		const weight = standingOf(speaker, now);
		if (speaker.kind === "confirm") confirmWeight += weight;
		else flagWeight += weight;
	}
	const counts = recountWords(tx, table, id, { confirmWeight, flagWeight });
	if (!counts) return null;
	const hide = counts.isActive === 1 && flagsHide(counts.flagCount, flagWeight, confirmWeight);
	if (hide) hideFlagged(tx, table, id, now);
	return { hidden: hide };
}
