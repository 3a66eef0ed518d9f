/**
 * A fuel price report as the fuel views read it (the Gas page's recent reports, a station's page, one report by
 * id): its station, reporter and trust columns, and what the viewer has to do with it. Read on every Gas page
 * and measured by the benchmarks (docs/performance.md): bun:sqlite statements, compiled once per connection and
 * text; raw because Drizzle cannot say INDEXED BY.
 */
import type { gasPriceReports, gasStations } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Stored, StoredPick } from "../lib/stored.ts";
import { tokensParam } from "./gas-stations.ts";
import {
	type ReporterRow,
	reporterColumnsSql,
	reviewColumnSql,
	type TrustRow,
	trustColumnsSql,
} from "./report-columns.ts";

/**
 * A report as the fuel views read it, with its station, reporter and trust columns. In the nearby list,
 * shared by everyone in the zip, the viewer's columns are empty (viewerMarkRows fills them in afterwards).
 */
export type NearbyReportRow = StoredPick<
	typeof gasPriceReports,
	"id" | "stationId" | "priceMills" | "defPriceCents" | "payment" | "createdAt"
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
  g.fuel_type AS fuelType, g.price_mills AS priceMills, g.def_price_cents AS defPriceCents, g.payment AS payment,
  g.created_at AS createdAt,
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
export async function newestReportsAt(db: Db, tokens: readonly string[], limit: number): Promise<NearbyReportRow[]> {
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

/**
 * One report by id (any state) as `viewer` sees it; null when there is none. Synchronous, as the report path's
 * answer reads it back.
 */
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

/** What the viewer has to do with one report: made it (1), and their word on it (its kind and reason). */
export type ViewerMarkRow = { id: number; isOwnReport: number; kind: string | null; reason: string | null };

/** Of some reports (a list shared by the zip), those the viewer made or spoke of, with what they did. */
export async function viewerMarkRows(db: Db, ids: readonly number[], viewer: string): Promise<ViewerMarkRow[]> {
	return db.$client.query<ViewerMarkRow, [string, string]>(VIEWER_MARKS_SQL).all(JSON.stringify(ids), viewer);
}
