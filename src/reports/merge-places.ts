/**
 * A start-up step (src/server.ts): merges the stores and stations that today's rule (src/lib/same-place.ts)
 * finds to be one place but the old rule made two, when a store took its reporter's home ZIP: FreshMart,
 * 120 W 23rd St reported from 10001 and from 10010 was two stores, and a summary counted it twice. Each
 * duplicate merges into the place the rule picks (the oldest near it); its reports move there, taking that
 * place's ZIP, and keep their votes and deals taken. Where a shopper then has two live prices of one product
 * (or fuel) there, the older is replaced, as a new report would have done; stores visited are counted again.
 * The rule is the report path's, so once merged nothing is left to merge: a later start only looks.
 */
import { and, desc, eq, exists, gt, inArray, sql } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { FUEL_TYPES, gasPriceReports, gasStations, priceReports, stores, users } from "../../db/schema.ts";
import { PRICE_KEY } from "../data/fuel-reports.ts";
import type { Db } from "../db.ts";
import { log } from "../lib/log.ts";
import { type PlaceAt, samePlace } from "../lib/same-place.ts";
import { REPLACED_REASON } from "./expiry.ts";

type Place = PlaceAt & { lookupKey: string; zipCode: string | null };
/** A duplicate and the place it becomes. */
type Merge = { from: number; into: Place };

/**
 * Which places merge into which: within each lookup key, oldest first, a place joins the place the rule picks
 * among the ones kept before it, or is kept.
 */
export function mergePlan(places: readonly Place[]): Merge[] {
	const kept = new Map<string, Place[]>();
	const merges: Merge[] = [];
	for (const place of [...places].sort((a, b) => a.id - b.id)) {
		const group = kept.get(place.lookupKey) ?? [];
		const into = samePlace(group, place.locToken);
		if (into) merges.push({ from: place.id, into });
		else kept.set(place.lookupKey, [...group, place]);
	}
	return merges;
}

/** The places whose lookup key more than one place has (read from the lookup-key index). */
function sharedKeyPlaces(db: Db, table: typeof stores | typeof gasStations): Place[] {
	const shared = db.select({ key: table.lookupKey }).from(table).groupBy(table.lookupKey).having(sql`count(*) > 1`);
	return db
		.select({ id: table.id, lookupKey: table.lookupKey, locToken: table.locToken, zipCode: table.zipCode })
		.from(table)
		.where(inArray(table.lookupKey, shared))
		.all();
}

/** Merges the duplicate stores and stations; how many of each went. */
export function mergeDuplicatePlaces(db: Db): { stores: number; stations: number } {
	const storeMerges = mergePlan(sharedKeyPlaces(db, stores));
	const stationMerges = mergePlan(sharedKeyPlaces(db, gasStations));
	if (storeMerges.length === 0 && stationMerges.length === 0) return { stores: 0, stations: 0 };
	db.transaction(
		() => {
			const now = new Date();
			if (storeMerges.length > 0) mergeStores(db, storeMerges, now);
			if (stationMerges.length > 0) mergeStations(db, stationMerges, now);
		},
		{ behavior: "immediate" },
	);
	const merged = { stores: storeMerges.length, stations: stationMerges.length };
	log.info("places: stores and stations reported from two zips merged into one", merged);
	return merged;
}

/** A report table's live rows: not withdrawn and not expired. */
const live = (r: { isActive: SQLiteColumn; isExpired: SQLiteColumn }) =>
	and(eq(r.isActive, true), eq(r.isExpired, false));

const keptIds = (merges: readonly Merge[]) => [...new Set(merges.map((m) => m.into.id))];

function mergeStores(db: Db, merges: readonly Merge[], now: Date) {
	for (const { from, into } of merges) {
		// The search index follows the reports' new place through its triggers.
		db.update(priceReports)
			.set({ storeId: into.id, locToken: into.locToken, ...(into.zipCode ? { zipCode: into.zipCode } : {}) })
			.where(eq(priceReports.storeId, from))
			.run();
		// A shopper's star moves to the store kept (deleting the other would drop it with the cascade).
		db.run(sql`INSERT OR IGNORE INTO starred_stores (user_id, store_id, created_at)
			SELECT user_id, ${into.id}, created_at FROM starred_stores WHERE store_id = ${from}`);
	}
	const kept = keptIds(merges);
	const newer = alias(priceReports, "newer");
	db.update(priceReports)
		.set({ isExpired: true, expiredAt: now, expiredReason: REPLACED_REASON, updatedAt: now })
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

function mergeStations(db: Db, merges: readonly Merge[], now: Date) {
	for (const { from, into } of merges) {
		db.update(gasPriceReports).set({ stationId: into.id }).where(eq(gasPriceReports.stationId, from)).run();
		db.run(sql`INSERT OR IGNORE INTO starred_stations (user_id, station_id, created_at)
			SELECT user_id, ${into.id}, created_at FROM starred_stations WHERE station_id = ${from}`);
	}
	const kept = keptIds(merges);
	const newer = alias(gasPriceReports, "newer");
	// The station's cached prices follow each expiry through the database's triggers.
	db.update(gasPriceReports)
		.set({ isExpired: true, expiredAt: now, expiredReason: REPLACED_REASON, updatedAt: now })
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
function refreshStations(db: Db, ids: readonly number[]) {
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
