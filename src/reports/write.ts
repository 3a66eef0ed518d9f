/**
 * A price report's writes, either market, synchronously inside the caller's write transaction (the write
 * batch's, on the request thread or the writer thread; an import's savepoint): the check on the history
 * read there when the model is off, the place, the report, the shopper's earlier price there replaced,
 * outliers expired, the count, and the written price announced to its listeners (events.ts). The same price
 * another shopper reported there within a day is counted as their confirmation instead (duplicates.ts); a
 * shopper's "the price changed" retires the report it was about in the same transaction.
 */
import { countReport, type ReplacedRow } from "../data/reports.ts";
import type { Tx } from "../data/transaction.ts";
import type { ExpirationAnalysis } from "../lib/errors.ts";
import { checkPrice } from "./check.ts";
import { DUPLICATE_WINDOW_MS, type StandingReport, standingReport } from "./duplicates.ts";
import type { Heard, PriceEvents } from "./events.ts";
import { expireOutliers, REPLACED_REASON } from "./expiry.ts";
import { confirmReport, retireChangedReport } from "./feedback-rows.ts";
import { importedWrite, type Market, type PriceFields, type ReportJob, type RowsAt } from "./market.ts";
import { placeOfReport } from "./new-place.ts";

/** A report filed: its id, what the answer needs of it, and what it did beside. */
export type Written<Answer> = {
	id: number;
	/** What the answer needs of the report (the market's `answer`), made from what was written. */
	answer: Answer;
	/** The outliers the new consensus expired; null when too few shoppers make one. */
	expirationAnalysis: ExpirationAnalysis | null;
	/** The shopper's earlier prices there, which this one replaced. */
	replaced: ReplacedRow[];
	/** The check's warning for the answer (a price saved as unusual). */
	warning: string | null;
	/** What the written price's listeners recorded, to hand on once the transaction has committed. */
	heard: Heard;
};

/** The same price was already standing there: the reporter's price became its confirmation. */
export type ConfirmedExisting = {
	confirmedExisting: StandingReport;
	/** The reporter's own earlier prices there, which their word replaced. */
	replaced: ReplacedRow[];
};

/** The report's writes, or, for a price already standing there, the confirmation. */
export function write<Key, Fields extends PriceFields, Answer>(
	tx: Tx,
	market: Market<Key, Fields, Answer>,
	job: ReportJob<Fields>,
	events: PriceEvents,
): Written<Answer> | ConfirmedExisting {
	const { user, input, change } = job;
	const key = market.keyOf(job);
	// A report said to have changed is no longer a voice of the price it is replaced by.
	const history = market.history(tx, key).filter((h) => h.id !== change?.reportId);
	const verdict = job.verdict ?? checkPrice(market, key, history, input.price, user.id, input.confirmUnusual);
	// The place where it is (the one of this name and address near the zip, else a new one there, unless one
	// like it nearby is asked about first: new-place.ts); the report counts where the place is, however near
	// the zip it was reported with.
	const place = placeOfReport(tx, market, job);
	const rows = market.rowsAt(job, key, place);
	const now = Date.now();
	const writes = importedWrite(job.imported, now);
	const standing =
		writes.confirms && standingReport(rows.standing(tx, input.price, user.id, now - DUPLICATE_WINDOW_MS));
	if (standing) return confirmStanding(tx, market, job, rows, standing, now);
	const firstVisit = market.firstVisit(tx, user.id, place);
	const stored = rows.insert(tx, { verdict, now });
	// One current price per shopper, thing and place: a list shows each shopper's latest price there once, and
	// reporting the same thing again and again cannot fill a page of results.
	const replaced = rows.supersede(tx, user.id, stored.id, REPLACED_REASON, now);
	if (change) retireChangedReport(tx, market.table, change, user.id, stored.id, now);
	const expirationAnalysis = expireOutliers(tx, market, history, input.price, user.id, now);
	countReport(tx, user.id, firstVisit, now);
	// In the same transaction as the report (no second commit), of the row as written: a new report is live.
	const heard = writes.announces
		? events.written(tx, {
				...market.priced(job, key),
				id: stored.id,
				userId: user.id,
				price: input.price,
				place,
				zip: place.zipCode ?? job.zip,
				replaces: replaced.map((r) => r.id),
			})
		: {};
	const answer = market.answer(job, { key, place, verdict, stored });
	return { id: stored.id, answer, expirationAnalysis, replaced, warning: verdict.warning, heard };
}

/**
 * The reporter's price was already standing there (another shopper's, seen within the window): it becomes
 * their confirmation of it, and replaces their own earlier price there as a report would. Not a report: no
 * counters move and nobody is told (the standing report was).
 */
function confirmStanding<Fields extends PriceFields>(
	tx: Tx,
	market: Pick<Market<unknown>, "table">,
	{ user, change }: ReportJob<Fields>,
	rows: RowsAt,
	standing: StandingReport,
	now: number,
): ConfirmedExisting {
	const replaced = rows.supersede(tx, user.id, standing.id, REPLACED_REASON, now);
	confirmReport(tx, market.table, standing.id, user.id, now);
	if (change) retireChangedReport(tx, market.table, change, user.id, standing.id, now);
	return { confirmedExisting: standing, replaced };
}
