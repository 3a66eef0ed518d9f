/**
 * The fuel views' raw SQL: the nearby stations, the Quick Stats count and the recent reports nearby are read
 * on every Gas page and measured by the benchmarks (docs/performance.md). They are bun:sqlite statements,
 * compiled once per connection and text. Everything else about fuel is Drizzle.
 */
import type { FuelType, gasPriceReports, gasStations } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Stored, StoredPick } from "../lib/stored.ts";
import {
	type MyFeedback,
	myFeedbackOf,
	type PRICE_KEY,
	type ReporterRow,
	reporterColumnsSql,
	reviewColumnSql,
	type TrustRow,
	trustColumnsSql,
} from "../reports/index.ts";

/** A station as the nearby views read it, with its location token and every fuel's price (mills). */
export type StationRow = StoredPick<
	typeof gasStations,
	"id" | "name" | "address" | "zipCode" | "locToken" | "reportsCount" | "lastUpdated" | (typeof PRICE_KEY)[FuelType]
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
export function stationsAt(db: Db, tokens: readonly string[]): StationRow[] {
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
export function stationsById(db: Db, ids: Iterable<number>): StationRow[] {
	return db.$client.query<StationRow, [string]>(STATIONS_BY_ID_SQL).all(JSON.stringify([...ids]));
}

// The week's live reports at the neighbourhood's stations, counted in gas_reports_live_idx alone.
const RECENT_COUNT_SQL = `
  SELECT count(*) AS n FROM gas_stations s
  JOIN gas_price_reports g INDEXED BY gas_reports_live_idx ON g.station_id = s.id
  WHERE s.loc_token IN (SELECT value FROM json_each(?1)) AND g.is_active = 1 AND g.is_expired = 0
    AND g.created_at >= ?2`;

/** How many live reports the stations at the given location tokens have had since `since`. */
export function liveReportCount(db: Db, tokens: readonly string[], since: number): number {
	return db.$client.query<{ n: number }, [string, number]>(RECENT_COUNT_SQL).get(tokensParam(tokens), since)?.n ?? 0;
}

/**
 * A report as the fuel views read it, with its station, reporter and trust columns. In the nearby list,
 * shared by everyone in the zip, the viewer's columns are empty (viewerMarks fills them in afterwards).
 */
export type NearbyReportRow = StoredPick<
	typeof gasPriceReports,
	"id" | "stationId" | "priceMills" | "defPriceCents" | "createdAt"
> &
	TrustRow &
	ReporterRow & {
		fuelType: (typeof gasPriceReports.$inferSelect)["fuelType"];
		stationName: Stored<typeof gasStations.name>;
		stationAddress: Stored<typeof gasStations.address>;
		stationToken: Stored<typeof gasStations.locToken>;
	};

/** A NearbyReportRow's columns; `g`, `s` and `u` are the report, station and reporter aliases. */
export const REPORT_COLUMNS_SQL = `
  g.id AS id, g.station_id AS stationId, s.name AS stationName, s.address AS stationAddress, s.loc_token AS stationToken,
  g.fuel_type AS fuelType, g.price_mills AS priceMills, g.def_price_cents AS defPriceCents, g.created_at AS createdAt,
  g.verification_confidence AS verificationConfidence, ${trustColumnsSql("g")},
  ${reporterColumnsSql("u")}`;

// The newest live reports at the neighbourhood's stations, chosen in gas_reports_live_idx alone (the stations
// of each location token, each station's live reports with their dates); only the page's rows are read in full.
const NEARBY_REPORTS_SQL = `
  WITH newest AS (
    SELECT g.id AS id FROM gas_stations s
    JOIN gas_price_reports g INDEXED BY gas_reports_live_idx ON g.station_id = s.id
    WHERE s.loc_token IN (SELECT value FROM json_each(?1)) AND g.is_active = 1 AND g.is_expired = 0
    ORDER BY g.created_at DESC, g.id DESC
    LIMIT ?2
  )
  SELECT ${REPORT_COLUMNS_SQL}, 0 AS isOwnReport, NULL AS myFeedbackKind, NULL AS myFeedbackReason
  FROM newest
  JOIN gas_price_reports g ON g.id = newest.id
  JOIN gas_stations s ON s.id = g.station_id
  JOIN users u ON u.id = g.user_id
  ORDER BY g.created_at DESC, g.id DESC`;

/** The newest `limit` live reports at the stations of the given location tokens, newest first. */
export function newestReportsAt(db: Db, tokens: readonly string[], limit: number): NearbyReportRow[] {
	return db.$client.query<NearbyReportRow, [string, number]>(NEARBY_REPORTS_SQL).all(tokensParam(tokens), limit);
}

// One report in any state, with what the viewer has to do with it (their feedback: one unique-index probe).
const REPORT_BY_ID_SQL = `
  SELECT ${REPORT_COLUMNS_SQL}, g.user_id = $viewer AS isOwnReport, f.kind AS myFeedbackKind, f.reason AS myFeedbackReason,
    ${reviewColumnSql("g")}
  FROM gas_price_reports g
  JOIN gas_stations s ON s.id = g.station_id
  JOIN users u ON u.id = g.user_id
  LEFT JOIN gas_report_feedback f ON f.report_id = g.id AND f.user_id = $viewer
  WHERE g.id = $id`;

/** One report by id (any state) as `viewer` sees it; null when there is none. */
export function gasReportRowById(db: Db, bindings: { id: number; viewer: string }): NearbyReportRow | null {
	return db.$client.query<NearbyReportRow, Record<string, string | number>>(REPORT_BY_ID_SQL).get(bindings);
}

// Of some reports, those the viewer made or said something of: a primary-key and unique-index probes each.
const VIEWER_MARKS_SQL = `
  SELECT g.id AS id, g.user_id = ?2 AS isOwnReport,
    (SELECT f.kind FROM gas_report_feedback f WHERE f.report_id = g.id AND f.user_id = ?2) AS kind,
    (SELECT f.reason FROM gas_report_feedback f WHERE f.report_id = g.id AND f.user_id = ?2) AS reason
  FROM json_each(?1) p
  JOIN gas_price_reports g ON g.id = p.value
  WHERE g.user_id = ?2 OR EXISTS (SELECT 1 FROM gas_report_feedback f WHERE f.report_id = g.id AND f.user_id = ?2)`;

/** What the viewer has to do with each of these reports, for those they made or spoke of. */
export type ViewerMark = { isOwnReport: boolean; mine: MyFeedback | null };

/** The viewer's marks on some reports (a list shared by the zip), by report id; only the reports that have one. */
export function viewerMarks(db: Db, ids: readonly number[], viewer: string): Map<number, ViewerMark> {
	const rows = db.$client
		.query<{ id: number; isOwnReport: number; kind: string | null; reason: string | null }, [string, string]>(
			VIEWER_MARKS_SQL,
		)
		.all(JSON.stringify(ids), viewer);
	return new Map(rows.map((r) => [r.id, { isOwnReport: r.isOwnReport === 1, mine: myFeedbackOf(r.kind, r.reason) }]));
}
