import type { User } from "../../db/schema.ts";
import { deliverHits, type HitOutlets } from "../alerts/index.ts";
import type { Db } from "../db.ts";
import type { ExpirationAnalysis } from "../lib/errors.ts";
import { badRequest, notFound } from "../lib/http.ts";
import { centsToNumber, millsToNumber } from "../lib/money.ts";
import { milesBetween, neighbourhood, roundMiles } from "../lib/zip.ts";
import {
	assessPrice,
	countingRefusals,
	duplicateMessage,
	FUEL,
	fuelFreshDays,
	type GasReportJob,
	joinWarnings,
	NO_ZIP_MESSAGE,
	ownReporterJson,
	type ReportKind,
	replacedWarning,
	reporterJson,
	trustJson,
	writeGasReport,
	writeGasReportOnce,
} from "../reports/index.ts";
import type { Runtime } from "../runtime.ts";
import { gasReportRowById, type NearbyReportRow, newestReportsAt, type ViewerMark } from "./gas.sql.ts";
import type { GasReportInput } from "./schemas.ts";

/**
 * Where the price counts: where the station is (decision 0048): its zip if given, else where the shopper is
 * (the zip typed in vacation mode, else their own).
 */
export function reportZip(user: User, input: GasReportInput): string {
	const zip = input.stationZipCode ?? (input.vacationMode ? input.reportZipCode : user.zipCode);
	if (!zip) throw badRequest(NO_ZIP_MESSAGE);
	return zip;
}

/** What the runtime lends the filing of a fuel price. */
type Filing = Pick<Runtime, "db" | "model" | "reports"> & HitOutlets;

/**
 * Checks a fuel price (a report, or a "changed" word's new price), then in one transaction finds or creates
 * the station, stores the report, moves the station's price for that fuel, expires outliers the new
 * consensus exposes, counts the report for its author and records the fuel alerts' hits
 * (reports/write-fuel.ts), delivered once it has committed; or confirms the same price standing there. The
 * transaction is the write batch's, shared with the price and fuel reports that arrived beside it; this
 * report's own part is a savepoint within it.
 */
export async function fileGasReport(runtime: Filing, user: User, job: Omit<GasReportJob, "userId" | "verdict">) {
	const { written, verdict } = await checkAndWrite(runtime, user, job, "fuel", writeGasReport);
	if (!("confirmedExisting" in written)) deliverHits(runtime, written.hits);
	return { written, verdict };
}

/** fileGasReport for a shopper's own report: the same price of theirs there within a minute is answered as it. */
async function fileGasReportOnce(runtime: Filing, user: User, job: Omit<GasReportJob, "userId" | "verdict">) {
	const { written, verdict } = await checkAndWrite(runtime, user, job, "fuel-once", writeGasReportOnce);
	if ("hits" in written) deliverHits(runtime, written.hits);
	return { written, verdict };
}

/** The quality check, then `write` in the report writer's transaction. */
async function checkAndWrite<T>(
	{ db, model, reports }: Filing,
	user: User,
	job: Omit<GasReportJob, "userId" | "verdict">,
	kind: ReportKind,
	write: (db: Db, job: GasReportJob) => T,
) {
	const { input, zip } = job;
	// Judged before the write transaction, model or not: the model may take its time, and no write lock is
	// held meanwhile.
	const verdict = await countingRefusals(db, user.id, () =>
		assessPrice(
			db,
			model,
			FUEL,
			{ fuel: input.fuelType, zip },
			input.price,
			user.id,
			job.change?.reportId,
			input.confirmUnusual,
		),
	);
	const full: GasReportJob = { ...job, userId: user.id, verdict };
	const written = await reports.write(kind, full, () => write(db, full));
	return { written, verdict };
}

/**
 * Files a fuel report (fileGasReport); the answer and its status. The same price another shopper reported
 * there within a day is answered as the report it confirmed, with `confirmedExisting` and a message, and the
 * shopper's own same price there within a minute as that report (repeats.ts): both 200, nothing created.
 */
export async function createGasReport(runtime: Filing, user: User, input: GasReportInput) {
	const { db } = runtime;
	const { written, verdict } = await fileGasReportOnce(runtime, user, { input, zip: reportZip(user, input) });
	// Their own report of a moment ago, as it stands: the same answer as the first time, nothing new filed.
	if ("repeatOf" in written) return { status: 200 as const, body: filed(getGasReportJson(db, written.repeatOf, user)) };
	const replacedNote = (stationName: string) =>
		written.replaced === undefined ? null : replacedWarning(FUEL.format(written.replaced), stationName);
	if ("confirmedExisting" in written) {
		const report = getGasReportJson(db, written.confirmedExisting.id, user);
		const warning = replacedNote(report.stationName);
		const body = {
			...report,
			confirmedExisting: true as const,
			message: duplicateMessage(written.confirmedExisting),
			...(warning ? { warning } : {}),
		};
		return { status: 200 as const, body };
	}
	const { id, expirationAnalysis } = written;
	const report = getGasReportJson(db, id, user);
	const warning = joinWarnings(verdict.warning, replacedNote(report.stationName));
	return { status: 201 as const, body: filed(report, expirationAnalysis, warning) };
}

/** A filed report's answer: the report, the outliers it expired and its warnings, when there are any. */
const filed = (report: GasReportJson, expirationAnalysis?: ExpirationAnalysis | null, warning?: string) => ({
	...report,
	...(expirationAnalysis ? { expirationAnalysis } : {}),
	...(warning ? { warning } : {}),
});

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
export function listNearbyReports(db: Db, zip: string, limit: number): NearbyReportJson[] {
	const near = neighbourhood(zip);
	const milesOf = new Map(near.map((p) => [p.token, roundMiles(p.miles)]));
	return newestReportsAt(
		db,
		near.map((p) => p.token),
		limit,
	).map((row) => ({ ...toGasReportJson(row, milesOf.get(row.stationToken) ?? 0), starred: false }));
}
