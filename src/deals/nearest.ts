/**
 * How far a quiet neighbourhood's nearest matching reports are (issue 42, "empty towns invite"): the nearest
 * place beyond the 20 areas where a search's words and filter find a live report, and how many areas a widened
 * search needs to reach it. To be written by the find-deals work.
 */
import type { Db } from "../db.ts";

/** The nearest matching reports: their miles from the shopper, and the `areas` a search reaching them asks for. */
export type NearestReports = { miles: number; areas: number };

export function nearestReports(
	_db: Db,
	_p: { q: string; category: string | null; zip: string },
): NearestReports | null {
	return null;
}
