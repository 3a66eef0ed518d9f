/**
 * Where a report is: the store or station it names, found by its name and address among the places near the
 * ZIP it is reported with (src/lib/same-place.ts), or created there on its first report. Inside the caller's
 * write transaction. A lookup key is rare enough across the country (a few branches of a chain at most) that
 * reading all of its places by the lookup-key index and choosing here costs less than a neighbourhood's IN.
 */
import { eq } from "drizzle-orm";
import { gasStations, stores } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { placeLookupKey } from "../lib/normalize.ts";
import { samePlace } from "../lib/same-place.ts";
import { locToken } from "../lib/zip.ts";

/** A store as a report takes it: its name and address as first written, and where it is. */
export type StorePlace = Pick<typeof stores.$inferSelect, "id" | "name" | "address" | "zipCode" | "locToken">;

const STORE_COLUMNS = {
	id: stores.id,
	name: stores.name,
	address: stores.address,
	zipCode: stores.zipCode,
	locToken: stores.locToken,
};

/** The store with this name and address near `zip` (however either was typed); created there on first report. */
export function findOrCreateStore(
	db: Db,
	store: { name: string; address: string; phone: string | null; zip: string },
): StorePlace {
	const lookupKey = placeLookupKey(store.name, store.address);
	const loc = locToken(store.zip);
	const known = db.select(STORE_COLUMNS).from(stores).where(eq(stores.lookupKey, lookupKey)).all();
	const found = samePlace(known, loc);
	if (found) return found;
	return db
		.insert(stores)
		.values({
			name: store.name,
			address: store.address,
			phone: store.phone,
			zipCode: store.zip,
			locToken: loc,
			lookupKey,
		})
		.returning(STORE_COLUMNS)
		.get();
}

/** The station with this name and address near `zip`; created there on its first report. Its id. */
export function findOrCreateStation(db: Db, station: { name: string; address: string; zip: string }): number {
	const lookupKey = placeLookupKey(station.name, station.address);
	const loc = locToken(station.zip);
	const known = db
		.select({ id: gasStations.id, locToken: gasStations.locToken })
		.from(gasStations)
		.where(eq(gasStations.lookupKey, lookupKey))
		.all();
	const found = samePlace(known, loc);
	if (found) return found.id;
	return db
		.insert(gasStations)
		.values({ name: station.name, address: station.address, zipCode: station.zip, locToken: loc, lookupKey })
		.returning({ id: gasStations.id })
		.get().id;
}
