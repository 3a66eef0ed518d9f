/**
 * Where a report is: the store or station it names, found by its name and address among the places near the
 * ZIP it is reported with (src/lib/same-place.ts), or created there on its first report. Inside the caller's
 * write transaction. A lookup key is rare enough across the country (a few branches of a chain at most) that
 * reading all of its places by the lookup-key index and choosing here costs less than a neighbourhood's IN.
 * On the report write path, so bun:sqlite statements compiled once per connection and text.
 */
import type { stores } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { placeLookupKey } from "../lib/normalize.ts";
import { samePlace } from "../lib/same-place.ts";
import { locToken } from "../lib/zip.ts";
import type { Tx } from "./transaction.ts";

/** The two tables places are stored in, whose naming columns are the same. */
export type PlaceTable = "stores" | "gas_stations";

/** A place as a report takes it: its name and address as first written, and where it is. */
export type Place = Pick<typeof stores.$inferSelect, "id" | "name" | "address" | "zipCode" | "locToken">;

const COLUMNS = "id, name, address, zip_code AS zipCode, loc_token AS locToken";

const knownSql = (table: PlaceTable) => `SELECT ${COLUMNS} FROM ${table} WHERE lookup_key = ?1`;
const createSql = (table: PlaceTable) => `
  INSERT INTO ${table} (name, address, phone, zip_code, loc_token, lookup_key)
  VALUES ($name, $address, $phone, $zip, $loc, $lookupKey)
  RETURNING ${COLUMNS}`;

/** What a report names of its place: its name and address as typed, its phone, and the zip it is said to be in. */
export type TypedPlace = { name: string; address: string; phone: string | null; zip: string };

/** The place with this name and address near `zip` (however either was typed); undefined when none is. */
export function findPlace(tx: Tx, table: PlaceTable, place: TypedPlace): Place | undefined {
	const known = tx.$client.query<Place, [string]>(knownSql(table)).all(placeLookupKey(place.name, place.address));
	return samePlace(known, locToken(place.zip));
}

/** A new place of this name and address, where `zip` is. */
export function createPlace(tx: Tx, table: PlaceTable, place: TypedPlace): Place {
	const lookupKey = placeLookupKey(place.name, place.address);
	const loc = locToken(place.zip);
	return tx.$client.query<Place, Record<string, string | null>>(createSql(table)).get({ ...place, loc, lookupKey })!;
}

/** The place with this name and address near `zip` (however either was typed); created there on first report. */
export const findOrCreatePlace = (tx: Tx, table: PlaceTable, place: TypedPlace): Place =>
	findPlace(tx, table, place) ?? createPlace(tx, table, place);

/** A station is listed once a report there is counted or it comes from open data; a store always is. */
const LISTED: Record<PlaceTable, string> = {
	stores: "",
	gas_stations: " AND (reports_count > 0 OR source_key IS NOT NULL)",
};

// Only a place whose address holds the number typed (?2) can be like it: the location index finds the
// neighbourhood, and instr the few of its places worth the rule's comparisons, inside the write lock.
const nearSql = (table: PlaceTable) => `SELECT ${COLUMNS} FROM ${table}
  WHERE loc_token IN (SELECT value FROM json_each(?1)) AND (?2 IS NULL OR instr(address, ?2) > 0)${LISTED[table]}`;

/**
 * The places a list could show at these location tokens (a neighbourhood), by the location index, whose
 * address holds `houseNumber` when one is given: read only before a new place is made, to offer one like it.
 */
export const listedPlacesAt = (
	tx: Tx,
	table: PlaceTable,
	tokens: readonly string[],
	houseNumber: string | null,
): Place[] => tx.$client.query<Place, [string, string | null]>(nearSql(table)).all(JSON.stringify(tokens), houseNumber);

/**
 * Which places' rows a list could show, by table: any store (whether it holds a live report is the search
 * index's to say), and a station with a report counted or imported from open data (stationsAt's).
 */
const LISTED_SQL: Record<PlaceTable, string> = {
	stores: "SELECT DISTINCT loc_token AS token FROM stores WHERE loc_token IN (SELECT value FROM json_each(?1))",
	gas_stations: `SELECT DISTINCT loc_token AS token FROM gas_stations
    WHERE loc_token IN (SELECT value FROM json_each(?1))${LISTED.gas_stations}`,
};

/** Of some places (location tokens), those holding a store or a listed station of `table`. */
export function placesListed(db: Db, table: PlaceTable, tokens: readonly string[]): Set<string> {
	const rows = db.$client.query<{ token: string }, [string]>(LISTED_SQL[table]).all(JSON.stringify(tokens));
	return new Set(rows.map((r) => r.token));
}
