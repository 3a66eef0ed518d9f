/**
 * Matching a stored report against active alerts (issue 6): all of the alert's words among the report's
 * words, the alert's category (when it has one), a price at or under the target, and the report in the
 * neighbourhood of the alert's zip (src/lib/zip.ts: the zip and its 20 nearest ZIP areas). The reporter's own
 * alerts stay quiet: they know the price they just typed.
 */

import { and, desc, eq, gt, max } from "drizzle-orm";
import { priceAlertHits, priceAlerts, priceReports, stores } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { log } from "../lib/log.ts";
import { centsToNumber, formatCents } from "../lib/money.ts";
import { locToken } from "../lib/zip.ts";
import { alertReader, type CandidateRow, hitWriters, wordHits } from "./alerts.sql.ts";
import type { LiveHub, LiveMessage } from "./live.ts";
import { productWords } from "./words.ts";

export const HIT_EVENT = "price-alert";
/** How many missed hits a reconnecting stream is sent (the newest; the Alerts tab shows the rest). */
export const REPLAY_LIMIT = 20;

type PriceReport = typeof priceReports.$inferSelect;
type Store = typeof stores.$inferSelect;

/** A report as the matching reads it; `live` is 1 while search lists it (active, not expired), else 0. */
type ReportRow = Pick<PriceReport, "id" | "userId" | "productName" | "priceCents" | "categoryId" | "zipCode"> & {
	live: number;
};
/**
 * A report as its hits describe it: the report and the store it was seen at, and the ids of the shopper's
 * earlier reports of it at that store that it replaced (their hits carry over: see recordHitsFor).
 */
export type MatchedReport = ReportRow & {
	storeName: Store["name"];
	storeAddress: Store["address"];
	replaces?: number[];
};

/** The alerts a report satisfies (the reporter's own excluded). */
export function findMatchingAlerts(db: Db, report: ReportRow): CandidateRow[] {
	const words = productWords(report.productName);
	if (words.length === 0) return [];
	const found = wordHits(db, { words: JSON.stringify(words), loc: locToken(report.zipCode), price: report.priceCents });
	if (found.length === 0) return [];
	const wordsFound = new Map<number, number>();
	for (const [alertId] of found) wordsFound.set(alertId, (wordsFound.get(alertId) ?? 0) + 1);
	const readAlert = alertReader(db);
	const matches: CandidateRow[] = [];
	for (const [alertId, count] of wordsFound) {
		const alert = readAlert.get(alertId);
		if (alert?.isActive !== 1 || alert.wordCount !== count || alert.userId === report.userId) continue;
		if (alert.categoryId !== null && alert.categoryId !== report.categoryId) continue;
		matches.push(alert);
	}
	return matches;
}

/** A hit: its alert, the report that set it off at its price then, and when (milliseconds). */
export type HitRow = CandidateRow & {
	hitId: (typeof priceAlertHits.$inferSelect)["id"];
	priceCents: (typeof priceAlertHits.$inferSelect)["priceCents"];
	at: number;
	reportId: PriceReport["id"];
	productName: PriceReport["productName"];
	zipCode: PriceReport["zipCode"];
	storeName: Store["name"];
	storeAddress: Store["address"];
};

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
	return db
		.select({
			hitId: priceAlertHits.id,
			alertId: priceAlertHits.alertId,
			userId: priceAlerts.userId,
			alertName: priceAlerts.productName,
			targetPriceCents: priceAlerts.targetPriceCents,
			priceCents: priceAlertHits.priceCents,
			at: priceAlertHits.createdAt,
			reportId: priceReports.id,
			productName: priceReports.productName,
			zipCode: priceReports.zipCode,
			storeName: stores.name,
			storeAddress: stores.address,
		})
		.from(priceAlertHits)
		.innerJoin(priceAlerts, eq(priceAlerts.id, priceAlertHits.alertId))
		.innerJoin(priceReports, eq(priceReports.id, priceAlertHits.priceReportId))
		.innerJoin(stores, eq(stores.id, priceReports.storeId))
		.where(
			and(
				eq(priceAlerts.userId, userId),
				gt(priceAlertHits.id, afterId),
				eq(priceReports.isActive, true),
				eq(priceReports.isExpired, false),
			),
		)
		.orderBy(desc(priceAlertHits.id))
		.limit(REPLAY_LIMIT)
		.all()
		.reverse()
		.map((row) => hitMessage({ ...row, at: row.at.getTime() }));
}

/**
 * The newest hit's id, anyone's: where a new stream stands. Sent as its event id, so the browser's reconnect
 * asks for the hits after it even when none reached this tab yet.
 */
export function latestHitId(db: Db): number {
	return (
		db
			.select({ id: max(priceAlertHits.id) })
			.from(priceAlertHits)
			.get()?.id ?? 0
	);
}

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
	const { insert, stamp, findCarried, carry } = hitWriters(db);
	const replaced = report.replaces?.length ? JSON.stringify(report.replaces) : null;
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
	const found = db
		.select({
			id: priceReports.id,
			userId: priceReports.userId,
			productName: priceReports.productName,
			priceCents: priceReports.priceCents,
			categoryId: priceReports.categoryId,
			zipCode: priceReports.zipCode,
			isActive: priceReports.isActive,
			isExpired: priceReports.isExpired,
			storeName: stores.name,
			storeAddress: stores.address,
		})
		.from(priceReports)
		.innerJoin(stores, eq(stores.id, priceReports.storeId))
		.where(eq(priceReports.id, reportId))
		.get();
	if (!found?.isActive || found.isExpired) return [];
	const { isActive, isExpired, ...rest } = found;
	const report: MatchedReport = { ...rest, live: 1 };
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
