/**
 * How far a quiet neighbourhood's nearest matching reports are ("empty towns invite"): the nearest
 * place beyond the 20 areas where a search's words and filter find a live report, and how many areas a widened
 * search needs to reach it.
 */
import { indexPageIds } from "../data/price-search.ts";
import { placesWithStores } from "../data/stores.ts";
import type { Db } from "../db.ts";
import { MAX_AREAS, NEAREST_AREAS, neighbourhood, roundMiles } from "../lib/zip.ts";
import { expandWords, matchFor } from "./search.ts";

/** The nearest matching reports: their miles from the shopper, and the `areas` a search reaching them asks for. */
export type NearestReports = { miles: number; areas: number };

/**
 * Where each ring of places ends, in areas around the shopper's own: each ring doubles the one before, so an
 * empty country costs a handful of index reads, and a town with reports next door reads only a small ring.
 */
const RINGS = [40, 80, 160, 320, MAX_AREAS];

/**
 * The nearest place past the neighbourhood with a live report matching the words of `q` and the filter, within
 * MAX_AREAS; null when there is none (or nothing to search). Places without a store are passed over (they can
 * hold no report). Each ring is asked for one match at any of its places; the first ring that has one is
 * halved, nearer half first, down to its nearest such place; the index reads within are synchronous
 * (src/data/price-search.ts). `all` is the zip's MAX_AREAS neighbourhood, for a
 * caller that asks several questions of one zip (finding a far place's areas costs more than a near one's).
 */
export async function nearestReports(
	db: Db,
	p: { q: string; category: string | null; zip: string },
	all = neighbourhood(p.zip, MAX_AREAS),
): Promise<NearestReports | null> {
	const expanded = expandWords(db, p.q, p.category);
	if (!expanded) return null;
	const beyond = all.slice(NEAREST_AREAS + 1);
	if (beyond.length === 0) return null;
	// A report counts at its store's place (src/reports/write.ts).
	const stocked = await placesWithStores(
		db,
		beyond.map((place) => place.token),
	);
	// Each place with its areas: the shopper's own place is the first of `all`, so the n-th is the n-th nearest area.
	const places = all.flatMap((place, areas) =>
		areas > NEAREST_AREAS && stocked.has(place.token) ? [{ ...place, areas }] : [],
	);
	/** Whether any of `places` from `from` up to (not including) `to` has a match. */
	const anyIn = (from: number, to: number) =>
		indexPageIds(db, "price", { match: matchFor(expanded, places.slice(from, to)), limit: 1, offset: 0 }).length > 0;
	let from = 0;
	for (const end of RINGS) {
		let to = from;
		while (to < places.length && places[to]!.areas <= end) to++;
		if (to === from) continue;
		if (anyIn(from, to)) {
			let [near, far] = [from, to];
			while (far - near > 1) {
				const middle = (near + far) >> 1;
				if (anyIn(near, middle)) far = middle;
				else near = middle;
			}
			const found = places[near]!;
			return { miles: roundMiles(found.miles), areas: found.areas };
		}
		from = to;
	}
	return null;
}
