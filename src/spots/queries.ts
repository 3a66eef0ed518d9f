import { and, count, desc, eq } from "drizzle-orm";
import { gasStations, starredStations, starredStores, stores } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { badRequest, notFound } from "../lib/http.ts";
import { millsToNumber } from "../lib/money.ts";

/** A shopper's stars of each kind: plenty for home, work and the commute, and a bound on what every page reads. */
export const MAX_STARRED = 100;

export const STORE_NOT_FOUND = "Store not found";
export const STATION_NOT_FOUND = "Gas station not found";
export const tooManyMessage = (what: "stores" | "stations") =>
	`You can star up to ${MAX_STARRED} ${what}. Unstar one in Settings to make room.`;

const price = (mills: number | null) => (mills === null ? null : millsToNumber(mills));
const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** The stores and stations the shopper starred, newest star first (Settings' "My spots"). */
export function listSpots(db: Db, userId: string) {
	const storeRows = db
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
	const stationRows = db
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
	return {
		stores: storeRows.map((s) => ({ ...s, starredAt: s.starredAt.toISOString() })),
		stations: stationRows.map((s) => ({
			id: s.id,
			name: s.name,
			address: s.address,
			zipCode: s.zipCode,
			starredAt: s.starredAt.toISOString(),
			lastUpdated: iso(s.lastUpdated),
			regularPrice: price(s.regularPriceMills),
			premiumPrice: price(s.premiumPriceMills),
			dieselPrice: price(s.dieselPriceMills),
			e85Price: price(s.e85PriceMills),
			electricPrice: price(s.electricPriceMills),
		})),
	};
}
export type Spots = ReturnType<typeof listSpots>;
export type StarredStore = Spots["stores"][number];
export type StarredStation = Spots["stations"][number];

/** What a star or unstar answers: the spot and whether it is starred now. */
export type StarAnswer = { id: number; starred: boolean };

/**
 * Stars a store (again: nothing changes, and its star keeps its date). In one immediate transaction, so two
 * tabs starring at once cannot both slip under the cap.
 */
export function starStore(db: Db, userId: string, storeId: number): StarAnswer {
	return db.transaction(
		(tx) => {
			if (!tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).get())
				throw notFound(STORE_NOT_FOUND);
			const mine = eq(starredStores.userId, userId);
			if (
				tx
					.select({ id: starredStores.storeId })
					.from(starredStores)
					.where(and(mine, eq(starredStores.storeId, storeId)))
					.get()
			)
				return { id: storeId, starred: true };
			const n = tx.select({ n: count() }).from(starredStores).where(mine).get()?.n ?? 0;
			if (n >= MAX_STARRED) throw badRequest(tooManyMessage("stores"));
			tx.insert(starredStores).values({ userId, storeId }).run();
			return { id: storeId, starred: true };
		},
		{ behavior: "immediate" },
	);
}

/** Stars a station; as starStore. */
export function starStation(db: Db, userId: string, stationId: number): StarAnswer {
	return db.transaction(
		(tx) => {
			if (!tx.select({ id: gasStations.id }).from(gasStations).where(eq(gasStations.id, stationId)).get())
				throw notFound(STATION_NOT_FOUND);
			const mine = eq(starredStations.userId, userId);
			if (
				tx
					.select({ id: starredStations.stationId })
					.from(starredStations)
					.where(and(mine, eq(starredStations.stationId, stationId)))
					.get()
			)
				return { id: stationId, starred: true };
			const n = tx.select({ n: count() }).from(starredStations).where(mine).get()?.n ?? 0;
			if (n >= MAX_STARRED) throw badRequest(tooManyMessage("stations"));
			tx.insert(starredStations).values({ userId, stationId }).run();
			return { id: stationId, starred: true };
		},
		{ behavior: "immediate" },
	);
}

/** Unstars a store; one never starred is no error, but a store that does not exist is. */
export function unstarStore(db: Db, userId: string, storeId: number): StarAnswer {
	const removed = db
		.delete(starredStores)
		.where(and(eq(starredStores.userId, userId), eq(starredStores.storeId, storeId)))
		.returning({ id: starredStores.storeId })
		.all();
	if (removed.length === 0 && !db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).get())
		throw notFound(STORE_NOT_FOUND);
	return { id: storeId, starred: false };
}

/** Unstars a station; as unstarStore. */
export function unstarStation(db: Db, userId: string, stationId: number): StarAnswer {
	const removed = db
		.delete(starredStations)
		.where(and(eq(starredStations.userId, userId), eq(starredStations.stationId, stationId)))
		.returning({ id: starredStations.stationId })
		.all();
	const exists = () => db.select({ id: gasStations.id }).from(gasStations).where(eq(gasStations.id, stationId)).get();
	if (removed.length === 0 && !exists()) throw notFound(STATION_NOT_FOUND);
	return { id: stationId, starred: false };
}
