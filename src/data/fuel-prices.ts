/**
 * A station's fuel prices as the history and the read API read them: the station by id, its current report of
 * each fuel, its prices over a window, its newest live reports, and the neighbourhood's prices behind the area
 * trend. The price
 * statements read gas_reports_price_history_idx alone, named with INDEXED BY (Drizzle cannot say it, and a fresh
 * database has no statistics for the planner): its WHERE holds the reports neither withdrawn nor judged wrong,
 * expired by age or not, and its columns hold the price and the trust filter. Raw timestamps are milliseconds.
 */
import type { FuelPayment } from "../../db/enums.ts";
import type { FuelType, gasPriceReports, gasStations } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { StoredPick } from "../lib/stored.ts";
import { type NearbyReportRow, REPORT_COLUMNS_SQL } from "./fuel-report-rows.ts";
import { type TrustInput, trustColumnsSql, trustworthySql } from "./report-columns.ts";

type Bindings = Record<string, string | number | null>;

/** A station as its history shows it. */
export type HistoryStation = StoredPick<
	typeof gasStations,
	"id" | "name" | "address" | "zipCode" | "locToken" | "lastUpdated"
>;

const STATION_SQL = `
  SELECT id, name, address, zip_code AS zipCode, loc_token AS locToken, last_updated AS lastUpdated
  FROM gas_stations WHERE id = $id`;

/** The station by id, whether or not it has a live price; null when there is none. */
export async function historyStation(db: Db, id: number): Promise<HistoryStation | null> {
	return db.$client.query<HistoryStation, Bindings>(STATION_SQL).get({ id });
}

/** A station's current report of a fuel: its price, whether it is for cash or card only, and its trust inputs. */
export type CurrentFuelRow = StoredPick<typeof gasPriceReports, "stationId" | "priceMills"> &
	TrustInput & { fuelType: FuelType; payment: FuelPayment | null };

// For each station and fuel asked, the latest live report (one probe of gas_reports_live_idx): the report whose
// price the station shows, as the station's price columns are kept (migration 0002's triggers and the write).
const CURRENT_FUEL_SQL = `
  SELECT g.station_id AS stationId, g.fuel_type AS fuelType, g.price_mills AS priceMills, g.payment AS payment,
    g.created_at AS createdAt, g.verification_confidence AS verificationConfidence, ${trustColumnsSql("g")}
  FROM json_each($stations) s, json_each($fuels) f
  JOIN gas_price_reports g ON g.id = (
    SELECT l.id FROM gas_price_reports l INDEXED BY gas_reports_live_idx
    WHERE l.station_id = s.value AND l.fuel_type = f.value AND l.is_active = 1 AND l.is_expired = 0
    ORDER BY l.created_at DESC, l.id DESC
    LIMIT 1)
  ORDER BY s.key, f.key`;

/** The current report of each of `fuels` at each of `stations` that has one, in the order asked. */
export async function currentFuelReports(
	db: Db,
	bindings: { stations: readonly number[]; fuels: readonly FuelType[] },
): Promise<CurrentFuelRow[]> {
	return db.$client
		.query<CurrentFuelRow, Bindings>(CURRENT_FUEL_SQL)
		.all({ stations: JSON.stringify(bindings.stations), fuels: JSON.stringify(bindings.fuels) });
}

/** One trustworthy price of a station's history. */
export type StationPriceRow = StoredPick<typeof gasPriceReports, "id" | "priceMills" | "createdAt"> & {
	fuelType: FuelType;
};

// One range of the index per fuel asked for: (station, fuel, since..), oldest first.
export const STATION_PRICES_SQL = `
  SELECT g.id AS id, g.fuel_type AS fuelType, g.price_mills AS priceMills, g.created_at AS createdAt
  FROM gas_price_reports g INDEXED BY gas_reports_price_history_idx
  WHERE g.station_id = $station AND g.fuel_type IN (SELECT value FROM json_each($fuels)) AND g.created_at >= $since
    AND ${trustworthySql("g")}
  ORDER BY g.created_at, g.id`;

/** A station's trustworthy prices of the given fuels since `since` (ms), oldest first. */
export async function stationPrices(
	db: Db,
	bindings: { station: number; fuels: readonly FuelType[]; since: number },
): Promise<StationPriceRow[]> {
	return db.$client
		.query<StationPriceRow, Bindings>(STATION_PRICES_SQL)
		.all({ station: bindings.station, fuels: JSON.stringify(bindings.fuels), since: bindings.since });
}

/** One trustworthy price of a fuel at a station of the neighbourhood. */
export type AreaPriceRow = StoredPick<typeof gasPriceReports, "stationId" | "priceMills" | "createdAt">;

// Every station at the places (gas_stations_loc_lookup_unique leads with loc_token), whether or not it has a
// live price today: a station whose reports have since expired still stood on the days they were fresh. Then
// one range of the index per station, (station, fuel, since..); the rows are put in time order afterwards.
export const AREA_PRICES_SQL = `
  SELECT g.station_id AS stationId, g.price_mills AS priceMills, g.created_at AS createdAt
  FROM gas_stations s
  JOIN gas_price_reports g INDEXED BY gas_reports_price_history_idx ON g.station_id = s.id
  WHERE s.loc_token IN (SELECT value FROM json_each($places)) AND g.fuel_type = $fuel AND g.created_at >= $since
    AND ${trustworthySql("g")}
  ORDER BY g.created_at, g.id`;

/** The trustworthy prices of `fuel` at the stations of the given location tokens since `since` (ms), oldest first. */
export async function areaPrices(
	db: Db,
	bindings: { tokens: readonly string[]; fuel: FuelType; since: number },
): Promise<AreaPriceRow[]> {
	return db.$client
		.query<AreaPriceRow, Bindings>(AREA_PRICES_SQL)
		.all({ places: JSON.stringify(bindings.tokens), fuel: bindings.fuel, since: bindings.since });
}

// The station's newest live reports, chosen in gas_reports_live_idx (the station's ranges, each with its
// dates); only those rows are read in full, with the viewer's word on each (one unique-index probe).
export const STATION_RECENT_SQL = `
  WITH newest AS (
    SELECT g.id AS id FROM gas_price_reports g INDEXED BY gas_reports_live_idx
    WHERE g.station_id = $station AND g.is_active = 1 AND g.is_expired = 0
    ORDER BY g.created_at DESC, g.id DESC
    LIMIT $limit
  )
  SELECT ${REPORT_COLUMNS_SQL}, g.user_id = $viewer AS isOwnReport, f.kind AS myFeedbackKind,
    f.reason AS myFeedbackReason
  FROM newest
  JOIN gas_price_reports g ON g.id = newest.id
  JOIN gas_stations s ON s.id = g.station_id
  JOIN users u ON u.id = g.user_id
  LEFT JOIN gas_report_feedback f ON f.report_id = g.id AND f.user_id = $viewer
  ORDER BY g.created_at DESC, g.id DESC`;

/** The station's newest `limit` live reports, newest first, as `viewer` sees them. */
export async function stationRecentReports(
	db: Db,
	bindings: { station: number; viewer: string; limit: number },
): Promise<NearbyReportRow[]> {
	return db.$client.query<NearbyReportRow, Bindings>(STATION_RECENT_SQL).all(bindings);
}
