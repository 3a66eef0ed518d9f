import { FUEL_LABEL } from "../../db/enums.ts";
import type { User } from "../../db/schema.ts";
import { categoryExistsIn } from "../data/categories.ts";
import {
	type AlertRow,
	alertCountOf,
	alertRowById,
	alertRowsOf,
	alertsAtTarget,
	alertValuesOf,
	deleteAlertOf,
	insertAlert,
	insertAlertWords,
	rewriteAlert,
} from "../data/price-alerts.ts";
import { type Tx, transaction } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import { badRequest, conflict, notFound } from "../lib/http.ts";
import { centsToNumber, millsToNumber } from "../lib/money.ts";
import { locToken, milesBetween, roundMiles } from "../lib/zip.ts";
import { mergePatch } from "./patch.ts";
import { ANY_PRICE_CENTS, MAX_ALERTS_PER_USER, type PriceAlertInput, type PriceAlertPatch } from "./schemas.ts";
import { alertWordRows } from "./word-index.ts";
import { fuelWord, productWords } from "./words.ts";

export const NO_ZIP_MESSAGE = "Set your zip code before creating a price alert.";

const wordKey = (words: string[]) => [...words].sort().join(" ");
const milesFrom = (from: string | null, to: string | null) => {
	const miles = from === null || to === null ? null : milesBetween(from, to);
	return miles === null ? null : roundMiles(miles);
};
const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** Spec §3 "Price alert" ({id, productName, targetPrice, categoryId, createdAt}) plus our fields. */
function toAlertJson(row: AlertRow) {
	return {
		id: row.id,
		productName: row.productName,
		/** null for an alert at any price (its target is ANY_PRICE_CENTS). */
		targetPrice: row.targetPriceCents === ANY_PRICE_CENTS ? null : centsToNumber(row.targetPriceCents),
		categoryId: row.categoryId,
		createdAt: row.createdAt.toISOString(),
		zipCode: row.zipCode,
		/** Where it watches: "near" its zip, or only at the shopper's starred "spots". */
		scope: row.scope,
		/** Set for a fuel alert: the fuel it watches (productName is then the fuel's name). */
		fuelType: row.fuelType,
		isActive: row.isActive,
		lastNotified: iso(row.lastNotified),
		lastHit:
			row.hitReportId === null || row.hitPriceCents === null
				? null
				: {
						reportId: row.hitReportId,
						productName: row.hitProductName ?? row.productName,
						price: row.hitPriceMills !== null ? millsToNumber(row.hitPriceMills) : centsToNumber(row.hitPriceCents),
						/**
						 * What the price asks (decision 0093), as a search's card has it: a product's type, a sale's last
						 * day and a multi-buy's bundle (`price` being one's share); a fuel's cash or card (null: either).
						 */
						priceType: row.hitPriceType ?? "regular",
						saleEnds: row.hitSaleEnds,
						multiBuy:
							row.hitMultiQuantity !== null && row.hitMultiPriceCents !== null
								? { quantity: row.hitMultiQuantity, price: centsToNumber(row.hitMultiPriceCents) }
								: null,
						payment: row.hitPayment,
						storeName: row.hitStoreName ?? "",
						storeAddress: row.hitStoreAddress ?? "",
						zipCode: row.hitZipCode,
						/** Miles from the alert's zip; null when either has no place on the map. */
						distanceMiles: milesFrom(row.zipCode, row.hitZipCode),
						at: iso(row.hitAt) ?? "",
					},
	};
}
export type AlertJson = ReturnType<typeof toAlertJson>;

/** The user's alerts, newest first. */
export async function listAlerts(db: Db, userId: string): Promise<AlertJson[]> {
	return (await alertRowsOf(db, userId)).map(toAlertJson);
}

async function getAlert(db: Db, id: number): Promise<AlertJson | null> {
	const row = await alertRowById(db, id);
	return row ? toAlertJson(row) : null;
}

/** What an alert is written as: its name, category, zip and words, from the checked input. */
function resolveAlert(tx: Tx, user: User, input: PriceAlertInput) {
	const zip = input.zipCode ?? user.zipCode;
	if (!zip) throw badRequest(NO_ZIP_MESSAGE);
	const fuel = input.fuelType;
	const productName = fuel === null ? input.productName : FUEL_LABEL[fuel];
	const categoryId = fuel === null ? input.categoryId : null;
	if (categoryId !== null && !categoryExistsIn(tx, categoryId)) {
		throw badRequest("Unknown category", { issues: [{ path: "categoryId", message: "Unknown category" }] });
	}
	const words = fuel === null ? productWords(productName) : [fuelWord(fuel)];
	return {
		productName,
		categoryId,
		targetPriceCents: input.targetPrice,
		zipCode: zip,
		locToken: locToken(zip),
		wordCount: words.length,
		scope: input.scope,
		fuelType: fuel,
		words,
	};
}

