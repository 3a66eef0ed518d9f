/**
 * A shopper's word on another shopper's report, and taking it back, products and fuel alike.
 * One word per shopper per report: a new one replaces the earlier. Confirm, unavailable and wrong are a
 * small transaction here; a changed price is filed as the giver's own report through the report pipeline,
 * which retires the old report in the same write (subjects.ts). Every change to the words is recounted in
 * its transaction (reports/feedback-counts.ts), which hides a report past the flag threshold.
 */
import type { User } from "../../db/schema.ts";
import { reportOwner, restoreRetired, withdrawFiled } from "../data/feedback-targets.ts";
import { deleteFeedback, type FeedbackWord, feedbackOf, upsertFeedback } from "../data/report-feedback.ts";
import { type Tx, transaction } from "../data/transaction.ts";
import { badRequest, conflict, forbidden, notFound } from "../lib/http.ts";
import { DAY_MS } from "../lib/time.ts";
import { deliverNotices, type PendingNotice, writeNotice } from "../notices/index.ts";
import {
	changedReason,
	duplicateMessage,
	HIDDEN_MESSAGE,
	NOT_LISTED_MESSAGE,
	recountFeedback,
	takeReportSlot,
	WITHDRAWN_CHANGE_REASON,
} from "../reports/index.ts";
import type { Runtime } from "../runtime.ts";
import type { FeedbackInput } from "./schemas.ts";
import type { Filing, ReportState, Subject } from "./subjects.ts";

export const OWN_REPORT_MESSAGE = "This is your own report: to change it, report the price again";
export const SAME_PRICE_MESSAGE = "That is the price listed. If it is still right, confirm it instead";
export const NOTHING_TO_UNDO_MESSAGE = "You have said nothing about this report to take back";
export const DECIDED_MESSAGE = "A moderator has already decided on your flag";

/**
 * What a word answers: the report as the giver now sees it, and whether it is still listed (a changed price
 * retires it; a third flag hides it). For a changed price, the report the price went to, and `message`
 * when it confirmed the same price another shopper had just reported there.
 */
export type FeedbackAnswer<A> = { report: A; listed: boolean; newReport?: A; message?: string };
/** What taking a word back answers: the report as the shopper now sees it. */
export type UndoAnswer<A> = { report: A };

/** The report, if the shopper may speak of it: another shopper's, still listed. */
function requireOthersListed<S extends ReportState>(
	subject: Subject<S, unknown, unknown>,
	state: S | null,
	userId: string,
): S {
	if (!state) throw notFound(subject.notFound);
	if (state.userId === userId) throw forbidden(OWN_REPORT_MESSAGE);
	if (!state.isActive && !state.isExpired && state.withdrawnReason === "flagged") throw conflict(HIDDEN_MESSAGE);
	if (!state.isActive || state.isExpired) throw conflict(NOT_LISTED_MESSAGE);
	return state;
}

/**
 * Gives the shopper's word on a report; the report as they now see it (with `listed`: whether it still is),
 * and for a changed price the report it went to (filed, or the same price standing there it confirmed).
 */
export async function giveFeedback<S extends ReportState, A>(
	runtime: Filing & Pick<Runtime, "limits" | "config">,
	subject: Subject<S, A, unknown>,
	user: User,
	reportId: number,
	input: FeedbackInput,
): Promise<FeedbackAnswer<A>> {
	const { db } = runtime;
	if (input.kind === "changed" && input.price !== null) {
		// Read as its base type: a transaction cannot tell a generic state from a promise.
		const found = await transaction(db, (tx): ReportState | null => subject.state(tx, reportId));
		const state = requireOthersListed(subject, found as S | null, user.id);
		if (input.price === state.price)
			throw badRequest(SAME_PRICE_MESSAGE, { issues: [{ path: "price", message: SAME_PRICE_MESSAGE }] });
		// A changed price is a report of the giver's, and counts toward their hour's reports.
		takeReportSlot(runtime.limits.reports, runtime.config.reportsPerHour, user.id);
		const change = {
			reportId,
			price: input.price,
			reason: changedReason(subject.format(input.price)),
			confirmUnusual: input.confirmUnusual,
		};
		const filed = await subject.fileChange(runtime, user, state, change);
		return {
			report: await subject.answer(db, reportId, user),
			listed: false,
			newReport: await subject.answer(db, filed.id, user),
			...(filed.confirmed ? { message: duplicateMessage(filed.confirmed) } : {}),
		};
	}
	const now = Date.now();
	const hidden = await transaction(
		db,
		(tx) => {
			requireOthersListed(subject, subject.state(tx, reportId), user.id);
			upsertFeedback(tx, subject.table, { reportId, userId: user.id, kind: input.kind, reason: input.reason, now });
			// Past the flag threshold this word hides the report: it is no longer listed, and its reporter is told.
			return recountTelling(tx, subject.table, reportId, now);
		},
		"immediate",
	);
	deliverNotices(runtime, [hidden.notice]);
	return { report: await subject.answer(db, reportId, user), listed: !hidden.hidden };
}

