/**
 * Fuel price reports as the report write reads and writes them (gas_price_reports), and the station's cached
 * price of each fuel: the consensus's history, the standing report a same price confirms, the shopper's
 * repeat, the insert and the price it replaces. As for products, bun:sqlite statements compiled once per
 * connection and text, each naming the index it reads.
 */
import { FUEL_TYPES, type FuelPayment, type FuelType } from "../../db/enums.ts";
import type { gasStations } from "../../db/schema.ts";
import { nearTokens } from "../lib/zip.ts";
import type { Bindings, HistoryRow, ReplacedRow, ReportRows, StandingRow, StoredReport } from "./reports.ts";
import type { Tx } from "./transaction.ts";

/** Each fuel's price column on gas_stations. */
export const PRICE_KEY = {
	regular: "regularPriceMills",
	premium: "premiumPriceMills",
	diesel: "dieselPriceMills",
	e85: "e85PriceMills",
	electric: "electricPriceMills",
} as const satisfies Record<FuelType, keyof typeof gasStations.$inferSelect>;

/** One fuel at one station, paid one way (a station's cash and card prices stand side by side). */
export type SameFuel = { station: number; fuel: FuelType; payment: FuelPayment | null };

/** A new fuel report's columns, as the insert names them. */
export type FuelReportFields = {
	user: string;
	station: number;
	fuel: FuelType;
	price: number;
	def: number | null;
	payment: FuelPayment | null;
	vacation: number;
	reportZip: string | null;
	confidence: number;
	reason: string;
	unusual: number;
	now: number;
};

// Read from gas_reports_live_idx alone: per station of the neighbourhood's places, its live reports of this
// fuel since the cut-off, with their prices and reporters.
const HISTORY_SQL = `
  SELECT g.id AS id, g.price_mills AS price, g.user_id AS userId FROM gas_stations s
  JOIN gas_price_reports g INDEXED BY gas_reports_live_idx ON g.station_id = s.id
  WHERE s.loc_token IN (SELECT value FROM json_each($places)) AND g.fuel_type = $fuel
    AND g.is_active = 1 AND g.is_expired = 0 AND g.created_at >= $since
  ORDER BY g.created_at DESC, g.id DESC
  LIMIT $limit`;

/** The live reports of one fuel at stations near `zip` since `since`, newest first. */
export function fuelHistory(tx: Tx, key: { fuel: FuelType; zip: string }, since: number, limit: number): HistoryRow[] {
	const places = JSON.stringify(nearTokens(key.zip));
	return tx.$client.query<HistoryRow, Bindings>(HISTORY_SQL).all({ places, fuel: key.fuel, since, limit });
}

// Another shopper's live report of the fuel at the station at this price, from the live index.
const STANDING_SQL = `
  SELECT id, created_at AS createdAt, confirmed_at AS confirmedAt
  FROM gas_price_reports INDEXED BY gas_reports_live_idx
  WHERE station_id = $station AND fuel_type = $fuel AND is_active = 1 AND is_expired = 0
    AND payment IS $payment AND price_mills = $price AND user_id <> $user
    AND max(created_at, coalesce(confirmed_at, 0)) >= $since
  ORDER BY max(created_at, coalesce(confirmed_at, 0)) DESC LIMIT 1`;

// The shopper's live report of the fuel at the station, from gas_reports_user_idx (user, station, fuel).
const REPEATED_SQL = `
  SELECT id FROM gas_price_reports INDEXED BY gas_reports_user_idx
  WHERE user_id = $user AND station_id = $station AND fuel_type = $fuel
    AND is_active = 1 AND is_expired = 0 AND payment IS $payment AND price_mills = $price AND created_at >= $since
  ORDER BY created_at DESC, id DESC LIMIT 1`;

// The shopper's live prices of the fuel at the station, from gas_reports_user_idx.
const LIVE_SQL = `
  SELECT id FROM gas_price_reports INDEXED BY gas_reports_user_idx
  WHERE user_id = $user AND station_id = $station AND fuel_type = $fuel AND is_active = 1 AND is_expired = 0
    AND payment IS $payment`;

// The shopper's earlier live prices of the fuel at the station: a newer word of theirs replaces them (the
// station's caches follow through the triggers).
const SUPERSEDE_SQL = `
  UPDATE gas_price_reports SET is_expired = 1, expired_at = $now, expired_reason = $reason, updated_at = $now
  WHERE user_id = $user AND station_id = $station AND fuel_type = $fuel
    AND is_active = 1 AND is_expired = 0 AND payment IS $payment AND id <> $keep
  RETURNING id, price_mills AS price`;

const INSERT_SQL = `
  INSERT INTO gas_price_reports (user_id, station_id, fuel_type, price_mills, def_price_cents, payment, vacation_mode,
    report_zip_code, verification_confidence, verification_reason, is_unusual, created_at, updated_at)
  VALUES ($user, $station, $fuel, $price, $def, $payment, $vacation, $reportZip, $confidence, $reason, $unusual, $now,
    $now)
  RETURNING id, created_at AS createdAt, updated_at AS updatedAt`;

// The station's cached price of the fuel, its report count and when it was last reported: the report path
// sets them as it inserts; the triggers recompute them whenever a report leaves the live set.
const CACHE_SQL = Object.fromEntries(
	FUEL_TYPES.map((fuel) => [
		fuel,
		`UPDATE gas_stations SET ${fuel}_price_mills = $price, reports_count = reports_count + 1, last_updated = $now
      WHERE id = $station`,
	]),
) as Record<FuelType, string>;

/** gas_price_reports as the report write uses it; the insert moves the station's cached price too. */
export const FUEL_REPORT_ROWS: ReportRows<SameFuel, FuelReportFields> = {
	table: "gas_price_reports",
	standing: (tx, same) => tx.$client.query<StandingRow, Bindings>(STANDING_SQL).get(same),
	live: (tx, same) => tx.$client.query<{ id: number }, Bindings>(LIVE_SQL).all(same),
	repeated: (tx, same) => tx.$client.query<{ id: number }, Bindings>(REPEATED_SQL).get(same),
	supersede: (tx, same, reason, now) =>
		tx.$client.query<ReplacedRow, Bindings>(SUPERSEDE_SQL).all({ ...same, reason, now }),
	insert(tx, fields) {
		const stored = tx.$client.query<StoredReport, Bindings>(INSERT_SQL).get(fields)!;
		tx.$client.query(CACHE_SQL[fields.fuel]).run({ station: fields.station, price: fields.price, now: fields.now });
		return stored;
	},
};
