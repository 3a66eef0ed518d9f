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
import type { Db } from "../db.ts";
import { DAY_MS } from "../lib/time.ts";
import type { MatchAlertRow } from "./alerts.sql.ts";

/** An alert that has fired fires again after this long, even if the price never went back over the target. */
export const REARM_AFTER_MS = 7 * DAY_MS;
/** The daily cap counts the notifications of the last this long. */
export const CAP_WINDOW_MS = DAY_MS;
/** Settings' default and bounds for the daily cap. */
export const DEFAULT_DAILY_CAP = 10;

// A live report of another hit of the alert: the price is still under the target (each hit's report was).
// The report that replaced one is not live any more by the time this runs (it is expired in the same
// transaction), so a shopper correcting their own price does not hold the alert quiet.
const STILL_UNDER_SQL = `
  SELECT 1 FROM price_alert_hits h
    LEFT JOIN price_reports r ON r.id = h.price_report_id
    LEFT JOIN gas_price_reports g ON g.id = h.gas_report_id
  WHERE h.alert_id = $alert
    AND ((r.is_active = 1 AND r.is_expired = 0) OR (g.is_active = 1 AND g.is_expired = 0))
  LIMIT 1`;
const SENT_SINCE_SQL = `
  SELECT count(*) AS n FROM price_alert_hits
  WHERE alert_id IN (SELECT id FROM price_alerts WHERE user_id = $user) AND notice = 'sent' AND created_at > $since`;
const DAILY_CAP_SQL = "SELECT alert_daily_cap AS cap FROM users WHERE id = $user";
const SUM_HELD_SQL = `
  UPDATE price_alert_hits SET notice = 'summed'
  WHERE alert_id IN (SELECT id FROM price_alerts WHERE user_id = $user) AND notice = 'held'
  RETURNING alert_id AS alertId`;

/** The statements deciding notices, compiled once for all of a report's hits. */
export function noticeReaders(db: Db) {
	const q = db.$client;
	return {
		stillUnder: q.query<{ 1: number }, { alert: number }>(STILL_UNDER_SQL),
		sentSince: q.query<{ n: number }, { user: string; since: number }>(SENT_SINCE_SQL),
		dailyCap: q.query<{ cap: number }, { user: string }>(DAILY_CAP_SQL),
		sumHeld: q.query<{ alertId: number }, { user: string }>(SUM_HELD_SQL),
	};
}
export type NoticeReaders = ReturnType<typeof noticeReaders>;

/**
 * The notice of a new hit of `alert`, read before the hit is stored: quiet while the alert has fired and the
 * price is still under its target; else sent, or held when the shopper's daily cap is reached.
 */
export function decideNotice(read: NoticeReaders, alert: MatchAlertRow, now: number): HitNotice {
	const firedLately = alert.lastNotified !== null && now - alert.lastNotified < REARM_AFTER_MS;
	if (firedLately && read.stillUnder.get({ alert: alert.alertId })) return "quiet";
	const cap = read.dailyCap.get({ user: alert.userId })?.cap ?? DEFAULT_DAILY_CAP;
	const sent = read.sentSince.get({ user: alert.userId, since: now - CAP_WINDOW_MS })?.n ?? 0;
	return sent < cap ? "sent" : "held";
}

/**
 * Marks the shopper's held hits as summed up by the notification about to go out (about `alertId`); answers
 * how many other alerts they were (an alert held twice is one more alert to look at).
 */
export function sumUpHeld(read: NoticeReaders, userId: string, alertId: number): number {
	const others = new Set(read.sumHeld.all({ user: userId }).map((h) => h.alertId));
	others.delete(alertId);
	return others.size;
}
