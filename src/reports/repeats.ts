/**
 * One report per intent: the same shopper sending the same price of the same thing at the same place again
 * within a minute (a double-clicked Submit, a retried request) gets their first report back, not a second
 * one. The look-up runs in the write's own transaction, before anything is written, so reports that arrive
 * together in one group see each other: the first is filed, the others find it.
 *
 * A report sent with a device's key (one kept while offline, sent again when its answer was lost on the way) is
 * a repeat of the report first filed with that key, however long after.
 *
 * A repeat writes nothing: no counters, no store visit, no alert hit, no replaced price (the first report
 * did all of that). A "changed" word and an import's price are never repeats: they go to `write` directly.
 */
import { rememberSendKey, sentWithKey } from "../data/send-keys.ts";
import type { Tx } from "../data/transaction.ts";
import { MINUTE_MS } from "../lib/time.ts";
import type { PriceEvents } from "./events.ts";
import type { Market, PriceFields, ReportJob } from "./market.ts";
import { placeOfReport } from "./new-place.ts";
import { write } from "./write.ts";

/** How long after a report the same shopper's same price there is taken for the same intent. */
export const REPEAT_WINDOW_MS = MINUTE_MS;

/** The shopper's own report this one repeats: answered as it stands, nothing written. */
export type Repeat = { repeatOf: number };

/** The shopper's live report of this thing at this place at this price, made within the window; null if none. */
export function repeated<Key, Fields extends PriceFields>(
	tx: Tx,
	market: Market<Key, Fields, unknown>,
	job: ReportJob<Fields>,
	now = Date.now(),
): Repeat | null {
	// Found where the write will find it; a place new here has no report to repeat (and is made only once).
	const place = placeOfReport(tx, market, job);
	const rows = market.rowsAt(job, market.keyOf(job), place);
	const row = rows.repeated(tx, job.input.price, job.user.id, now - REPEAT_WINDOW_MS);
	return row ? { repeatOf: row.id } : null;
}

/** A shopper's report: their first report back when it repeats one, else the report's writes. */
export function writeOnce<Key, Fields extends PriceFields, Answer>(
	tx: Tx,
	market: Market<Key, Fields, Answer>,
	job: ReportJob<Fields>,
	events: PriceEvents,
) {
	const key = job.input.sendKey;
	if (!key) return repeated(tx, market, job) ?? write(tx, market, job, events);
	const sent = { user: job.user.id, market: market.name, key };
	const first = sentWithKey(tx, sent);
	if (first !== null) return { repeatOf: first };
	const filed = repeated(tx, market, job) ?? write(tx, market, job, events);
	rememberSendKey(
		tx,
		sent,
		"repeatOf" in filed ? filed.repeatOf : "confirmedExisting" in filed ? filed.confirmedExisting.id : filed.id,
	);
	return filed;
}
