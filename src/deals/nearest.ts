/**
 * How far a quiet neighbourhood's nearest matching reports are (issue 42, "empty towns invite"): the nearest
 * place beyond the 20 areas where a search's words and filter find a live report, and how many areas a widened
 * search needs to reach it.
 */
import type { Db } from "../db.ts";
import { MAX_AREAS, NEAREST_AREAS, neighbourhood, roundMiles } from "../lib/zip.ts";
import { indexPageIds } from "./deals.sql.ts";
import { expandWords, matchFor } from "./search.ts";

/** The nearest matching reports: their miles from the shopper, and the `areas` a search reaching them asks for. */
export type NearestReports = { miles: number; areas: number };

/**
 * Where each ring of places ends, in areas around the shopper's own: each ring doubles the one before, so an
 * empty country costs a handful of index probes, and a town with reports next door reads only a small ring.
 */
const RINGS = [40, 80, 160, 320, MAX_AREAS];

/**
 * The nearest place past the neighbourhood with a live report matching the words of `q` and the filter, within
 * MAX_AREAS; null when there is none (or nothing to search). Each ring is asked for one match at any of its
 * places; the first ring that has one is halved, nearer half first, down to its nearest such place.
 */
export function nearestReports(db: Db, p: { q: string; category: string | null; zip: string }): NearestReports | null {
	const expanded = expandWords(db, p.q, p.category);
	if (!expanded) return null;
	const places = neighbourhood(p.zip, MAX_AREAS);
	/** Whether any place from index `from` up to (not including) `to` has a match. */
	const anyIn = (from: number, to: number) =>
		indexPageIds(db, "price", { match: matchFor(expanded, places.slice(from, to)), limit: 1, offset: 0 }).length > 0;
	let from = NEAREST_AREAS + 1;
	for (const end of RINGS) {
		const to = Math.min(end + 1, places.length);
		if (from >= to) break;
		if (anyIn(from, to)) {
			let [near, far] = [from, to];
			while (far - near > 1) {
				const middle = (near + far) >> 1;
				if (anyIn(near, middle)) far = middle;
				else near = middle;
			}
			// The shopper's own place is the first of `places`: the place at index n is the n-th nearest area.
			return { miles: roundMiles(places[near]!.miles), areas: near };
		}
		from = to;
	}
	return null;
}
