import { and, count, desc, eq, max } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
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
import { centsToNumber } from "../lib/money.ts";
import { locToken } from "../lib/zip.ts";
import { MAX_ALERTS_PER_USER, type PriceAlertInput } from "./schemas.ts";
import { alertWordRows } from "./word-index.ts";
import { productWords } from "./words.ts";

export const NO_ZIP_MESSAGE = "Set your zip code before creating a price alert.";

const hit = alias(priceAlertHits, "x");
const hitReport = alias(priceReports, "xr");

/**
 * The alerts with, for each, the latest report that set it off (if any) that search still lists: not one
 * moderation withdrew as fake, nor one since replaced, expired by age or as an outlier. (With none left,
 * lastNotified still says it matched once: the Alerts tab reads "no longer listed".)
 */
function selectAlerts(db: Db) {
	const latestLiveHit = db
		.select({ id: max(hit.id) })
		.from(hit)
		.innerJoin(hitReport, eq(hitReport.id, hit.priceReportId))
		.where(and(eq(hit.alertId, priceAlerts.id), eq(hitReport.isActive, true), eq(hitReport.isExpired, false)));
	return db
		.select({
			id: priceAlerts.id,
			productName: priceAlerts.productName,
			targetPriceCents: priceAlerts.targetPriceCents,
			categoryId: priceAlerts.categoryId,
			zipCode: priceAlerts.zipCode,
			isActive: priceAlerts.isActive,
			createdAt: priceAlerts.createdAt,
			lastNotified: priceAlerts.lastNotified,
			hitReportId: priceReports.id,
			hitProductName: priceReports.productName,
			hitPriceCents: priceAlertHits.priceCents,
			hitStoreName: stores.name,
			hitStoreAddress: stores.address,
			hitZipCode: priceReports.zipCode,
			hitAt: priceAlertHits.createdAt,
		})
		.from(priceAlerts)
		.leftJoin(priceAlertHits, eq(priceAlertHits.id, latestLiveHit))
		.leftJoin(priceReports, eq(priceReports.id, priceAlertHits.priceReportId))
		.leftJoin(stores, eq(stores.id, priceReports.storeId));
}
type AlertRow = ReturnType<ReturnType<typeof selectAlerts>["all"]>[number];

const wordKey = (words: string[]) => [...words].sort().join(" ");
const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** Spec §3 "Price alert" ({id, productName, targetPrice, categoryId, createdAt}) plus our fields. */
function toAlertJson(row: AlertRow) {
	return {
		id: row.id,
		productName: row.productName,
		targetPrice: centsToNumber(row.targetPriceCents),
		categoryId: row.categoryId,
		createdAt: row.createdAt.toISOString(),
		zipCode: row.zipCode,
		isActive: row.isActive,
		lastNotified: iso(row.lastNotified),
		lastHit:
			row.hitReportId === null || row.hitPriceCents === null
				? null
				: {
						reportId: row.hitReportId,
						productName: row.hitProductName ?? "",
						price: centsToNumber(row.hitPriceCents),
						storeName: row.hitStoreName ?? "",
						storeAddress: row.hitStoreAddress ?? "",
						zipCode: row.hitZipCode,
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
 * Stores an alert with its word index, its words filed under each place near its zip. The zip is the one given, else the user's at this moment: an alert
 * keeps watching where it was set even if the user moves.
 */
export function createAlert(db: Db, user: User, input: PriceAlertInput): AlertJson {
	const zip = input.zipCode ?? user.zipCode;
	if (!zip) throw badRequest(NO_ZIP_MESSAGE);
	if (input.categoryId !== null) {
		const known = db
			.select({ id: productCategories.id })
			.from(productCategories)
			.where(eq(productCategories.id, input.categoryId))
			.get();
		if (!known) {
			throw badRequest("Unknown category", { issues: [{ path: "categoryId", message: "Unknown category" }] });
		}
	}
	const words = productWords(input.productName);
	const token = locToken(zip);
	const id = db.transaction(
		(tx) => {
			const owned = tx.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, user.id)).get();
			if ((owned?.n ?? 0) >= MAX_ALERTS_PER_USER) {
				throw conflict(`You can keep at most ${MAX_ALERTS_PER_USER} price alerts; delete one first`);
			}
			// Two identical alerts (same words, zip, target and category) would notify twice for every report.
			const duplicate = tx
				.select({ productName: priceAlerts.productName, categoryId: priceAlerts.categoryId })
				.from(priceAlerts)
				.where(
					and(
						eq(priceAlerts.userId, user.id),
						eq(priceAlerts.locToken, token),
						eq(priceAlerts.targetPriceCents, input.targetPrice),
					),
				)
				.all()
				.some((a) => a.categoryId === input.categoryId && wordKey(productWords(a.productName)) === wordKey(words));
			if (duplicate) throw conflict("You already have this price alert");
			const alert = tx
				.insert(priceAlerts)
				.values({
					userId: user.id,
					productName: input.productName,
					categoryId: input.categoryId,
					targetPriceCents: input.targetPrice,
					zipCode: zip,
					locToken: token,
					wordCount: words.length,
				})
				.returning({ id: priceAlerts.id })
				.get();
			tx.insert(priceAlertWords)
				.values(alertWordRows({ id: alert.id, zip, targetPriceCents: input.targetPrice, words }))
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
