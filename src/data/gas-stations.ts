/**
 * Gas stations as the fuel views read them: those near a shopper with every fuel's price, a shopper's starred
 * ones wherever they are, and the week's count of reports nearby (Quick Stats). Read on every Gas page and
 * measured by the benchmarks (docs/performance.md): bun:sqlite statements, compiled once per connection and
 * text; raw because Drizzle cannot say INDEXED BY.
 */
import type { gasStations } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { StoredPick } from "../lib/stored.ts";

/** A station as the nearby views read it, with its location token and every fuel's price (mills). */
export type StationRow = StoredPick<
	typeof gasStations,
	| "id"
	| "name"
	| "address"
	| "zipCode"
	| "locToken"
	| "reportsCount"
	| "lastUpdated"
	| "regularPriceMills"
	| "premiumPriceMills"
	| "dieselPriceMills"
	| "e85PriceMills"
	| "electricPriceMills"
>;

/**
 * The neighbourhood's location tokens as the statements take them: one JSON list, read by json_each, so one
 * compiled statement serves a neighbourhood of any size. Each token is one equality probe of an index whose
 * first column is loc_token.
 */
export const tokensParam = (tokens: readonly string[]) => JSON.stringify(tokens);

const STATIONS_NEAR_SQL = `
  SELECT id, name, address, zip_code AS zipCode, loc_token AS locToken, reports_count AS reportsCount,
    last_updated AS lastUpdated,
    regular_price_mills AS regularPriceMills, premium_price_mills AS premiumPriceMills,
    diesel_price_mills AS dieselPriceMills, e85_price_mills AS e85PriceMills, electric_price_mills AS electricPriceMills
  FROM gas_stations
  WHERE loc_token IN (SELECT value FROM json_each(?1)) AND (reports_count > 0 OR source_key IS NOT NULL)`;

/**
 * The stations at the given location tokens with at least one report counted, or imported from open data
 * (a new town's stations, waiting for their first price).
 */
export async function stationsAt(db: Db, tokens: readonly string[]): Promise<StationRow[]> {
	return db.$client.query<StationRow, [string]>(STATIONS_NEAR_SQL).all(tokensParam(tokens));
}

const STATIONS_BY_ID_SQL = `
  SELECT id, name, address, zip_code AS zipCode, loc_token AS locToken, reports_count AS reportsCount,
    last_updated AS lastUpdated,
    regular_price_mills AS regularPriceMills, premium_price_mills AS premiumPriceMills,
    diesel_price_mills AS dieselPriceMills, e85_price_mills AS e85PriceMills, electric_price_mills AS electricPriceMills
  FROM gas_stations
  WHERE id IN (SELECT value FROM json_each(?1)) AND (reports_count > 0 OR source_key IS NOT NULL)`;

/** Some stations by id (a shopper's starred ones, wherever they are), those stationsAt would list. */
export async function stationsById(db: Db, ids: Iterable<number>): Promise<StationRow[]> {
	return db.$client.query<StationRow, [string]>(STATIONS_BY_ID_SQL).all(JSON.stringify([...ids]));
}

// The week's live reports at the neighbourhood's stations, counted in gas_reports_live_idx alone.
const RECENT_COUNT_SQL = `
  SELECT count(*) AS n FROM gas_stations s
  JOIN gas_price_reports g INDEXED BY gas_reports_live_idx ON g.station_id = s.id
  WHERE s.loc_token IN (SELECT value FROM json_each(?1)) AND g.is_active = 1 AND g.is_expired = 0
    AND g.created_at >= ?2`;

/** How many live reports the stations at the given location tokens have had since `since`. */
export async function liveReportCount(db: Db, tokens: readonly string[], since: number): Promise<number> {
	return db.$client.query<{ n: number }, [string, number]>(RECENT_COUNT_SQL).get(tokensParam(tokens), since)?.n ?? 0;
}
