/**
 * Whether a hit notifies its shopper (decision 0050). An alert fires once per crossing: when the best price
 * near the shopper goes from over the target to at or under it. Every report at or under the target is a hit
 * (the Alerts tab shows the latest), but while another live report still holds the price under the target,
 * the alert has already said so: the new hit is quiet. Once none does (expired, replaced at a higher price,
 * withdrawn), the price has gone back above the target and the next hit fires again; so does one a week after
 * the last, as a reminder. A shopper gets at most their daily cap of notifications in any 24 hours; the hits
 * over it are held, and the next notification sums them up. Only a sent hit counts as the alert firing: a
 * held one leaves it armed, so its next hit once the cap has room is sent, with the summary.
 */
import type { HitNotice } from "../../db/enums.ts";
import type { MatchAlertRow, NoticeReaders } from "../data/alert-hits.ts";
import { DAY_MS } from "../lib/time.ts";

/** An alert that has fired fires again after this long, even if the price never went back over the target. */
export const REARM_AFTER_MS = 7 * DAY_MS;
/** The daily cap counts the notifications of the last this long. */
export const CAP_WINDOW_MS = DAY_MS;
/** Settings' default and bounds for the daily cap. */
export const DEFAULT_DAILY_CAP = 10;

/** What a notice is decided from: the reads of data/alert-hits.ts's noticeReaders but the price alerts' own. */
type CapReaders = Pick<NoticeReaders, "dailyCap" | "sentSince">;

/**
 * The notice of news for a shopper under these rules, whatever it is about (a price alert's hit, a list
 * alert's): quiet while what it tells has been told lately and still holds; else sent, or held when the
 * shopper's daily cap is reached.
 */
export function noticeOf(
	read: CapReaders,
	about: { userId: string; lastNotified: number | null; stillUnder: () => boolean },
	now: number,
): HitNotice {
	const firedLately = about.lastNotified !== null && now - about.lastNotified < REARM_AFTER_MS;
	if (firedLately && about.stillUnder()) return "quiet";
	const cap = read.dailyCap(about.userId) ?? DEFAULT_DAILY_CAP;
	const sent = read.sentSince(about.userId, now - CAP_WINDOW_MS);
	return sent < cap ? "sent" : "held";
}

/**
 * The notice of a new hit of `alert`, read before the hit is stored: quiet while the alert has fired and the
 * price is still under its target; else sent, or held when the shopper's daily cap is reached.
 */
export function decideNotice(read: NoticeReaders, alert: MatchAlertRow, now: number): HitNotice {
	return noticeOf(read, { ...alert, stillUnder: () => read.stillUnder(alert.alertId) }, now);
}

/**
 * Marks the shopper's held hits and list notices as summed up by the notification about to go out (about a
 * price alert or a list); answers how many others they were (an alert held twice is one more to look at).
 */
export function sumUpHeld(
	read: Pick<NoticeReaders, "sumHeld">,
	userId: string,
	about: { alertId: number } | { listId: number },
): number {
	const { alerts, lists } = read.sumHeld(userId);
	const others = new Set([...alerts.map((id) => `alert ${id}`), ...lists.map((id) => `list ${id}`)]);
	others.delete("alertId" in about ? `alert ${about.alertId}` : `list ${about.listId}`);
	return others.size;
}
