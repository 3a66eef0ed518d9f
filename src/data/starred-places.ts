/**
 * Shoppers' starred stores and stations (starred_stores, starred_stations; "my spots"): the starred ids every
 * search, Gas page, product history and report page marks its places with, whether one place is starred (an
 * alert limited to spots asks, inside the report write), the Settings list, and starring and unstarring. The
 * two tables are alike: a place kind chooses between them.
 */
import { and, count, desc, eq } from "drizzle-orm";
import { gasStations, starredStations, starredStores, stores } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Tx } from "./transaction.ts";

/** What a shopper stars: a store, or a gas station. */
export type PlaceKind = "store" | "station";

// Read on every search and Gas page (after the shared per-zip cache, which holds no one's stars): one probe
// of each table's primary key (user_id, ...), compiled once per connection.
const IDS_SQL: Record<PlaceKind, string> = {
	store: "SELECT store_id AS id FROM starred_stores WHERE user_id = ?1",
	station: "SELECT station_id AS id FROM starred_stations WHERE user_id = ?1",
};

/** The ids of the places of `kind` that `userId` starred. */
export async function starredPlaceIds(db: Db, kind: PlaceKind, userId: string): Promise<Set<number>> {
	return new Set(
		db.$client
			.query<{ id: number }, [string]>(IDS_SQL[kind])
			.all(userId)
			.map((r) => r.id),
	);
}

const STARRED_SQL: Record<PlaceKind, string> = {
	store: "SELECT 1 FROM starred_stores WHERE user_id = $user AND store_id = $id",
	station: "SELECT 1 FROM starred_stations WHERE user_id = $user AND station_id = $id",
};

/**
 * Whether a shopper starred a place of `kind`, on the report write path (an alert limited to spots asks):
 * one statement for all of a report's candidate alerts.
 */
export function starReader(tx: Tx, kind: PlaceKind): (userId: string, placeId: number) => boolean {
	const read = tx.$client.query<{ 1: number }, { user: string; id: number }>(STARRED_SQL[kind]);
	return (userId, placeId) => read.get({ user: userId, id: placeId }) !== null;
}

/** The stores `userId` starred, newest star first. */
export async function starredStoresOf(db: Db, userId: string) {
	return db
		.select({
			id: stores.id,
			name: stores.name,
			address: stores.address,
			zipCode: stores.zipCode,
			starredAt: starredStores.createdAt,
		})
		.from(starredStores)
		.innerJoin(stores, eq(stores.id, starredStores.storeId))
		.where(eq(starredStores.userId, userId))
		.orderBy(desc(starredStores.createdAt), desc(starredStores.storeId))
		.all();
}

/** The stations `userId` starred, newest star first, with every fuel's price (mills). */
export async function starredStationsOf(db: Db, userId: string) {
	return db
		.select({
			id: gasStations.id,
			name: gasStations.name,
			address: gasStations.address,
			zipCode: gasStations.zipCode,
			starredAt: starredStations.createdAt,
			lastUpdated: gasStations.lastUpdated,
			regularPriceMills: gasStations.regularPriceMills,
			premiumPriceMills: gasStations.premiumPriceMills,
			dieselPriceMills: gasStations.dieselPriceMills,
			e85PriceMills: gasStations.e85PriceMills,
			electricPriceMills: gasStations.electricPriceMills,
		})
		.from(starredStations)
		.innerJoin(gasStations, eq(gasStations.id, starredStations.stationId))
		.where(eq(starredStations.userId, userId))
		.orderBy(desc(starredStations.createdAt), desc(starredStations.stationId))
		.all();
}

/** Each kind's places and stars: the place's id column, and the star's user and place columns. */
const TABLES = {
	store: {
		places: stores,
		id: stores.id,
		stars: starredStores,
		user: starredStores.userId,
		place: starredStores.storeId,
	},
	station: {
		places: gasStations,
		id: gasStations.id,
		stars: starredStations,
		user: starredStations.userId,
		place: starredStations.stationId,
	},
};

/** Whether a place of `kind` with this id exists. */
export function placeExists(tx: Tx, kind: PlaceKind, placeId: number): boolean {
	const t = TABLES[kind];
	return Boolean(tx.select({ id: t.id }).from(t.places).where(eq(t.id, placeId)).get());
}

/** Whether `userId` starred the place. */
export function isStarred(tx: Tx, kind: PlaceKind, userId: string, placeId: number): boolean {
	const t = TABLES[kind];
	return Boolean(
		tx
			.select({ id: t.place })
			.from(t.stars)
			.where(and(eq(t.user, userId), eq(t.place, placeId)))
			.get(),
	);
}

/** How many places of `kind` `userId` starred. */
export function starCount(tx: Tx, kind: PlaceKind, userId: string): number {
	const t = TABLES[kind];
	return tx.select({ n: count() }).from(t.stars).where(eq(t.user, userId)).get()?.n ?? 0;
}

/** Stars the place for `userId` (dated now). */
export function addStar(tx: Tx, kind: PlaceKind, userId: string, placeId: number) {
	if (kind === "store") tx.insert(starredStores).values({ userId, storeId: placeId }).run();
	else tx.insert(starredStations).values({ userId, stationId: placeId }).run();
}

/** Unstars the place for `userId`; answers whether it was starred. */
export function removeStar(tx: Tx, kind: PlaceKind, userId: string, placeId: number): boolean {
	const t = TABLES[kind];
	const removed = tx
		.delete(t.stars)
		.where(and(eq(t.user, userId), eq(t.place, placeId)))
		.returning({ id: t.place })
		.all();
	return removed.length > 0;
}
