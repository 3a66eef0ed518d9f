/**
 * Filing a price, either market: the quality check (the model's part before the write transaction, while no
 * write lock is held), the write on the runtime's report writer (the writer thread, or this thread's write
 * batch), in one transaction with the reports that arrived beside it, and once that has committed, the
 * written price's listeners handed what they recorded in it (alerts deliver their hits to open tabs and
 * devices). A refusal counts against the reporter's accuracy. Then the answer, one shape for both markets.
 */
import type { Tx } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import type { ExpirationAnalysis } from "../lib/errors.ts";
import { assessPrice } from "./check.ts";
import { duplicateMessage } from "./duplicates.ts";
import type { PriceEvents } from "./events.ts";
import { replacedWarning } from "./expiry.ts";
import type { Market, PriceFields, ReportDraft, Reporter, ReportJob } from "./market.ts";
import type { PriceModel } from "./model.ts";
import { countingRefusals, joinWarnings } from "./refusals.ts";
import { type Repeat, writeOnce } from "./repeats.ts";
import { type ConfirmedExisting, type Written, write } from "./write.ts";
import { kindOf, type ReportWriter } from "./writer.ts";

/** What the runtime lends the filing of a price. */
export type Filing = { db: Db; model: PriceModel; reports: ReportWriter; prices: PriceEvents };

/** What the write keeps of its reporter (it crosses to the writer thread). */
export const reporterOf = ({ id, firstName, lastName, username, profileVisible }: Reporter): Reporter => ({
	id,
	firstName,
	lastName,
	username,
	profileVisible,
});

type Filed<Answer> = Written<Answer> | ConfirmedExisting | Repeat;

async function file<Key, Fields extends PriceFields, Answer, Result extends Filed<Answer>>(
	{ db, model, reports, prices }: Filing,
	market: Market<Key, Fields, Answer>,
	user: Reporter,
	draft: ReportDraft<Fields>,
	once: boolean,
	writes: (tx: Tx, market: Market<Key, Fields, Answer>, job: ReportJob<Fields>, events: PriceEvents) => Result,
): Promise<Result> {
	const result = await countingRefusals(db, user.id, async () => {
		// With the model on, judged before the write transaction: the model may take its time, and no write lock
		// is held meanwhile. With it off, the statistics judge inside the transaction on the history it reads there.
		const verdict = model.off
			? null
			: await assessPrice(
					db,
					model,
					market,
					market.keyOf(draft),
					draft.input.price,
					user.id,
					draft.change?.reportId,
					draft.input.confirmUnusual,
				);
		const job: ReportJob<Fields> = { ...draft, user: reporterOf(user), verdict };
		return reports.write(kindOf(market.name, once), job, (tx) => writes(tx, market, job, prices));
	});
	const filed: Filed<Answer> = result;
	if ("heard" in filed) prices.committed(filed.heard);
	return result;
}

/** Checks and stores a price (a report as filed: a "changed" word's new price). */
export const fileReport = <Key, Fields extends PriceFields, Answer>(
	runtime: Filing,
	market: Market<Key, Fields, Answer>,
	user: Reporter,
	draft: ReportDraft<Fields>,
) => file(runtime, market, user, draft, false, write);

/** fileReport for a shopper's own report: the same price of theirs there within a minute is answered as it. */
export const fileReportOnce = <Key, Fields extends PriceFields, Answer>(
	runtime: Filing,
	market: Market<Key, Fields, Answer>,
	user: Reporter,
	draft: ReportDraft<Fields>,
) => file(runtime, market, user, draft, true, writeOnce);

/** How a market's answer reads its reports: by id as the reporter sees them, and the one just written. */
export type AnswerReads<Answer, Report> = {
	report: (id: number) => Report;
	written: (written: Written<Answer>) => Report;
	/** The place's name, as the warning about a replaced price says it. */
	placeName: (report: Report) => string;
};

/** A filed report's answer: the report, the outliers it expired and its warnings, when there are any. */
const filedBody = <Report>(report: Report, expirationAnalysis?: ExpirationAnalysis | null, warning?: string) => ({
	...report,
	...(expirationAnalysis ? { expirationAnalysis } : {}),
	...(warning ? { warning } : {}),
});

/**
 * A shopper's filed report as the API answers it, and its status. The same price another shopper reported
 * there within a day is answered as the report it confirmed, with `confirmedExisting` and a message, and the
 * shopper's own same price there within a minute as that report (repeats.ts): both 200, nothing created.
 */
export function filedAnswer<Answer, Report>(
	market: Pick<Market<unknown>, "format">,
	filed: Filed<Answer>,
	reads: AnswerReads<Answer, Report>,
) {
	// Their own report of a moment ago, as it stands: the same answer as the first time, nothing new filed.
	if ("repeatOf" in filed) return { status: 200 as const, body: filedBody(reads.report(filed.repeatOf)) };
	// The answer's warning when the price replaced the shopper's own earlier one there.
	const replacedNote = (report: Report) =>
		filed.replaced[0] ? replacedWarning(market.format(filed.replaced[0].price), reads.placeName(report)) : null;
	if ("confirmedExisting" in filed) {
		const report = reads.report(filed.confirmedExisting.id);
		const warning = replacedNote(report);
		const body = {
			...report,
			confirmedExisting: true as const,
			message: duplicateMessage(filed.confirmedExisting),
			...(warning ? { warning } : {}),
		};
		return { status: 200 as const, body };
	}
	const report = reads.written(filed);
	const warning = joinWarnings(filed.warning, replacedNote(report));
	return { status: 201 as const, body: filedBody(report, filed.expirationAnalysis, warning) };
}
