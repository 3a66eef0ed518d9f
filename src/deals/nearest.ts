/**
 * How far a quiet neighbourhood's nearest matching reports are ("empty towns invite"): the price core's
 * nearest place beyond the neighbourhood (src/reports/nearest.ts), among the stores' places, where the search
 * index finds a live report matching a search's words and filter.
 */
import { indexPageIds } from "../data/price-search.ts";
import type { Db } from "../db.ts";
import { MAX_AREAS, neighbourhood } from "../lib/zip.ts";
import { type Nearest, nearestBeyond, PRODUCTS } from "../reports/index.ts";
import { expandWords, matchFor } from "./search.ts";

/** The nearest matching reports: their miles from the shopper, and the `areas` a search reaching them asks for. */
export type NearestReports = Nearest;

/**
 * The nearest place past the neighbourhood with a live report matching the words of `q` and the filter, within
 * MAX_AREAS; null when there is none (or nothing to search). A report counts at its store's place
 * (src/reports/write.ts); each place is asked for one match, and the index reads are synchronous
 * (src/data/price-search.ts). `all` is the zip's MAX_AREAS neighbourhood, for a caller that asks several
 * questions of one zip (finding a far place's areas costs more than a near one's).
 */
export async function nearestReports(
	db: Db,
	p: { q: string; category: string | null; barcode?: string | null; zip: string },
	all = neighbourhood(p.zip, MAX_AREAS),
): Promise<NearestReports | null> {
	const expanded = expandWords(db, { q: p.q, filter: p.category, barcode: p.barcode });
	if (!expanded) return null;
	return nearestBeyond(
		db,
		PRODUCTS,
		all,
		(places) => indexPageIds(db, "price", { match: matchFor(expanded, places), limit: 1, offset: 0 }).length > 0,
	);
}
