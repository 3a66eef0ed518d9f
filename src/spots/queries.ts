import {
	addStar,
	isStarred,
	type PlaceKind,
	placeExists,
	removeStar,
	starCount,
	starredStationsOf,
	starredStoresOf,
} from "../data/starred-places.ts";
import { transaction } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import { badRequest, notFound } from "../lib/http.ts";
import { millsToNumber } from "../lib/money.ts";

/** A shopper's stars of each kind: plenty for home, work and the commute, and a bound on what every page reads. */
export const MAX_STARRED = 100;

export const STORE_NOT_FOUND = "Store not found";
export const STATION_NOT_FOUND = "Gas station not found";
export const tooManyMessage = (what: "stores" | "stations") =>
	`You can star up to ${MAX_STARRED} ${what}. Unstar one in Settings to make room.`;

/** What each kind of spot is called in a message, and the answer for one that does not exist. */
const SPOT: Record<PlaceKind, { plural: "stores" | "stations"; notFound: string }> = {
	store: { plural: "stores", notFound: STORE_NOT_FOUND },
	station: { plural: "stations", notFound: STATION_NOT_FOUND },
};

const price = (mills: number | null) => (mills === null ? null : millsToNumber(mills));
const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** The stores and stations the shopper starred, newest star first (Settings' "My spots"). */
export async function listSpots(db: Db, userId: string) {
	const storeRows = await starredStoresOf(db, userId);
	const stationRows = await starredStationsOf(db, userId);
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
export type Spots = Awaited<ReturnType<typeof listSpots>>;
export type StarredStore = Spots["stores"][number];
export type StarredStation = Spots["stations"][number];

/** What a star or unstar answers: the spot and whether it is starred now. */
export type StarAnswer = { id: number; starred: boolean };

/**
 * Stars a store or a station (again: nothing changes, and its star keeps its date). In one immediate
 * transaction, so two tabs starring at once cannot both slip under the cap.
 */
export async function star(db: Db, kind: PlaceKind, userId: string, placeId: number): Promise<StarAnswer> {
	return transaction(
		db,
		(tx) => {
			if (!placeExists(tx, kind, placeId)) throw notFound(SPOT[kind].notFound);
			if (isStarred(tx, kind, userId, placeId)) return { id: placeId, starred: true };
			if (starCount(tx, kind, userId) >= MAX_STARRED) throw badRequest(tooManyMessage(SPOT[kind].plural));
			addStar(tx, kind, userId, placeId);
			return { id: placeId, starred: true };
		},
		"immediate",
	);
}

/** Unstars a store or a station; one never starred is no error, but a place that does not exist is. */
export async function unstar(db: Db, kind: PlaceKind, userId: string, placeId: number): Promise<StarAnswer> {
	return transaction(db, (tx) => {
		if (!removeStar(tx, kind, userId, placeId) && !placeExists(tx, kind, placeId)) throw notFound(SPOT[kind].notFound);
		return { id: placeId, starred: false };
	});
}
