/**
 * Matching a stored report against active alerts (issue 6): all of the alert's words among the report's
 * words, the alert's category (when it has one), a price at or under the target, and the report within 20
 * zip codes of the alert's zip. The reporter's own alerts stay quiet: they know the price they just typed.
 */

import type { Db } from "../db.ts";
import { log } from "../lib/log.ts";
import { centsToNumber, formatCents } from "../lib/money.ts";
import { locTokenRange } from "../lib/zip.ts";
import type { LiveHub, LiveMessage } from "./live.ts";
import { productWords } from "./words.ts";

export const HIT_EVENT = "price-alert";
/** How many missed hits a reconnecting stream is sent (the newest; the Alerts tab shows the rest). */
export const REPLAY_LIMIT = 20;

type ReportRow = {
	id: number;
	userId: string;
	productName: string;
	priceCents: number;
	categoryId: number;
	zipCode: string;
	live: number;
};
/**
 * A report as its hits describe it: the report and the store it was seen at, and the ids of the shopper's
 * earlier reports of it at that store that it replaced (their hits carry over: see recordHitsFor).
 */
export type MatchedReport = ReportRow & { storeName: string; storeAddress: string; replaces?: number[] };

type Candidate = { alertId: number; userId: string; alertName: string; targetPriceCents: number };

// Drives from the word index: for each of the report's words, one range of the index over the zip window's
// tokens (US tokens are "z" and five digits, so the range holds exactly the window's zips: one seek per word
// instead of 41). The target price is in the index's key (migration 0011), so only alerts the price meets come
// back (about 2 of 27 entries a report on the bench's data). An alert is a match when every one of its words
// was found; counting them here rather than with GROUP BY spares SQLite a temporary B-tree per report, which
// cost three times the lookups themselves (16.7 vs 5.2 µs a report).
export const WORD_HITS_SQL = `
  SELECT alert_id FROM price_alert_words
  WHERE word IN (SELECT value FROM json_each($words))
    AND loc_token BETWEEN $locFrom AND $locTo
    AND target_price_cents >= $price`;
const ALERT_SQL = `
  SELECT id AS alertId, user_id AS userId, product_name AS alertName, target_price_cents AS targetPriceCents,
    word_count AS wordCount, category_id AS categoryId, is_active AS isActive
  FROM price_alerts WHERE id = ?1`;
type AlertRow = Candidate & { wordCount: number; categoryId: number | null; isActive: number };

/** The alerts a report satisfies (the reporter's own excluded). */
export function findMatchingAlerts(db: Db, report: ReportRow): Candidate[] {
	const words = productWords(report.productName);
	if (words.length === 0) return [];
	const [locFrom, locTo] = locTokenRange(report.zipCode);
	const found = db.$client
		.query<[number], Record<string, string | number>>(WORD_HITS_SQL)
		.values({ words: JSON.stringify(words), locFrom, locTo, price: report.priceCents }) as [number][];
	if (found.length === 0) return [];
	const wordsFound = new Map<number, number>();
	for (const [alertId] of found) wordsFound.set(alertId, (wordsFound.get(alertId) ?? 0) + 1);
	const readAlert = db.$client.query<AlertRow, [number]>(ALERT_SQL);
	const matches: Candidate[] = [];
	for (const [alertId, count] of wordsFound) {
		const alert = readAlert.get(alertId);
		if (alert?.isActive !== 1 || alert.wordCount !== count || alert.userId === report.userId) continue;
		if (alert.categoryId !== null && alert.categoryId !== report.categoryId) continue;
		matches.push(alert);
	}
	return matches;
}

export type HitRow = {
	hitId: number;
	alertId: number;
	userId: string;
	alertName: string;
	targetPriceCents: number;
	priceCents: number;
	at: number;
	reportId: number;
	productName: string;
	zipCode: string;
	storeName: string;
	storeAddress: string;
};

const HITS_SQL = `
  SELECT h.id AS hitId, h.alert_id AS alertId, a.user_id AS userId, a.product_name AS alertName,
    a.target_price_cents AS targetPriceCents, h.price_cents AS priceCents, h.created_at AS at,
    r.id AS reportId, r.product_name AS productName, r.zip_code AS zipCode,
    s.name AS storeName, s.address AS storeAddress
  FROM price_alert_hits h
  JOIN price_alerts a ON a.id = h.alert_id
  JOIN price_reports r ON r.id = h.price_report_id
  JOIN stores s ON s.id = r.store_id`;

/** A hit as the stream carries it; its id is the hit's, so a reconnecting browser says where it stopped. */
export function hitMessage(row: HitRow): LiveMessage {
	return {
		event: HIT_EVENT,
		id: row.hitId,
		data: {
			hitId: row.hitId,
			alertId: row.alertId,
			title: `Price alert: ${row.alertName}`,
			body: `${row.productName} is ${formatCents(row.priceCents)} at ${row.storeName}, ${row.storeAddress} (your target: ${formatCents(row.targetPriceCents)})`,
			reportId: row.reportId,
			productName: row.productName,
			price: centsToNumber(row.priceCents),
			targetPrice: centsToNumber(row.targetPriceCents),
			storeName: row.storeName,
			storeAddress: row.storeAddress,
			zipCode: row.zipCode,
			at: new Date(row.at).toISOString(),
		},
	};
}
export type HitEventData = {
	hitId: number;
	alertId: number;
	title: string;
	body: string;
	reportId: number;
	productName: string;
	price: number;
	targetPrice: number;
	storeName: string;
	storeAddress: string;
	zipCode: string;
	at: string;
};

/**
 * The user's hits after `afterId` (the Last-Event-ID of a reconnect): the latest REPLAY_LIMIT, oldest first;
 * not those of reports that search no longer lists (withdrawn by moderation, replaced or expired meanwhile).
 */
