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

/**
 * The notice of a new hit of `alert`, read before the hit is stored: quiet while the alert has fired and the
 * price is still under its target; else sent, or held when the shopper's daily cap is reached.
 */
export function decideNotice(read: NoticeReaders, alert: MatchAlertRow, now: number): HitNotice {
	const firedLately = alert.lastNotified !== null && now - alert.lastNotified < REARM_AFTER_MS;
	if (firedLately && read.stillUnder(alert.alertId)) return "quiet";
	const cap = read.dailyCap(alert.userId) ?? DEFAULT_DAILY_CAP;
	const sent = read.sentSince(alert.userId, now - CAP_WINDOW_MS);
	return sent < cap ? "sent" : "held";
}

/**
 * Marks the shopper's held hits as summed up by the notification about to go out (about `alertId`); answers
 * how many other alerts they were (an alert held twice is one more alert to look at).
 */
export function sumUpHeld(read: NoticeReaders, userId: string, alertId: number): number {
	const others = new Set(read.sumHeld(userId));
	others.delete(alertId);
	return others.size;
}
