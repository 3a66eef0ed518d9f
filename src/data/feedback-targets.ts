/**
 * The reports a shopper's word is about, as src/feedback reads and writes them: the state a word is checked
 * against, and what taking a "changed" word back does (the price it filed withdrawn, the report it retired
 * brought back). Drizzle for the reads; the undo's updates are the same for both report tables, so they are
 * one raw statement each. All of it runs inside the word's transaction.
 */
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { gasPriceReports, gasStations, priceReports, productCategories, stores, users } from "../../db/schema.ts";
import type { ReportTable } from "./reports.ts";
import type { Tx } from "./transaction.ts";

const categoryGroups = alias(productCategories, "category_group");

/** A product report as a word on it needs it: its state, and what a changed price files again. */
export function productReportState(tx: Tx, id: number) {
	return (
		tx
			.select({
				id: priceReports.id,
				userId: priceReports.userId,
				isActive: priceReports.isActive,
				isExpired: priceReports.isExpired,
				withdrawnReason: priceReports.withdrawnReason,
				createdAt: priceReports.createdAt,
				// The price as the shelf says it: a multi-buy's bundle, which a changed price gives again.
				price: sql<number>`coalesce(${priceReports.multiPriceCents}, ${priceReports.priceCents})`,
				priceType: priceReports.priceType,
				saleEnds: priceReports.saleEnds,
				multiQuantity: priceReports.multiQuantity,
				productName: priceReports.productName,
				categoryId: priceReports.categoryId,
				tags: priceReports.tags,
				sizeMilli: priceReports.sizeMilli,
				sizeUnit: priceReports.sizeUnit,
				category: { slug: productCategories.slug, name: productCategories.name, groupSlug: categoryGroups.slug },
				storeName: stores.name,
				storeAddress: stores.address,
				storePhone: stores.phone,
				zip: sql<string>`coalesce(${stores.zipCode}, ${priceReports.zipCode})`,
			})
			.from(priceReports)
			.innerJoin(stores, eq(stores.id, priceReports.storeId))
			.innerJoin(productCategories, eq(productCategories.id, priceReports.categoryId))
			.leftJoin(categoryGroups, eq(categoryGroups.id, productCategories.parentCategoryId))
			.where(eq(priceReports.id, id))
			.get() ?? null
	);
}
export type ProductReportState = NonNullable<ReturnType<typeof productReportState>>;

/** A fuel report as a word on it needs it: its state, and what a changed price files again. */
export function fuelReportState(tx: Tx, id: number) {
	return (
		tx
			.select({
				id: gasPriceReports.id,
				userId: gasPriceReports.userId,
				isActive: gasPriceReports.isActive,
				isExpired: gasPriceReports.isExpired,
				withdrawnReason: gasPriceReports.withdrawnReason,
				createdAt: gasPriceReports.createdAt,
				price: gasPriceReports.priceMills,
				fuelType: gasPriceReports.fuelType,
				payment: gasPriceReports.payment,
				stationName: gasStations.name,
				stationAddress: gasStations.address,
				zip: sql<string>`coalesce(${gasStations.zipCode}, ${gasPriceReports.reportZipCode}, '')`,
			})
			.from(gasPriceReports)
			.innerJoin(gasStations, eq(gasStations.id, gasPriceReports.stationId))
			.where(eq(gasPriceReports.id, id))
			.get() ?? null
	);
}
export type FuelReportState = NonNullable<ReturnType<typeof fuelReportState>>;

/** Whose a report is; null when there is none. */
export function reportOwner(tx: Tx, table: ReportTable, id: number): string | null {
	return (
		tx.$client.query<{ userId: string }, [number]>(`SELECT user_id AS userId FROM ${table} WHERE id = ?1`).get(id)
			?.userId ?? null
	);
}

/**
 * Withdraws the price a "changed" word filed, if it is still listed, with why, and takes it off its reporter's
 * count (and for fuel the station's): a price taken back was never a report, nor part of the price history.
 * Whether it was withdrawn.
 */
export function withdrawFiled(
	tx: Tx,
	table: ReportTable,
	filed: { id: number; userId: string; reason: string },
	now: number,
): boolean {
	const { id, userId, reason } = filed;
	const withdrawn = tx.$client
		.query<{ stationId: number | null }, Record<string, string | number>>(
			`UPDATE ${table} SET is_expired = 1, is_discredited = 1, expired_at = $now, expired_reason = $reason,
         updated_at = $now
       WHERE id = $id AND user_id = $user AND is_expired = 0
       RETURNING ${table === "gas_price_reports" ? "station_id" : "NULL"} AS stationId`,
		)
		.get({ id, user: userId, reason, now });
	if (!withdrawn) return false;
	tx.update(users)
		.set({ totalReports: sql`max(${users.totalReports} - 1, 0)`, updatedAt: new Date(now) })
		.where(eq(users.id, userId))
		.run();
	if (withdrawn.stationId !== null)
		tx.update(gasStations)
			.set({ reportsCount: sql`max(${gasStations.reportsCount} - 1, 0)` })
			.where(eq(gasStations.id, withdrawn.stationId))
			.run();
	return true;
}

/** The same reporter's other live report of the same thing at the same place, which a retired one must not join. */
const NEWER_OF_SAME = {
	price_reports: `SELECT 1 FROM price_reports n WHERE n.user_id = r.user_id AND n.store_id = r.store_id
    AND n.normalized_name = r.normalized_name AND n.category_id = r.category_id AND n.price_type = r.price_type
    AND n.is_active = 1 AND n.is_expired = 0`,
	gas_price_reports: `SELECT 1 FROM gas_price_reports n WHERE n.user_id = r.user_id AND n.station_id = r.station_id
    AND n.fuel_type = r.fuel_type AND n.payment IS r.payment AND n.is_active = 1 AND n.is_expired = 0`,
} as const satisfies Record<ReportTable, string>;

/**
 * Brings back a report a "changed" word retired, when that is still why it is expired, it is younger than
 * `bornAfter` (its age would have expired it since), and its reporter has not priced the same thing there
 * again. Whether it came back (the search index and station prices follow through the triggers).
 */
export function restoreRetired(
	tx: Tx,
	table: ReportTable,
	id: number,
	reason: string,
	bornAfter: number,
	now: number,
): boolean {
	return (
		tx.$client
			.query(`UPDATE ${table} AS r SET is_expired = 0, expired_at = NULL, expired_reason = NULL, updated_at = $now
        WHERE r.id = $id AND r.is_expired = 1 AND r.expired_reason = $reason AND r.created_at >= $bornAfter
          AND NOT EXISTS (${NEWER_OF_SAME[table]})`)
			.run({ id, reason, bornAfter, now }).changes > 0
	);
}
