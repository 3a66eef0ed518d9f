import { eq } from "drizzle-orm";
import { gasPriceReports, gasStations, type User, users } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { badRequest, notFound } from "../lib/http.ts";
import { centsToNumber, millsToNumber } from "../lib/money.ts";
import { locTokenRange } from "../lib/zip.ts";
import { assessPrice } from "../reports/check.ts";
import { replacedWarning } from "../reports/expiry.ts";
import { FUEL } from "../reports/markets.ts";
import { NO_ZIP_MESSAGE } from "../reports/schemas.ts";
import { type GasReportJob, writeGasReport } from "../reports/write-fuel.ts";
import type { Runtime } from "../runtime.ts";
import type { GasReportInput } from "./schemas.ts";

/** Where the price counts: the zip typed in vacation mode, else the station's zip if given, else the user's. */
export function reportZip(user: User, input: GasReportInput): string {
	const zip = input.vacationMode ? input.reportZipCode : (input.stationZipCode ?? user.zipCode);
	if (!zip) throw badRequest(NO_ZIP_MESSAGE);
	return zip;
}

/**
 * Checks a fuel price, then in one transaction finds or creates the station, stores the report, moves the
 * station's price for that fuel, expires outliers the new consensus exposes and counts the report for its
 * author (reports/write-fuel.ts). The transaction is the write batch's, shared with the price and fuel
 * reports that arrived beside it; this report's own part is a savepoint within it.
 */
export async function createGasReport(
	{ db, model, reports }: Pick<Runtime, "db" | "model" | "reports">,
	user: User,
	input: GasReportInput,
) {
	const zip = reportZip(user, input);
	// Judged before the write transaction, model or not: the model may take its time, and no write lock is
	// held meanwhile.
	const verdict = await assessPrice(db, model, FUEL, { fuel: input.fuelType, zip }, input.price, user.id);
	const job: GasReportJob = { userId: user.id, input, zip, verdict };
	const { id, expirationAnalysis, replaced } = await reports.write("fuel", job, () => writeGasReport(db, job));
	const report = getGasReportJson(db, id);
	const warning = replaced === undefined ? undefined : replacedWarning(FUEL.format(replaced), report.stationName);
	return { ...report, ...(expirationAnalysis ? { expirationAnalysis } : {}), ...(warning ? { warning } : {}) };
}

const REPORT_COLUMNS = {
	id: gasPriceReports.id,
	stationName: gasStations.name,
	stationAddress: gasStations.address,
	fuelType: gasPriceReports.fuelType,
	priceMills: gasPriceReports.priceMills,
	defPriceCents: gasPriceReports.defPriceCents,
	createdAt: gasPriceReports.createdAt,
	firstName: users.firstName,
	username: users.username,
};

type ReportRow = {
	id: number;
	stationName: string;
	stationAddress: string;
	fuelType: GasReportInput["fuelType"];
	priceMills: number;
	defPriceCents: number | null;
	createdAt: Date;
	firstName: string | null;
	username: string;
};

/** Spec §3 "Gas report". DEF is a diesel price; on any other fuel it is null. */
function toGasReportJson(row: ReportRow) {
	return {
		id: row.id,
		stationName: row.stationName,
		stationAddress: row.stationAddress,
		fuelType: row.fuelType,
		price: millsToNumber(row.priceMills),
		defPrice: row.fuelType === "diesel" && row.defPriceCents !== null ? centsToNumber(row.defPriceCents) : null,
		createdAt: row.createdAt.toISOString(),
		user: { firstName: row.firstName, username: row.username },
	};
}
export type GasReportJson = ReturnType<typeof toGasReportJson>;

const reportsWithPlaces = (db: Db) =>
	db
		.select(REPORT_COLUMNS)
		.from(gasPriceReports)
		.innerJoin(gasStations, eq(gasStations.id, gasPriceReports.stationId))
		.innerJoin(users, eq(users.id, gasPriceReports.userId));

export function getGasReportJson(db: Db, id: number): GasReportJson {
	const row = reportsWithPlaces(db).where(eq(gasPriceReports.id, id)).get();
	if (!row) throw notFound("Gas report not found");
	return toGasReportJson(row);
}

// The newest live reports at the window's stations, chosen in gas_reports_live_idx alone (a range of stations
// by location token, each station's live reports with their dates); only the page's rows are read in full.
const NEARBY_REPORTS_SQL = `
  WITH newest AS (
    SELECT g.id AS id FROM gas_stations s
    JOIN gas_price_reports g INDEXED BY gas_reports_live_idx ON g.station_id = s.id
    WHERE s.loc_token BETWEEN ?1 AND ?2 AND g.is_active = 1 AND g.is_expired = 0
    ORDER BY g.created_at DESC, g.id DESC
    LIMIT ?3
  )
  SELECT g.id AS id, s.name AS stationName, s.address AS stationAddress, g.fuel_type AS fuelType,
    g.price_mills AS priceMills, g.def_price_cents AS defPriceCents, g.created_at AS createdAt,
    u.first_name AS firstName, u.username AS username
  FROM newest
  JOIN gas_price_reports g ON g.id = newest.id
  JOIN gas_stations s ON s.id = g.station_id
  JOIN users u ON u.id = g.user_id
  ORDER BY g.created_at DESC, g.id DESC`;

/** Active, unexpired reports at stations within 20 zips of `zip`, newest first. */
export function listNearbyReports(db: Db, zip: string, limit: number): GasReportJson[] {
	const [from, to] = locTokenRange(zip);
	return db.$client
		.query<Omit<ReportRow, "createdAt"> & { createdAt: number }, [string, string, number]>(NEARBY_REPORTS_SQL)
		.all(from, to, limit)
		.map((row) => toGasReportJson({ ...row, createdAt: new Date(row.createdAt) }));
}
