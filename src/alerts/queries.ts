import { and, count, desc, eq, max, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { FUEL_LABEL } from "../../db/enums.ts";
import {
	gasPriceReports,
	gasStations,
	priceAlertHits,
	priceAlerts,
	priceAlertWords,
	priceReports,
	productCategories,
	stores,
	type User,
} from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { badRequest, conflict, notFound } from "../lib/http.ts";
import { centsToNumber, millsToNumber } from "../lib/money.ts";
import { locToken, milesBetween, roundMiles } from "../lib/zip.ts";
import { ANY_PRICE_CENTS, MAX_ALERTS_PER_USER, type PriceAlertInput } from "./schemas.ts";
import { alertWordRows } from "./word-index.ts";
import { fuelWord, productWords } from "./words.ts";

export const NO_ZIP_MESSAGE = "Set your zip code before creating a price alert.";

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
type AlertRow = ReturnType<ReturnType<typeof selectAlerts>["all"]>[number];

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
export function listAlerts(db: Db, userId: string): AlertJson[] {
	return selectAlerts(db)
		.where(eq(priceAlerts.userId, userId))
		.orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id))
		.all()
		.map(toAlertJson);
}

function getAlert(db: Db, id: number): AlertJson | null {
	const row = selectAlerts(db).where(eq(priceAlerts.id, id)).get();
	return row ? toAlertJson(row) : null;
}

/**
 * Stores an alert with its word index (word-index.ts). The zip is the one given, else the user's at this
 * moment: an alert keeps watching where it was set even if the user moves. A fuel alert's one word is its
 * fuel's (words.ts fuelWord), and it is named after the fuel.
 */
export function createAlert(db: Db, user: User, input: PriceAlertInput): AlertJson {
	const zip = input.zipCode ?? user.zipCode;
	if (!zip) throw badRequest(NO_ZIP_MESSAGE);
	const fuel = input.fuelType;
	const productName = fuel === null ? input.productName : FUEL_LABEL[fuel];
	const categoryId = fuel === null ? input.categoryId : null;
	if (categoryId !== null) {
		const known = db
			.select({ id: productCategories.id })
			.from(productCategories)
			.where(eq(productCategories.id, categoryId))
			.get();
		if (!known) {
			throw badRequest("Unknown category", { issues: [{ path: "categoryId", message: "Unknown category" }] });
		}
	}
	const words = fuel === null ? productWords(productName) : [fuelWord(fuel)];
	const token = locToken(zip);
	const id = db.transaction(
		(tx) => {
			const owned = tx.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, user.id)).get();
			if ((owned?.n ?? 0) >= MAX_ALERTS_PER_USER) {
				throw conflict(`You can keep at most ${MAX_ALERTS_PER_USER} price alerts; delete one first`);
			}
			// Two identical alerts (same words, zip, place, target and category) would notify twice for every report.
			const duplicate = tx
				.select({
					productName: priceAlerts.productName,
					categoryId: priceAlerts.categoryId,
					scope: priceAlerts.scope,
					fuelType: priceAlerts.fuelType,
				})
				.from(priceAlerts)
				.where(
					and(
						eq(priceAlerts.userId, user.id),
						eq(priceAlerts.locToken, token),
						eq(priceAlerts.targetPriceCents, input.targetPrice),
					),
				)
				.all()
				.some(
					(a) =>
						a.categoryId === categoryId &&
						a.scope === input.scope &&
						a.fuelType === fuel &&
						(fuel !== null || wordKey(productWords(a.productName)) === wordKey(words)),
				);
			if (duplicate) throw conflict("You already have this price alert");
			const alert = tx
				.insert(priceAlerts)
				.values({
					userId: user.id,
					productName,
					categoryId,
					targetPriceCents: input.targetPrice,
					zipCode: zip,
					locToken: token,
					wordCount: words.length,
					scope: input.scope,
					fuelType: fuel,
				})
				.returning({ id: priceAlerts.id })
				.get();
			tx.insert(priceAlertWords)
				.values(alertWordRows({ id: alert.id, zip, scope: input.scope, targetPriceCents: input.targetPrice, words }))
				.run();
			return alert.id;
		},
		{ behavior: "immediate" },
	);
	const created = getAlert(db, id);
	if (!created) throw new Error(`price alert ${id} vanished after insert`);
	return created;
}

/** Deletes one of the user's alerts (its words and hits go with it); anyone else's is "not found". */
export function deleteAlert(db: Db, userId: string, id: number) {
	const gone = db
		.delete(priceAlerts)
		.where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
		.returning({ id: priceAlerts.id })
		.get();
	if (!gone) throw notFound("Price alert not found");
	return { id: gone.id };
}
