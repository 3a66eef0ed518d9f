/**
 * Matching a stored report against active alerts. A product report meets an alert when all of the
 * alert's words are among the report's words, the alert's category (when it has one) is the report's, and the
 * price is at or under the target; a fuel report, when the fuel is the alert's and the price at or under it.
 * Where: in the neighbourhood of the alert's zip (src/lib/zip.ts: the zip and its 20 nearest ZIP areas), or,
 * for an alert limited to starred spots, at one of its owner's starred stores or stations. The reporter's own
 * alerts stay quiet: they know the price they just typed. Each hit's notice is decided in notices.ts.
 */

import type { FuelType, HitNotice } from "../../db/enums.ts";
import type { Db } from "../db.ts";
import { log } from "../lib/log.ts";
import { centsToNumber, formatCents, formatMills, millsToNumber } from "../lib/money.ts";
import { alertReader, type CandidateRow, hitWriters, type MatchAlertRow, starReaders, wordHits } from "./alerts.sql.ts";
import { decideNotice, noticeReaders, sumUpHeld } from "./notices.ts";
import { fuelWord, productWords } from "./words.ts";

/** A product report as the matching reads it; `live` is 1 while search lists it (active, not expired), else 0. */
export type MatchedReport = {
	id: number;
	userId: string;
	productName: string;
	priceCents: number;
	categoryId: number;
	zipCode: string;
	storeId: number;
	storeName: string;
	storeAddress: string;
	live: number;
	/** The ids of the shopper's earlier reports of it at that store that it replaced (their hits carry over). */
	replaces?: number[];
};

/** A fuel report as the matching reads it (always live: it was just written). */
export type MatchedFuelReport = {
	id: number;
	userId: string;
	fuelType: FuelType;
	priceMills: number;
	stationId: number;
	stationName: string;
	stationAddress: string;
	zipCode: string;
	locToken: string;
	/** The ids of the shopper's earlier reports of this fuel at this station that it replaced. */
	replaces?: number[];
};

/** A new hit: its alert, the report that set it off, and what became of its notification. */
export type HitRow = CandidateRow & {
	hitId: number;
	kind: "product" | "fuel";
	reportId: number;
	productName: string;
	/** The price as the report has it, written out ("$3.49", "$3.199"), and in dollars. */
	priceLabel: string;
	price: number;
	priceCents: number;
	zipCode: string;
	storeName: string;
	storeAddress: string;
	/** The store's or the station's id. */
	placeId: number;
	at: number;
	notice: HitNotice;
	/** How many held hits this notification sums up (0 unless it is sent). */
	alsoHeld: number;
};

/** A fuel price in whole cents rounded up, as the alert's target in cents is compared with it. */
export const fuelCents = (mills: number) => Math.ceil(mills / 10);

type Where = { loc: string; storeId?: number; stationId?: number };

/** The alerts `words` at `where` for `priceCents` satisfy, the reporter's own excluded (`pass` filters more). */
function candidates(
	db: Db,
	words: string[],
	where: Where,
	priceCents: number,
	reporterId: string,
	pass: (alert: MatchAlertRow) => boolean,
): MatchAlertRow[] {
	if (words.length === 0) return [];
	const found = wordHits(db, { words: JSON.stringify(words), loc: where.loc, price: priceCents });
	if (found.length === 0) return [];
	const wordsFound = new Map<number, number>();
	for (const [alertId] of found) wordsFound.set(alertId, (wordsFound.get(alertId) ?? 0) + 1);
	const readAlert = alertReader(db);
	const stars = starReaders(db);
	const matches: MatchAlertRow[] = [];
	for (const [alertId, count] of wordsFound) {
		const alert = readAlert.get(alertId);
		if (alert?.isActive !== 1 || alert.wordCount !== count || alert.userId === reporterId || !pass(alert)) continue;
		if (alert.scope === "spots") {
			const starred =
				where.storeId !== undefined
					? stars.store.get({ user: alert.userId, id: where.storeId })
					: where.stationId !== undefined && stars.station.get({ user: alert.userId, id: where.stationId });
			if (!starred) continue;
		}
		matches.push(alert);
	}
	return matches;
}

/** The product alerts a report satisfies. */
export function findMatchingAlerts(db: Db, report: MatchedReport & { locToken: string }): MatchAlertRow[] {
	return candidates(
		db,
		productWords(report.productName),
		{ loc: report.locToken, storeId: report.storeId },
		report.priceCents,
		report.userId,
		(alert) => alert.fuelType === null && (alert.categoryId === null || alert.categoryId === report.categoryId),
	);
}

type NewHit = Omit<HitRow, "hitId" | "notice" | "alsoHeld" | keyof CandidateRow>;

