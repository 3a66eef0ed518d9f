/**
 * Imported prices (decision 0070) beside what the report write does to them: found again by their source's
 * key, kept side by side where the write took them as the account's earlier word, given their key and the
 * time the source saw them, and retired when the source now says they are of another thing. The same
 * statements for both report tables, each its table's, inside the record's savepoint.
 */
import type { FuelType } from "../../db/enums.ts";
import type { ReportTable } from "./reports.ts";
import type { Tx } from "./transaction.ts";

/** A price imported before under a key: its price, and what it was of (`thing`, as the import says it). */
export type ImportedRow = { id: number; price: number; thing: string };

// What a price is of: a product (name, category and size) or a fuel, on its terms (decision 0093: a price type,
// a sale's last day, a multi-buy's quantity; cash or card); a change of it is a change of the price. As the
// import says it (import-prices.ts `thing`).
const IMPORTED_SQL: Record<ReportTable, string> = {
	price_reports: `SELECT id, price_cents AS price,
      normalized_name || '|' || category_id || '|' || coalesce(size_milli, '') || coalesce(size_unit, '')
        || '|' || price_type || '|' || coalesce(sale_ends, '') || '|' || coalesce(multi_quantity, '') AS thing
    FROM price_reports WHERE source_key = ?1`,
	gas_price_reports: `SELECT id, price_mills AS price, fuel_type || '|' || coalesce(payment, '') AS thing
    FROM gas_price_reports WHERE source_key = ?1`,
};

/** The price imported under `key`; null when there is none. */
export const importedByKey = (tx: Tx, table: ReportTable, key: string): ImportedRow | null =>
	tx.$client.query<ImportedRow, [string]>(IMPORTED_SQL[table]).get(key) ?? null;

/** Brings back the reports of `ids` the write expired for `reason` (it took them as the account's earlier word). */
export function unexpire(tx: Tx, table: ReportTable, ids: readonly number[], reason: string) {
	tx.$client
		.query(`UPDATE ${table} SET is_expired = 0, expired_at = NULL, expired_reason = NULL
      WHERE id IN (SELECT value FROM json_each($ids)) AND is_expired = 1 AND expired_reason = $reason`)
		.run({ ids: JSON.stringify(ids), reason });
}

/** A report as its source has it: its key, and when the source saw it. */
export function stampImported(tx: Tx, table: ReportTable, id: number, key: string, at: number) {
	tx.$client
		.query(`UPDATE ${table} SET source_key = $key, created_at = $at, updated_at = $at WHERE id = $id`)
		.run({ id, key, at });
}

/** A report loses its source's key (to the price replacing it). */
export function releaseKey(tx: Tx, table: ReportTable, id: number) {
	tx.$client.query(`UPDATE ${table} SET source_key = NULL WHERE id = ?1`).run(id);
}

/** Expires a report still unexpired, with why. */
export function expireImported(tx: Tx, table: ReportTable, id: number, reason: string, now: number) {
	tx.$client
		.query(`UPDATE ${table} SET is_expired = 1, expired_at = $now, expired_reason = $reason, updated_at = $now
      WHERE id = $id AND is_expired = 0`)
		.run({ id, now, reason });
}

/** A station's cached price of a fuel and its "updated", from its newest reports as their sources dated them. */
export function refreshStationPrice(tx: Tx, stationId: number, fuel: FuelType) {
	tx.$client
		.query(`UPDATE gas_stations SET
      ${fuel}_price_mills = (SELECT price_mills FROM gas_price_reports WHERE station_id = $id AND fuel_type = $fuel
        AND is_active = 1 AND is_expired = 0 ORDER BY created_at DESC, id DESC LIMIT 1),
      last_updated = (SELECT max(created_at) FROM gas_price_reports WHERE station_id = $id)
      WHERE id = $id`)
		.run({ id: stationId, fuel });
}
