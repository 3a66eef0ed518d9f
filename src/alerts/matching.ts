/**
 * Matching a written price against active alerts. A product's price meets an alert when all of the alert's
 * words are among the product's words, the alert's category (when it has one) is the product's, and the
 * price is at or under the target; a fuel's, when the fuel is the alert's and the price at or under it.
 * Where: in the neighbourhood of the alert's zip (src/lib/zip.ts: the zip and its 20 nearest ZIP areas), or,
 * for an alert limited to starred spots, at one of its owner's starred stores or stations. The reporter's own
 * alerts stay quiet: they know the price they just typed. Each hit's notice is decided in notices.ts.
 */

import type { HitNotice } from "../../db/enums.ts";
import {
	alertReader,
	type CandidateRow,
	hitWriters,
	type MatchAlertRow,
	noticeReaders,
	wordHits,
} from "../data/alert-hits.ts";
import { starReader } from "../data/starred-places.ts";
import { memberReader } from "../data/store-memberships.ts";
import { inTransaction, type Tx } from "../data/transaction.ts";
import { log } from "../lib/log.ts";
import { centsToNumber, millsToNumber } from "../lib/money.ts";
import type { WrittenPrice } from "../reports/index.ts";
import { decideNotice, sumUpHeld } from "./notices.ts";
import { fuelPriceLabel, productPriceLabel } from "./price-label.ts";
import { fuelWord, productWords } from "./words.ts";

/** A new hit: its alert, the report that set it off, and what became of its notification. */
export type HitRow = CandidateRow & {
	hitId: number;
	kind: "product" | "fuel";
	reportId: number;
	productName: string;
	/**
	 * The price as the report has it, written out with what it asks ("$3.49", "$2.99 (member price)", "2 for
	 * $5.00 ($2.50 each)", "$3.199 (cash price)"), and in dollars (a multi-buy's: the price of one).
	 */
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

/**
 * What the matching needs of a written price, by its market: its words, its price in whole cents as an
 * alert's target is compared with it, which of the alerts its words meet it may set off, and how its hit
 * names it (a fuel hit takes its alert's name).
 */
function matchOf(price: WrittenPrice) {
	if (price.market === "product")
		return {
			words: productWords(price.productName),
			cents: price.price,
			fits: (alert: MatchAlertRow) =>
				alert.fuelType === null && (alert.categoryId === null || alert.categoryId === price.categoryId),
			name: (_alert: CandidateRow) => price.productName,
			label: productPriceLabel(price.price, price),
			dollars: centsToNumber(price.price),
		};
	return {
		words: [fuelWord(price.fuelType)],
		cents: fuelCents(price.price),
		fits: (alert: MatchAlertRow) => alert.fuelType === price.fuelType,
		name: (alert: CandidateRow) => alert.alertName,
		label: fuelPriceLabel(price.price, price.payment),
		dollars: millsToNumber(price.price),
	};
}

/** The alerts a written price satisfies, the reporter's own excluded. */
export function findMatchingAlerts(tx: Tx, price: WrittenPrice): MatchAlertRow[] {
	const { words, cents, fits } = matchOf(price);
	if (words.length === 0) return [];
	const found = wordHits(tx, { words: JSON.stringify(words), loc: price.place.locToken, price: cents });
	if (found.length === 0) return [];
	const wordsFound = new Map<number, number>();
	for (const [alertId] of found) wordsFound.set(alertId, (wordsFound.get(alertId) ?? 0) + 1);
	const readAlert = alertReader(tx);
	const starred = starReader(tx, price.market === "product" ? "store" : "station");
	// A member-only price is news only to the members of its store.
	const memberOnly = price.market === "product" && price.priceType === "member";
	const member = memberOnly ? memberReader(tx) : null;
	const matches: MatchAlertRow[] = [];
	for (const [alertId, count] of wordsFound) {
		const alert = readAlert(alertId);
		if (alert?.isActive !== 1 || alert.wordCount !== count || alert.userId === price.userId || !fits(alert)) continue;
		if (alert.scope === "spots" && !starred(alert.userId, price.place.id)) continue;
		if (member && !member(alert.userId, price.place.id)) continue;
		matches.push(alert);
	}
	return matches;
}

/**
 * Records a hit per matching alert (once per alert and report: the unique pair makes a second call a no-op),
 * in the caller's transaction, stamping the alerts that notify. Answers the new hits, made from the rows at
 * hand rather than read back.
 *
 * A shopper who reports the same price again at the same place (or a higher one, still under the target)
 * tells the alert's owner nothing new: the hit of the price it replaced moves to the new report, quietly,
 * and the alert shows the place's current price. A lower price is news, and a hit of its own.
 */
export function recordHitsFor(tx: Tx, price: WrittenPrice, now = Date.now()): HitRow[] {
	const alerts = findMatchingAlerts(tx, price);
	if (alerts.length === 0) return [];
	const match = matchOf(price);
	const { insert, findCarried, carry, stamp } = hitWriters(tx, price.market);
	const replaced = price.replaces.length ? JSON.stringify(price.replaces) : null;
	const fresh = alerts.filter((alert) => {
		const carried = replaced && findCarried({ alert: alert.alertId, replaced, price: match.cents });
		if (carried) carry({ report: price.id, price: match.cents, hit: carried.id });
		return !carried;
	});
	const read = noticeReaders(tx);
	const hits: HitRow[] = [];
	for (const alert of fresh) {
		const notice = decideNotice(read, alert, now);
		const row = insert({ alert: alert.alertId, report: price.id, price: match.cents, notice, now });
		if (!row) continue;
		if (notice === "sent") stamp({ now, alert: alert.alertId });
		const alsoHeld = notice === "sent" ? sumUpHeld(read, alert.userId, { alertId: alert.alertId }) : 0;
		const { wordCount, categoryId, isActive, scope, fuelType, lastNotified, ...candidate } = alert;
		hits.push({
			...candidate,
			hitId: row.id,
			kind: price.market,
			reportId: price.id,
			productName: match.name(candidate),
			priceLabel: match.label,
			price: match.dollars,
			priceCents: match.cents,
			zipCode: price.zip,
			storeName: price.place.name,
			storeAddress: price.place.address,
			placeId: price.place.id,
			at: now,
			notice,
			alsoHeld,
		});
	}
	return hits;
}

/**
 * The write path's matching, inside its transaction: a failure is logged, never thrown (the report must
 * still be stored and answered), and undoes only the hits (a savepoint).
 */
export function recordHitsSafely(tx: Tx, price: WrittenPrice, now = Date.now()): HitRow[] {
	try {
		return inTransaction(tx, (hits) => recordHitsFor(hits, price, now));
	} catch (error) {
		log.error(`alerts: ${price.market === "fuel" ? "fuel " : ""}matching failed`, { reportId: price.id, err: error });
		return [];
	}
}