/** Stores one hit per alert with its notice, stamping the alerts that fired; answers the new hits. */
function storeHits(
	db: Db,
	alerts: MatchAlertRow[],
	hit: NewHit,
	insert: (alert: MatchAlertRow, notice: HitNotice) => { id: number } | null,
): HitRow[] {
	const { stamp } = hitWriters(db);
	const read = noticeReaders(db);
	const hits: HitRow[] = [];
	for (const alert of alerts) {
		const notice = decideNotice(read, alert, hit.at);
		const row = insert(alert, notice);
		if (!row) continue;
		if (notice === "sent") stamp.run({ now: hit.at, alert: alert.alertId });
		const alsoHeld = notice === "sent" ? sumUpHeld(read, alert.userId, alert.alertId) : 0;
		const { wordCount, categoryId, isActive, scope, fuelType, lastNotified, ...candidate } = alert;
		hits.push({ ...candidate, ...hit, hitId: row.id, notice, alsoHeld });
	}
	return hits;
}

/**
 * Records a hit per matching alert (once per alert and report: the unique pair makes a second call a no-op),
 * in the caller's transaction. Answers the new hits, made from the rows at hand rather than read back.
 *
 * A shopper who reports the same price again at the same store (or a higher one, still under the target)
 * tells the alert's owner nothing new: the hit of the price it replaced moves to the new report, quietly,
 * and the alert shows the store's current price. A lower price is news, and a hit of its own.
 */
export function recordHitsFor(db: Db, report: MatchedReport & { locToken: string }, now = Date.now()): HitRow[] {
	if (!report.live) return [];
	const alerts = findMatchingAlerts(db, report);
	if (alerts.length === 0) return [];
	const { insert, findCarried, carry } = hitWriters(db);
	const replaced = report.replaces?.length ? JSON.stringify(report.replaces) : null;
	const fresh = alerts.filter((alert) => {
		const carried = replaced && findCarried.get({ alert: alert.alertId, replaced, price: report.priceCents });
		if (carried) carry.run({ report: report.id, price: report.priceCents, hit: carried.id });
		return !carried;
	});
	const hit: NewHit = {
		kind: "product",
		reportId: report.id,
		productName: report.productName,
		priceLabel: formatCents(report.priceCents),
		price: centsToNumber(report.priceCents),
		priceCents: report.priceCents,
		zipCode: report.zipCode,
		storeName: report.storeName,
		storeAddress: report.storeAddress,
		placeId: report.storeId,
		at: now,
	};
	return storeHits(db, fresh, hit, (alert, notice) =>
		insert.get({ alert: alert.alertId, report: report.id, price: report.priceCents, notice, now }),
	);
}

/** The fuel alerts a fuel report satisfies, and their hits, in the caller's transaction. */
export function recordFuelHitsFor(db: Db, report: MatchedFuelReport, now = Date.now()): HitRow[] {
	const cents = fuelCents(report.priceMills);
	const alerts = candidates(
		db,
		[fuelWord(report.fuelType)],
		{ loc: report.locToken, stationId: report.stationId },
		cents,
		report.userId,
		(alert) => alert.fuelType === report.fuelType,
	);
	if (alerts.length === 0) return [];
	const { insertFuel, findCarriedFuel, carryFuel } = hitWriters(db);
	// As for products: the same shopper's same or higher price at the same station is no news.
	const replaced = report.replaces?.length ? JSON.stringify(report.replaces) : null;
	const fresh = alerts.filter((alert) => {
		const carried = replaced && findCarriedFuel.get({ alert: alert.alertId, replaced, price: cents });
		if (carried) carryFuel.run({ report: report.id, price: cents, hit: carried.id });
		return !carried;
	});
	const hit: NewHit = {
		kind: "fuel",
		reportId: report.id,
		productName: "",
		priceLabel: formatMills(report.priceMills),
		price: millsToNumber(report.priceMills),
		priceCents: cents,
		zipCode: report.zipCode,
		storeName: report.stationName,
		storeAddress: report.stationAddress,
		placeId: report.stationId,
		at: now,
	};
	return storeHits(db, fresh, hit, (alert, notice) =>
		insertFuel.get({ alert: alert.alertId, report: report.id, price: cents, notice, now }),
	).map((h) => ({ ...h, productName: h.alertName }));
}

/**
 * The report path's matching, inside its write transaction: a failure is logged, never thrown (the report
 * must still be stored and answered), and undoes only the hits (a savepoint).
 */
export function recordHitsSafely(db: Db, report: MatchedReport & { locToken: string }, now = Date.now()): HitRow[] {
	try {
		return db.$client.transaction(() => recordHitsFor(db, report, now))();
	} catch (error) {
		log.error("alerts: matching failed", { reportId: report.id, err: error });
		return [];
	}
}

/** recordFuelHitsFor, as recordHitsSafely. */
export function recordFuelHitsSafely(db: Db, report: MatchedFuelReport, now = Date.now()): HitRow[] {
	try {
		return db.$client.transaction(() => recordFuelHitsFor(db, report, now))();
	} catch (error) {
		log.error("alerts: fuel matching failed", { reportId: report.id, err: error });
		return [];
	}
}