export function hitsAfter(db: Db, userId: string, afterId: number): LiveMessage[] {
	return db.$client
		.query<HitRow, { user: string; after: number; limit: number }>(
			`${HITS_SQL} WHERE a.user_id = $user AND h.id > $after AND r.is_active = 1 AND r.is_expired = 0 ORDER BY h.id DESC LIMIT $limit`,
		)
		.all({ user: userId, after: afterId, limit: REPLAY_LIMIT })
		.reverse()
		.map(hitMessage);
}

/**
 * The newest hit's id, anyone's: where a new stream stands. Sent as its event id, so the browser's reconnect
 * asks for the hits after it even when none reached this tab yet.
 */
export function latestHitId(db: Db): number {
	return db.$client.query<{ id: number }, []>("SELECT coalesce(max(id), 0) AS id FROM price_alert_hits").get()?.id ?? 0;
}

const INSERT_HIT_SQL = `INSERT INTO price_alert_hits (alert_id, price_report_id, price_cents, created_at)
  VALUES ($alert, $report, $price, $now) ON CONFLICT DO NOTHING RETURNING id`;
const STAMP_ALERT_SQL = "UPDATE price_alerts SET last_notified = $now WHERE id = $alert";
const CARRIED_HIT_SQL = `SELECT id FROM price_alert_hits
  WHERE alert_id = $alert AND price_report_id IN (SELECT value FROM json_each($replaced)) AND price_cents <= $price
  ORDER BY price_cents LIMIT 1`;
const CARRY_HIT_SQL = "UPDATE price_alert_hits SET price_report_id = $report, price_cents = $price WHERE id = $hit";

/**
 * Records a hit per matching alert (once per alert and report: the unique pair makes a second call a no-op)
 * and stamps the alert's lastNotified, in the caller's transaction. Answers the new hits, made from the rows
 * at hand rather than read back.
 *
 * A shopper who reports the same price again at the same store (or a higher one, still under the target)
 * tells the alert's owner nothing new: the hit of the price it replaced moves to the new report, quietly,
 * and the alert shows the store's current price. A lower price is news, and a hit of its own.
 */
export function recordHitsFor(db: Db, report: MatchedReport, now = Date.now()): HitRow[] {
	if (!report.live) return [];
	const candidates = findMatchingAlerts(db, report);
	if (candidates.length === 0) return [];
	const insert = db.$client.query<{ id: number }, Record<string, number>>(INSERT_HIT_SQL);
	const stamp = db.$client.query(STAMP_ALERT_SQL);
	const replaced = report.replaces?.length ? JSON.stringify(report.replaces) : null;
	const findCarried = db.$client.query<{ id: number }, Record<string, string | number>>(CARRIED_HIT_SQL);
	const carry = db.$client.query(CARRY_HIT_SQL);
	const hits: HitRow[] = [];
	for (const alert of candidates) {
		const carried = replaced && findCarried.get({ alert: alert.alertId, replaced, price: report.priceCents });
		if (carried) {
			carry.run({ report: report.id, price: report.priceCents, hit: carried.id });
			continue;
		}
		const row = insert.get({ alert: alert.alertId, report: report.id, price: report.priceCents, now });
		if (!row) continue;
		stamp.run({ now, alert: alert.alertId });
		hits.push({
			hitId: row.id,
			alertId: alert.alertId,
			userId: alert.userId,
			alertName: alert.alertName,
			targetPriceCents: alert.targetPriceCents,
			priceCents: report.priceCents,
			at: now,
			reportId: report.id,
			productName: report.productName,
			zipCode: report.zipCode,
			storeName: report.storeName,
			storeAddress: report.storeAddress,
		});
	}
	return hits;
}

/** recordHitsFor a stored report, read by id, in its own IMMEDIATE transaction when there is anything to record. */
export function recordHits(db: Db, reportId: number, now = Date.now()): HitRow[] {
	const report = db.$client
		.query<MatchedReport, { id: number }>(
			`SELECT r.id, r.user_id AS userId, r.product_name AS productName, r.price_cents AS priceCents,
        r.category_id AS categoryId, r.zip_code AS zipCode, (r.is_active = 1 AND r.is_expired = 0) AS live,
        s.name AS storeName, s.address AS storeAddress
       FROM price_reports r JOIN stores s ON s.id = r.store_id WHERE r.id = $id`,
		)
		.get({ id: reportId });
	if (!report?.live) return [];
	return db.$client.transaction(() => recordHitsFor(db, report, now)).immediate();
}

/**
 * The report path's matching, inside its write transaction: a failure is logged, never thrown (the report
 * must still be stored and answered), and undoes only the hits (a savepoint).
 */
export function recordHitsSafely(db: Db, report: MatchedReport, now = Date.now()): HitRow[] {
	try {
		return db.$client.transaction(() => recordHitsFor(db, report, now))();
	} catch (error) {
		log.error("alerts: matching failed", { reportId: report.id, err: error });
		return [];
	}
}

/** Sends each hit to its alert owner's open streams; call after the hits' transaction has committed. */
export function publishHits(hub: LiveHub, hits: HitRow[]): void {
	if (hits.length === 0) return;
	for (const hit of hits) hub.publish(hit.userId, hitMessage(hit));
}

/**
 * Called once a price report is stored and accepted (after its transaction commits). A failure here is
 * logged, never thrown: the report is already saved and its reporter must get their answer.
 */
export function matchAlertsForReport(db: Db, hub: LiveHub, reportId: number): void {
	try {
		publishHits(hub, recordHits(db, reportId));
	} catch (error) {
		log.error("alerts: matching failed", { reportId, err: error });
	}
}
