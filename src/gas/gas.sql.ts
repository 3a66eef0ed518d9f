/**
 * The fuel views' raw SQL: the nearby stations, the Quick Stats count and the recent reports nearby are read
 * on every Gas page and measured by the benchmarks (docs/performance.md). They are bun:sqlite statements,
 * compiled once per connection and text. Everything else about fuel is Drizzle.
 */
import type { FuelType, gasStations } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { StoredPick } from "../lib/stored.ts";
import type { PRICE_KEY } from "../reports/write-fuel.ts";

/** A station as the nearby views read it, with every fuel's price (mills). */
export type StationRow = StoredPick<
	typeof gasStations,
	"id" | "name" | "address" | "zipCode" | "reportsCount" | "lastUpdated" | (typeof PRICE_KEY)[FuelType]
>;

// Stations are found by their location token: the window is one range of gas_stations_loc_lookup_unique.
const STATIONS_NEAR_SQL = `
  SELECT id, name, address, zip_code AS zipCode, reports_count AS reportsCount, last_updated AS lastUpdated,
    regular_price_mills AS regularPriceMills, premium_price_mills AS premiumPriceMills,
    diesel_price_mills AS dieselPriceMills, e85_price_mills AS e85PriceMills, electric_price_mills AS electricPriceMills
  FROM gas_stations
  WHERE loc_token BETWEEN ?1 AND ?2 AND reports_count > 0`;

/** The stations between two location tokens with at least one report counted. */
export function stationsBetween(db: Db, from: string, to: string): StationRow[] {
	return db.$client.query<StationRow, [string, string]>(STATIONS_NEAR_SQL).all(from, to);
}

// The week's live reports at the window's stations, counted in gas_reports_live_idx alone.
const RECENT_COUNT_SQL = `
  SELECT count(*) AS n FROM gas_stations s
  JOIN gas_price_reports g INDEXED BY gas_reports_live_idx ON g.station_id = s.id
  WHERE s.loc_token BETWEEN ?1 AND ?2 AND g.is_active = 1 AND g.is_expired = 0 AND g.created_at >= ?3`;

/** How many live reports the stations between two location tokens have had since `since`. */
export function liveReportCount(db: Db, from: string, to: string, since: number): number {
	return db.$client.query<{ n: number }, [string, string, number]>(RECENT_COUNT_SQL).get(from, to, since)?.n ?? 0;
}
