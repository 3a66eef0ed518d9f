/**
 * Where a report is: the store or station it names, found by its name and address among the places near the
 * ZIP it is reported with (src/lib/same-place.ts), or created there on its first report. Inside the caller's
 * write transaction. A lookup key is rare enough across the country (a few branches of a chain at most) that
 * reading all of its places by the lookup-key index and choosing here costs less than a neighbourhood's IN.
 * On the report write path, so bun:sqlite statements compiled once per connection and text.
 */
import type { stores } from "../../db/schema.ts";
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

/** The place with this name and address near `zip` (however either was typed); created there on first report. */
export function findOrCreatePlace(
	tx: Tx,
	table: PlaceTable,
	place: { name: string; address: string; phone: string | null; zip: string },
): Place {
	const lookupKey = placeLookupKey(place.name, place.address);
	const loc = locToken(place.zip);
	const known = tx.$client.query<Place, [string]>(knownSql(table)).all(lookupKey);
	const found = samePlace(known, loc);
	if (found) return found;
	return tx.$client.query<Place, Record<string, string | null>>(createSql(table)).get({ ...place, loc, lookupKey })!;
}
