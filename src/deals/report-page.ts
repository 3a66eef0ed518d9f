import type { User } from "../../db/schema.ts";
import { type ReportByIdRow, reportRowById } from "../data/report-rows.ts";
import { starredPlaceIds } from "../data/starred-places.ts";
import type { Db } from "../db.ts";
import { notFound } from "../lib/http.ts";
import { milesBetween, nearTokens, roundMiles } from "../lib/zip.ts";
import { goodDealIds } from "../reports/index.ts";
import { toReportJson } from "./read-shape.ts";

export const REPORT_NOT_FOUND = "Price report not found";

type Viewer = Pick<User, "id" | "zipCode">;

/**
 * A report as a search result shows it to `viewer`: with its miles from their zip, whether it is a good deal
 * there, and whether they starred its store.
 */
async function asResult(db: Db, row: ReportByIdRow, viewer: Viewer) {
	const miles = viewer.zipCode ? milesBetween(viewer.zipCode, row.locToken) : null;
	const goodDeal =
		viewer.zipCode && row.isActive && !row.isExpired
			? goodDealIds(db, [row], nearTokens(viewer.zipCode)).has(row.id)
			: false;
	return {
		...toReportJson(row, { distanceMiles: miles === null ? null : roundMiles(miles), goodDeal }),
		starred: (await starredPlaceIds(db, "store", viewer.id)).has(row.storeId),
	};
}

/** A report as a search result shows it to one shopper. */
export type ReportResult = Awaited<ReturnType<typeof asResult>>;

/**
 * One live report as a search result shows it to `viewer` (the deal a push notification opens). A withdrawn
 * or expired report is not found: it is no longer a deal anyone can take. Its reporter alone still reads it
 * while flags hide it (`underReview`), so the notice that told them opens it.
 */
export async function liveReportFor(db: Db, id: number, viewer: Viewer) {
	const row = reportRowById(db, { id, viewer: viewer.id });
	const ownUnderReview = row?.isOwnReport === 1 && row.hiddenByFlags === 1;
	if (!row || (!ownUnderReview && (!row.isActive || row.isExpired))) throw notFound(REPORT_NOT_FOUND);
	return asResult(db, row, viewer);
}

/** One report in any state as a search result shows it to `viewer` (what a word on it answers); 404 when none. */
export async function reportFor(db: Db, id: number, viewer: Viewer) {
	const row = reportRowById(db, { id, viewer: viewer.id });
	if (!row) throw notFound(REPORT_NOT_FOUND);
	return asResult(db, row, viewer);
}