/**
 * Takes the shopper's word back; the report as they now see it. A changed price's report is withdrawn, and
 * the report it retired comes back if it is still expired for that alone and within its age.
 */
export async function undoFeedback<S extends ReportState, A>(
	runtime: Pick<Runtime, "db" | "live" | "push">,
	subject: Subject<S, A, unknown>,
	user: User,
	reportId: number,
): Promise<UndoAnswer<A>> {
	const { db } = runtime;
	const now = Date.now();
	const told = await transaction(
		db,
		(tx) => {
			const state = subject.state(tx, reportId);
			if (!state) throw notFound(subject.notFound);
			const word = feedbackOf(tx, subject.table, reportId, user.id);
			if (!word) throw notFound(NOTHING_TO_UNDO_MESSAGE);
			if (word.kind === "wrong" && word.status !== "open") throw conflict(DECIDED_MESSAGE);
			deleteFeedback(tx, subject.table, reportId, user.id);
			// A confirmation taken back can leave the flags outnumbering the rest: that hides the report too.
			const changed = word.kind === "changed" ? undoChange(tx, subject, state, word, user.id, now) : null;
			return [changed, recountTelling(tx, subject.table, reportId, now).notice];
		},
		"immediate",
	);
	deliverNotices(runtime, told);
	return { report: await subject.answer(db, reportId, user) };
}

/**
 * A changed price taken back: the giver's report it filed is withdrawn (or, when it became their
 * confirmation of the same price standing there, that confirmation is taken back with it), and the report
 * it retired comes back if nothing else has happened to it.
 */
function undoChange<S extends ReportState>(
	tx: Tx,
	subject: Subject<S, unknown, unknown>,
	state: S,
	word: FeedbackWord,
	userId: string,
	now: number,
) {
	const { table } = subject;
	let hidden: PendingNotice | null = null;
	if (word.newReportId !== null) {
		if (reportOwner(tx, table, word.newReportId) === userId)
			withdrawFiled(tx, table, { id: word.newReportId, userId, reason: WITHDRAWN_CHANGE_REASON }, now);
		else {
			const confirmation = feedbackOf(tx, table, word.newReportId, userId);
			// Only the confirmation the changed price made (written in the same instant), not a later word.
			if (confirmation?.kind === "confirm" && confirmation.updatedAt === word.updatedAt) {
				deleteFeedback(tx, table, word.newReportId, userId);
				hidden = recountTelling(tx, table, word.newReportId, now).notice;
			}
		}
	}
	if (word.price === null) return hidden;
	const bornAfter = now - subject.maxAgeDays(state) * DAY_MS;
	restoreRetired(tx, table, state.id, changedReason(subject.format(word.price)), bornAfter, now);
	return hidden;
}

/**
 * Recounts a report's words: whether that hid it, and then the notice to its reporter, written in the same
 * transaction (sent once it has committed).
 */
function recountTelling(tx: Tx, table: Subject<ReportState, unknown, unknown>["table"], id: number, now: number) {
	const hidden = recountFeedback(tx, table, id, now)?.hidden === true;
	return { hidden, notice: hidden ? writeNotice(tx, table, id, "report-hidden", now) : null };
}
