/**
 * Stores and stations as an import keeps them (decision 0070): found by the source's key (`source_key`,
 * "osm:node/123"), moved or renamed as the source has them (a store's reports moving with it), and marked
 * with the key. Each runs inside the import's transaction, for every record of a file: bun:sqlite statements,
 * compiled once per connection and text.
 */
import type { PlaceTable } from "./places.ts";
import type { Tx } from "./transaction.ts";

/** A place as stored, with its phone and the source's key. */
export type ImportedPlaceRow = {
	id: number;
	name: string;
	address: string;
	zipCode: string | null;
	locToken: string;
	phone: string | null;
	sourceKey: string | null;
};

const COLUMNS = "id, name, address, phone, zip_code AS zipCode, loc_token AS locToken, source_key AS sourceKey";

/** The place the source's key names, or null. */
export const placeByKey = (tx: Tx, table: PlaceTable, key: string) =>
	tx.$client
		.query<ImportedPlaceRow, [string]>(`SELECT ${COLUMNS}
       FROM ${table} WHERE source_key = ?1`)
		.get(key);

/** The place with this id (it exists). */
export const placeById = (tx: Tx, table: PlaceTable, id: number) =>
	tx.$client
		.query<ImportedPlaceRow, [number]>(`SELECT ${COLUMNS}
       FROM ${table} WHERE id = ?1`)
		.get(id)!;

/** The newest place's id (0 for none): a place found or made after it with a greater id is new. */
export const newestPlaceId = (tx: Tx, table: PlaceTable) =>
	tx.$client.query<{ id: number }, []>(`SELECT coalesce(max(id), 0) AS id FROM ${table}`).get()!.id;

/** A place as the source now has it; throws on the unique index when another place already is that. */
export function updatePlaceRow(
	tx: Tx,
	table: PlaceTable,
	place: { id: number; name: string; address: string; phone: string | null; zip: string; loc: string; lookup: string },
) {
	tx.$client
		.query(`UPDATE ${table} SET name = $name, address = $address, phone = $phone, zip_code = $zip,
          loc_token = $loc, lookup_key = $lookup WHERE id = $id`)
		.run(place);
}

/**
 * A store's reports count where it is (src/reports/write.ts): moved, they move with it, and the search index
 * follows their loc_token through its triggers (migration 0016).
 */
export function moveStoreReports(tx: Tx, storeId: number, zip: string, loc: string) {
	tx.$client
		.query(`UPDATE price_reports SET zip_code = $zip, loc_token = $loc
      WHERE store_id = $store AND (zip_code <> $zip OR loc_token <> $loc)`)
		.run({ store: storeId, zip, loc });
}

/** Marks the place with the source's key. */
export function markPlaceSource(tx: Tx, table: PlaceTable, id: number, key: string) {
	tx.$client.query(`UPDATE ${table} SET source_key = ?1 WHERE id = ?2`).run(key, id);
}