type Resolved = ReturnType<typeof resolveAlert>;

/** Two identical alerts (same words, zip, place, target and category) would notify twice for every report. */
function refuseDuplicate(tx: Tx, userId: string, alert: Resolved, self?: number) {
	const duplicate = alertsAtTarget(tx, {
		userId,
		locToken: alert.locToken,
		targetPriceCents: alert.targetPriceCents,
	}).some(
		(a) =>
			a.id !== self &&
			a.categoryId === alert.categoryId &&
			a.scope === alert.scope &&
			a.fuelType === alert.fuelType &&
			(alert.fuelType !== null || wordKey(productWords(a.productName)) === wordKey(alert.words)),
	);
	if (duplicate) throw conflict("You already have this price alert");
}

const indexRows = (id: number, alert: Resolved) =>
	alertWordRows({
		id,
		zip: alert.zipCode,
		scope: alert.scope,
		targetPriceCents: alert.targetPriceCents,
		words: alert.words,
	});

/**
 * Stores an alert with its word index (word-index.ts). The zip is the one given, else the user's at this
 * moment: an alert keeps watching where it was set even if the user moves. A fuel alert's one word is its
 * fuel's (words.ts fuelWord), and it is named after the fuel.
 */
export async function createAlert(db: Db, user: User, input: PriceAlertInput): Promise<AlertJson> {
	const id = await transaction(
		db,
		(tx) => {
			const alert = resolveAlert(tx, user, input);
			const { words, ...values } = alert;
			if (alertCountOf(tx, user.id) >= MAX_ALERTS_PER_USER) {
				throw conflict(`You can keep at most ${MAX_ALERTS_PER_USER} price alerts; delete one first`);
			}
			refuseDuplicate(tx, user.id, alert);
			const alertId = insertAlert(tx, { userId: user.id, ...values });
			insertAlertWords(tx, indexRows(alertId, alert));
			return alertId;
		},
		"immediate",
	);
	const created = await getAlert(db, id);
	if (!created) throw new Error(`price alert ${id} vanished after insert`);
	return created;
}

const ALERT_NOT_FOUND = "Price alert not found";

/** Whether an edit changes what the alert matches; a name's words in another order or case do not. */
function watchesAnew(current: NonNullable<ReturnType<typeof alertValuesOf>>, alert: Resolved) {
	return (
		current.fuelType !== alert.fuelType ||
		current.targetPriceCents !== alert.targetPriceCents ||
		current.categoryId !== alert.categoryId ||
		current.scope !== alert.scope ||
		current.zipCode !== alert.zipCode ||
		(alert.fuelType === null && wordKey(productWords(current.productName)) !== wordKey(alert.words))
	);
}

/**
 * Edits one of the user's alerts in place: the fields sent over its current ones, checked as a new alert is,
 * its words filed afresh, so it fires on what it watches now and no longer on what it watched before. The
 * alert is read, merged and written in one transaction, so an edit made meanwhile is not written over with
 * the values it replaced. Its id and age stay; its hits stay only while it matches what it did (they would
 * show a price or product it no longer watches). Anyone else's alert is "not found".
 */
export async function updateAlert(db: Db, user: User, id: number, patch: PriceAlertPatch): Promise<AlertJson> {
	await transaction(
		db,
		(tx) => {
			const current = alertValuesOf(tx, user.id, id);
			if (!current) throw notFound(ALERT_NOT_FOUND);
			const alert = resolveAlert(tx, user, mergePatch(current, patch));
			const { words, ...values } = alert;
			refuseDuplicate(tx, user.id, alert, id);
			rewriteAlert(tx, id, values, indexRows(id, alert), watchesAnew(current, alert));
		},
		"immediate",
	);
	const updated = await getAlert(db, id);
	if (!updated) throw notFound(ALERT_NOT_FOUND);
	return updated;
}

/** Deletes one of the user's alerts (its words and hits go with it); anyone else's is "not found". */
export async function deleteAlert(db: Db, userId: string, id: number) {
	const gone = await deleteAlertOf(db, userId, id);
	if (gone === null) throw notFound(ALERT_NOT_FOUND);
	return { id: gone };
}
