import { eq } from "drizzle-orm";
import { priceReports, type User } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { notFound } from "../lib/http.ts";
import { milesBetween, roundMiles } from "../lib/zip.ts";
import { starredStoreIds } from "../spots/spots.sql.ts";
import { reportRowById } from "./deals.sql.ts";
import { toReportJson } from "./read-shape.ts";

export const REPORT_NOT_FOUND = "Price report not found";

/**
 * One live report as a search result shows it to `viewer` (the deal a push notification opens), with its miles
 * from the viewer's zip and whether they starred its store. A withdrawn or expired report is not found: it is no longer a deal anyone can take.
 */
export function liveReportFor(db: Db, id: number, viewer: Pick<User, "id" | "zipCode">) {
	const state = db
		.select({ isActive: priceReports.isActive, isExpired: priceReports.isExpired, locToken: priceReports.locToken })
		.from(priceReports)
		.where(eq(priceReports.id, id))
		.get();
	const row = state?.isActive && !state.isExpired ? reportRowById(db, { id, viewer: viewer.id }) : null;
	if (!state || !row) throw notFound(REPORT_NOT_FOUND);
	const miles = viewer.zipCode ? milesBetween(viewer.zipCode, state.locToken) : null;
	return {
		...toReportJson(row, miles === null ? null : roundMiles(miles)),
		starred: starredStoreIds(db, viewer.id).has(row.storeId),
	};
}
