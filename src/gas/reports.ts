import type { FuelPayment } from "../../db/enums.ts";
import type { User } from "../../db/schema.ts";
import { gasReportRowById, type NearbyReportRow, newestReportsAt } from "../data/fuel-report-rows.ts";
import type { Db } from "../db.ts";
import { badRequest, notFound } from "../lib/http.ts";
import { centsToNumber, millsToNumber } from "../lib/money.ts";
import { milesBetween, neighbourhood, roundMiles } from "../lib/zip.ts";
import {
	type Filing,
	FUEL,
	filedAnswer,
	fileReportOnce,
	fuelFreshDays,
	NO_ZIP_MESSAGE,
	ownReporterJson,
	reporterJson,
	trustJson,
} from "../reports/index.ts";
import type { GasReportInput } from "./schemas.ts";
import type { ViewerMark } from "./viewer-marks.ts";

/**
 * Where the price counts: where the station is (decision 0048): its zip if given, else where the shopper is
 * (the zip typed in vacation mode, else their own).
 */
export function reportZip(user: User, input: GasReportInput): string {
	const zip = input.stationZipCode ?? (input.vacationMode ? input.reportZipCode : user.zipCode);
	if (!zip) throw badRequest(NO_ZIP_MESSAGE);
	return zip;
}

/**
 * Files a fuel report through the report pipeline (reports/filing.ts); the answer and its status. The same
 * price another shopper reported there within a day is answered as the report it confirmed, with
 * `confirmedExisting` and a message, and the shopper's own same price there within a minute as that report
 * (reports/repeats.ts): both 200, nothing created.
 */
export async function createGasReport(runtime: Filing, user: User, input: GasReportInput) {
	const { db } = runtime;
	const filed = await fileReportOnce(runtime, FUEL, user, { input, zip: reportZip(user, input) });
	// The Gas page's read shape, read back by id: the station's miles and the trust are counted from the rows.
	return filedAnswer(FUEL, filed, {
		report: (id) => getGasReportJson(db, id, user),
		written: ({ id }) => getGasReportJson(db, id, user),
		placeName: (report) => report.stationName,
	});
}

/**
 * Spec §3 "Gas report", plus the station's miles from the shopper (null when either has no place on the
 * map) and its trust (reports/trust-shape.ts). DEF is a diesel price; on any other fuel it is null.
 */
export function toGasReportJson(row: NearbyReportRow, distanceMiles: number | null, now = Date.now()) {
	const trust = trustJson(row, fuelFreshDays(row.fuelType), now);
	return {
		id: row.id,
		stationId: row.stationId,
		stationName: row.stationName,
		stationAddress: row.stationAddress,
		distanceMiles,
		fuelType: row.fuelType,
		price: millsToNumber(row.priceMills),
		defPrice: row.fuelType === "diesel" && row.defPriceCents !== null ? centsToNumber(row.defPriceCents) : null,
		/** Cash or card only, when the reporter said the station's prices differ; null is either. */
		payment: row.payment as FuelPayment | null,
		createdAt: new Date(row.createdAt).toISOString(),
		// The reporter as the viewer sees them (reports/reporter.ts), as a price report's byline.
		user: reporterJson(row, Boolean(row.isOwnReport)),
		...trust,
	};
}
export type GasReportJson = ReturnType<typeof toGasReportJson>;

export const GAS_REPORT_NOT_FOUND = "Gas report not found";

/** A report in any state as `viewer` sees it, its station's miles counted from their zip (none, no miles). */
export function getGasReportJson(db: Db, id: number, viewer: Pick<User, "id" | "zipCode">): GasReportJson {
	const row = gasReportRowById(db, { id, viewer: viewer.id });
	if (!row) throw notFound(GAS_REPORT_NOT_FOUND);
	const miles = viewer.zipCode === null ? null : milesBetween(viewer.zipCode, row.stationToken);
	return toGasReportJson(row, miles === null ? null : roundMiles(miles));
}

/**
 * A recent report nearby, and whether the shopper asking starred its station. The list is shared by everyone
 * in the zip: there it says false, not theirs and no word of theirs, until withViewer applies the viewer's.
 */
export type NearbyReportJson = GasReportJson & { starred: boolean };

/**
 * A shared list's report as one shopper sees it: their star, authorship and own word, and on their own report
 * their name whole (the shared list carries everyone's as others see it).
 */
export function withViewer(
	report: NearbyReportJson,
	starred: boolean,
	mark: ViewerMark | undefined,
	viewer: Parameters<typeof ownReporterJson>[0],
): NearbyReportJson {
	if (!starred && !mark) return report;
	return {
		...report,
		starred,
		...(mark && { isOwnReport: mark.isOwnReport, feedback: { ...report.feedback, mine: mark.mine } }),
		...(mark?.isOwnReport && { user: ownReporterJson(viewer) }),
	};
}

/** Active, unexpired reports at stations in the neighbourhood of `zip`, newest first, each with its miles. */
export async function listNearbyReports(db: Db, zip: string, limit: number): Promise<NearbyReportJson[]> {
	const near = neighbourhood(zip);
	const milesOf = new Map(near.map((p) => [p.token, roundMiles(p.miles)]));
	const rows = await newestReportsAt(
		db,
		near.map((p) => p.token),
		limit,
	);
	return rows.map((row) => ({ ...toGasReportJson(row, milesOf.get(row.stationToken) ?? 0), starred: false }));
}
