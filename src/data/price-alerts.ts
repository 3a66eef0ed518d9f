/**
 * Shoppers' price alerts and their word index (price_alerts, price_alert_words): the Alerts tab's list with each
 * alert's latest live hit, what creating or editing one checks and writes, deleting one, and what the start-up step that
 * files old alerts' words again reads (plain SQL: every start runs it before listening, and Drizzle's first
 * query costs some setting up). Everything else is Drizzle.
 */
import { and, count, desc, eq, max, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { AlertScope, FuelType } from "../../db/enums.ts";
import {
	gasPriceReports,
	gasStations,
	priceAlertHits,
	priceAlerts,
	priceAlertWords,
	priceReports,
	stores,
} from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Stored, StoredPick } from "../lib/stored.ts";
import type { Tx } from "./transaction.ts";

const hit = alias(priceAlertHits, "x");
const hitReport = alias(priceReports, "xr");
const hitFuel = alias(gasPriceReports, "xg");

/**
 * The alerts with, for each, the latest report that set it off (if any) that is still listed: not one
 * moderation withdrew as fake, nor one since replaced, expired by age or as an outlier. (With none left,
 * lastNotified still says it matched once: the Alerts tab reads "no longer listed".) A product alert's hits
 * name price reports at stores, a fuel alert's fuel reports at stations.
 */
function selectAlerts(db: Db) {
	const latestLiveHit = db
		.select({ id: max(hit.id) })
		.from(hit)
		.leftJoin(hitReport, eq(hitReport.id, hit.priceReportId))
		.leftJoin(hitFuel, eq(hitFuel.id, hit.gasReportId))
		.where(
			and(
				eq(hit.alertId, priceAlerts.id),
				or(
					and(eq(hitReport.isActive, true), eq(hitReport.isExpired, false)),
					and(eq(hitFuel.isActive, true), eq(hitFuel.isExpired, false)),
				),
			),
		);
	return db
		.select({
			id: priceAlerts.id,
			productName: priceAlerts.productName,
			targetPriceCents: priceAlerts.targetPriceCents,
			categoryId: priceAlerts.categoryId,
			zipCode: priceAlerts.zipCode,
			scope: priceAlerts.scope,
			fuelType: priceAlerts.fuelType,
			isActive: priceAlerts.isActive,
			createdAt: priceAlerts.createdAt,
			lastNotified: priceAlerts.lastNotified,
			hitReportId: sql<number | null>`coalesce(${priceReports.id}, ${gasPriceReports.id})`,
			hitProductName: priceReports.productName,
			hitPriceCents: priceAlertHits.priceCents,
			hitPriceMills: gasPriceReports.priceMills,
			hitPriceType: priceReports.priceType,
			hitSaleEnds: priceReports.saleEnds,
			hitMultiQuantity: priceReports.multiQuantity,
			hitMultiPriceCents: priceReports.multiPriceCents,
			hitPayment: gasPriceReports.payment,
			hitStoreName: sql<string | null>`coalesce(${stores.name}, ${gasStations.name})`,
			hitStoreAddress: sql<string | null>`coalesce(${stores.address}, ${gasStations.address})`,
			hitZipCode: sql<string | null>`coalesce(${priceReports.zipCode}, ${gasStations.zipCode})`,
			hitAt: priceAlertHits.createdAt,
		})
		.from(priceAlerts)
		.leftJoin(priceAlertHits, eq(priceAlertHits.id, latestLiveHit))
		.leftJoin(priceReports, eq(priceReports.id, priceAlertHits.priceReportId))
		.leftJoin(stores, eq(stores.id, priceReports.storeId))
		.leftJoin(gasPriceReports, eq(gasPriceReports.id, priceAlertHits.gasReportId))
		.leftJoin(gasStations, eq(gasStations.id, gasPriceReports.stationId));
}
/** An alert with its latest live hit (null columns without one). */
export type AlertRow = ReturnType<ReturnType<typeof selectAlerts>["all"]>[number];

/** The user's alerts, newest first. */
export async function alertRowsOf(db: Db, userId: string): Promise<AlertRow[]> {
	return selectAlerts(db)
		.where(eq(priceAlerts.userId, userId))
		.orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id))
		.all();
}

/** One alert by id, whoever's; null when there is none. */
export async function alertRowById(db: Db, id: number): Promise<AlertRow | null> {
	return selectAlerts(db).where(eq(priceAlerts.id, id)).get() ?? null;
}

/** How many alerts the user keeps. */
export function alertCountOf(tx: Tx, userId: string): number {
	return tx.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, userId)).get()?.n ?? 0;
}

