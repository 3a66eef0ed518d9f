/**
 * The merge of duplicate places (src/reports/merge-places.ts decides which): the places that share a lookup
 * key, and a duplicate's reports and stars moved to the place kept, the shopper's older of two live prices
 * there replaced, stores visited counted again, the station's cached prices recomputed, the duplicate
 * deleted. Drizzle, inside the start-up step's transaction.
 */
import { and, desc, eq, exists, gt, inArray, sql } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { FUEL_TYPES, gasPriceReports, gasStations, priceReports, stores, users } from "../../db/schema.ts";
import type { PlaceAt } from "../lib/same-place.ts";
import { PRICE_KEY } from "./fuel-reports.ts";
import type { PlaceTable } from "./places.ts";
import type { Tx } from "./transaction.ts";

/** A place as the merge reads it. */
export type MergedPlace = PlaceAt & { lookupKey: string; zipCode: string | null };
/** A duplicate and the place it becomes. */
export type Merge = { from: number; into: MergedPlace };

const TABLES = { stores, gas_stations: gasStations };

/** The places whose lookup key more than one place has (read from the lookup-key index). */
export function sharedKeyPlaces(tx: Tx, places: PlaceTable): MergedPlace[] {
	const table = TABLES[places];
	const shared = tx.select({ key: table.lookupKey }).from(table).groupBy(table.lookupKey).having(sql`count(*) > 1`);
	return tx
		.select({ id: table.id, lookupKey: table.lookupKey, locToken: table.locToken, zipCode: table.zipCode })
		.from(table)
		.where(inArray(table.lookupKey, shared))
		.all();
}

/** A report table's live rows: not withdrawn and not expired. */
const live = (r: { isActive: SQLiteColumn; isExpired: SQLiteColumn }) =>
	and(eq(r.isActive, true), eq(r.isExpired, false));

const keptIds = (merges: readonly Merge[]) => [...new Set(merges.map((m) => m.into.id))];

/** Merges duplicate stores into the ones kept; `reason` is why a replaced price expired. */
export function mergeStores(db: Tx, merges: readonly Merge[], reason: string, now: Date) {
	for (const { from, into } of merges) {
		// The search index follows the reports' new place through its triggers.
		db.update(priceReports)
			.set({ storeId: into.id, locToken: into.locToken, ...(into.zipCode ? { zipCode: into.zipCode } : {}) })
			.where(eq(priceReports.storeId, from))
			.run();
		// A shopper's star moves to the store kept (deleting the other would drop it with the cascade).
		db.run(sql`INSERT OR IGNORE INTO starred_stores (user_id, store_id, created_at)
			SELECT user_id, ${into.id}, created_at FROM starred_stores WHERE store_id = ${from}`);
		db.run(sql`INSERT OR IGNORE INTO store_memberships (user_id, store_id, created_at)
			SELECT user_id, ${into.id}, created_at FROM store_memberships WHERE store_id = ${from}`);
	}
	const kept = keptIds(merges);
	const newer = alias(priceReports, "newer");
	db.update(priceReports)
		.set({ isExpired: true, expiredAt: now, expiredReason: reason, updatedAt: now })
		.where(
			and(
				inArray(priceReports.storeId, kept),
				live(priceReports),
				exists(
					db
						.select({ one: sql`1` })
						.from(newer)
						.where(
							and(
								eq(newer.userId, priceReports.userId),
								eq(newer.storeId, priceReports.storeId),
								eq(newer.normalizedName, priceReports.normalizedName),
								eq(newer.categoryId, priceReports.categoryId),
								// A shopper's regular and member prices there stand side by side.
								eq(newer.priceType, priceReports.priceType),
								live(newer),
								gt(newer.id, priceReports.id),
							),
						),
				),
			),
		)
		.run();
	const visitors = db
		.selectDistinct({ id: priceReports.userId })
		.from(priceReports)
		.where(inArray(priceReports.storeId, kept));
	db.update(users)
		.set({
			uniqueStoresVisited: sql`(SELECT count(DISTINCT ${priceReports.storeId}) FROM ${priceReports} WHERE ${priceReports.userId} = ${users.id})`,
		})
		.where(inArray(users.id, visitors))
		.run();
	db.delete(stores)
		.where(
			inArray(
				stores.id,
				merges.map((m) => m.from),
			),
		)
		.run();
}

/** Merges duplicate stations into the ones kept; `reason` is why a replaced price expired. */
export function mergeStations(db: Tx, merges: readonly Merge[], reason: string, now: Date) {
	for (const { from, into } of merges) {
		db.update(gasPriceReports).set({ stationId: into.id }).where(eq(gasPriceReports.stationId, from)).run();
		db.run(sql`INSERT OR IGNORE INTO starred_stations (user_id, station_id, created_at)
			SELECT user_id, ${into.id}, created_at FROM starred_stations WHERE station_id = ${from}`);
	}
	const kept = keptIds(merges);
	const newer = alias(gasPriceReports, "newer");
	// The station's cached prices follow each expiry through the database's triggers.
	db.update(gasPriceReports)
		.set({ isExpired: true, expiredAt: now, expiredReason: reason, updatedAt: now })
		.where(
			and(
				inArray(gasPriceReports.stationId, kept),
				live(gasPriceReports),
				exists(
					db
						.select({ one: sql`1` })
						.from(newer)
						.where(
							and(
								eq(newer.userId, gasPriceReports.userId),
								eq(newer.stationId, gasPriceReports.stationId),
								eq(newer.fuelType, gasPriceReports.fuelType),
								sql`${newer.payment} IS ${gasPriceReports.payment}`,
								live(newer),
								gt(newer.id, gasPriceReports.id),
							),
						),
				),
			),
		)
		.run();
	refreshStations(db, kept);
	db.delete(gasStations)
		.where(
			inArray(
				gasStations.id,
				merges.map((m) => m.from),
			),
		)
		.run();
}

/**
 * A station's prices, report count and last update are a cache of its live reports (migration 0002's
 * triggers keep it when a report leaves or rejoins them); reports that moved in are counted here.
 */
function refreshStations(db: Tx, ids: readonly number[]) {
	const r = gasPriceReports;
	const liveHere = and(eq(r.stationId, gasStations.id), eq(r.isActive, true), eq(r.isExpired, false));
	const newest = (fuel: (typeof FUEL_TYPES)[number]) =>
		sql`(${db
			.select({ price: r.priceMills })
			.from(r)
			.where(and(liveHere, eq(r.fuelType, fuel)))
			.orderBy(desc(r.createdAt), desc(r.id))
			.limit(1)})`;
	const prices = Object.fromEntries(FUEL_TYPES.map((fuel) => [PRICE_KEY[fuel], newest(fuel)]));
	db.update(gasStations)
		.set({
			...prices,
			reportsCount: sql`(${db.select({ n: sql`count(*)` }).from(r).where(liveHere)})`,
			lastUpdated: sql`(${db
				.select({ at: sql`max(${r.createdAt})` })
				.from(r)
				.where(liveHere)})`,
		})
		.where(inArray(gasStations.id, ids))
		.run();
}
