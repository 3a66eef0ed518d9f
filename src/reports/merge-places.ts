/**
 * A start-up step (src/server.ts): merges the stores and stations that today's rule (src/lib/same-place.ts)
 * finds to be one place but the old rule made two, when a store took its reporter's home ZIP: FreshMart,
 * 120 W 23rd St reported from 10001 and from 10010 was two stores, and a summary counted it twice. Each
 * duplicate merges into the place the rule picks (the oldest near it); its reports move there, taking that
 * place's ZIP, and keep their votes and deals taken. Where a shopper then has two live prices of one product
 * (or fuel) there, the older is replaced, as a new report would have done; stores visited are counted again
 * (src/data/place-merges.ts writes it). The rule is the report path's, so once merged nothing is left to
 * merge: a later start only looks.
 */
import { type Merge, type MergedPlace, mergeStations, mergeStores, sharedKeyPlaces } from "../data/place-merges.ts";
import { inTransaction } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import { log } from "../lib/log.ts";
import { samePlace } from "../lib/same-place.ts";
import { REPLACED_REASON } from "./expiry.ts";

/**
 * Which places merge into which: within each lookup key, oldest first, a place joins the place the rule picks
 * among the ones kept before it, or is kept.
 */
export function mergePlan(places: readonly MergedPlace[]): Merge[] {
	const kept = new Map<string, MergedPlace[]>();
	const merges: Merge[] = [];
	for (const place of [...places].sort((a, b) => a.id - b.id)) {
		const group = kept.get(place.lookupKey) ?? [];
		const into = samePlace(group, place.locToken);
		if (into) merges.push({ from: place.id, into });
		else kept.set(place.lookupKey, [...group, place]);
	}
	return merges;
}

/** Merges the duplicate stores and stations; how many of each went. */
export function mergeDuplicatePlaces(db: Db): { stores: number; stations: number } {
	// Only looked at first, in a read: a start with nothing to merge takes no write lock.
	const [storeMerges, stationMerges] = inTransaction(db, (tx) => [
		mergePlan(sharedKeyPlaces(tx, "stores")),
		mergePlan(sharedKeyPlaces(tx, "gas_stations")),
	]);
	if (storeMerges.length === 0 && stationMerges.length === 0) return { stores: 0, stations: 0 };
	inTransaction(
		db,
		(tx) => {
			const now = new Date();
			if (storeMerges.length > 0) mergeStores(tx, storeMerges, REPLACED_REASON, now);
			if (stationMerges.length > 0) mergeStations(tx, stationMerges, REPLACED_REASON, now);
		},
		"immediate",
	);
	const merged = { stores: storeMerges.length, stations: stationMerges.length };
	log.info("places: stores and stations reported from two zips merged into one", merged);
	return merged;
}