/** The user's alerts at a place and target: what a new or edited one may duplicate. */
export function alertsAtTarget(tx: Tx, where: { userId: string; locToken: string; targetPriceCents: number }) {
	return tx
		.select({
			id: priceAlerts.id,
			productName: priceAlerts.productName,
			categoryId: priceAlerts.categoryId,
			scope: priceAlerts.scope,
			fuelType: priceAlerts.fuelType,
		})
		.from(priceAlerts)
		.where(
			and(
				eq(priceAlerts.userId, where.userId),
				eq(priceAlerts.locToken, where.locToken),
				eq(priceAlerts.targetPriceCents, where.targetPriceCents),
			),
		)
		.all();
}

/** What an alert watches, as it is written. */
export type AlertValues = {
	userId: string;
	productName: string;
	categoryId: number | null;
	targetPriceCents: number;
	zipCode: string;
	locToken: string;
	wordCount: number;
	scope: AlertScope;
	fuelType: FuelType | null;
};

/** Stores a new alert; answers its id. Its words are filed with insertAlertWords in the same transaction. */
export function insertAlert(tx: Tx, alert: AlertValues): number {
	return tx.insert(priceAlerts).values(alert).returning({ id: priceAlerts.id }).get().id;
}

/** What one of the user's alerts watches; null when it is not theirs (or not there). */
export function alertValuesOf(tx: Tx, userId: string, id: number) {
	return (
		tx
			.select({
				productName: priceAlerts.productName,
				categoryId: priceAlerts.categoryId,
				targetPriceCents: priceAlerts.targetPriceCents,
				zipCode: priceAlerts.zipCode,
				scope: priceAlerts.scope,
				fuelType: priceAlerts.fuelType,
			})
			.from(priceAlerts)
			.where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
			.get() ?? null
	);
}

/**
 * Writes an alert's new values over its old ones (its id and age stay) and files its words afresh: the words
 * of what it watched before go, so it no longer fires on them. With `forgetHits`, its hits go too and it has
 * never fired: they matched what it watched before, not what it watches now.
 */
export function rewriteAlert(
	tx: Tx,
	id: number,
	alert: Omit<AlertValues, "userId">,
	words: AlertWordRow[],
	forgetHits: boolean,
) {
	tx.update(priceAlerts)
		.set(forgetHits ? { ...alert, lastNotified: null } : alert)
		.where(eq(priceAlerts.id, id))
		.run();
	tx.delete(priceAlertWords).where(eq(priceAlertWords.alertId, id)).run();
	if (words.length > 0) tx.insert(priceAlertWords).values(words).run();
	if (forgetHits) tx.delete(priceAlertHits).where(eq(priceAlertHits.alertId, id)).run();
}

/** One word of an alert filed under one place, with the alert's target. */
export type AlertWordRow = typeof priceAlertWords.$inferInsert;

/** Files a new alert's words. */
export function insertAlertWords(tx: Tx, rows: AlertWordRow[]) {
	tx.insert(priceAlertWords).values(rows).run();
}

/** Files words of an alert again, leaving those already filed. */
export function fileAlertWords(tx: Tx, rows: AlertWordRow[]) {
	tx.insert(priceAlertWords).values(rows).onConflictDoNothing().run();
}

/** Deletes one of the user's alerts (its words and hits go with it); answers its id, or null when it is not theirs. */
export async function deleteAlertOf(db: Db, userId: string, id: number): Promise<number | null> {
	const gone = db
		.delete(priceAlerts)
		.where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
		.returning({ id: priceAlerts.id })
		.get();
	return gone?.id ?? null;
}

// Only ZIP alerts can have neighbours; a spread alert has a word under another place, found through the
// words' alert index after a row or two.
const FILED_AT_HOME_SQL = `
  SELECT a.id AS id, a.zip_code AS zip, a.target_price_cents AS targetPriceCents FROM price_alerts a
  WHERE a.word_count > 0 AND a.loc_token GLOB 'z*'
    AND NOT EXISTS (SELECT 1 FROM price_alert_words w WHERE w.alert_id = a.id AND w.loc_token <> a.loc_token)`;

/** The ZIP alerts whose words are all filed under the alert's own place. */
export function alertsFiledAtHome(tx: Tx) {
	return tx.$client
		.query<StoredPick<typeof priceAlerts, "id" | "targetPriceCents"> & { zip: Stored<typeof priceAlerts.zipCode> }, []>(
			FILED_AT_HOME_SQL,
		)
		.all();
}

const WORDS_OF_ALERT_SQL = "SELECT DISTINCT word FROM price_alert_words WHERE alert_id = ?1";

/** One alert's distinct indexed words. */
export function wordsOfAlert(tx: Tx, alertId: number): Stored<typeof priceAlertWords.word>[] {
	return tx.$client
		.query<StoredPick<typeof priceAlertWords, "word">, [number]>(WORDS_OF_ALERT_SQL)
		.all(alertId)
		.map((w) => w.word);
}
