/**
 * How far a quiet neighbourhood's nearest prices are ("empty towns invite"), for either market: the nearest
 * place beyond the 20 areas where the market's places hold what is sought (a search's matching reports, or
 * any listed station), and how many areas a widened list needs to reach it.
 */
import { placesListed } from "../data/places.ts";
import type { Db } from "../db.ts";
import { MAX_AREAS, NEAREST_AREAS, type NearPlace, roundMiles } from "../lib/zip.ts";
import type { Market } from "./market.ts";

/** The nearest of what was sought: its miles from the shopper, and the `areas` a list reaching it asks for. */
export type Nearest = { miles: number; areas: number };

/** A place around the shopper, with how many areas out it is (the shopper's own place is 0). */
export type AreaPlace = NearPlace & { areas: number };

/**
 * Where each ring of places ends, in areas around the shopper's own: each ring doubles the one before, so an
 * empty country costs a handful of reads, and a town with prices next door reads only a small ring.
 */
const RINGS = [40, 80, 160, 320, MAX_AREAS];

/**
 * The nearest place past the neighbourhood holding one of the market's places (a store, a listed station)
 * where `holds` finds what is sought, within `all` (a zip's neighbourhood of up to MAX_AREAS, nearest first,
 * its own place first); null when there is none. Without `holds`, any such place will do. Each ring is asked
 * once; the first ring that holds something is halved, nearer half first, down to its nearest such place.
 */
export async function nearestBeyond(
	db: Db,
	market: Pick<Market<unknown>, "places">,
	all: readonly NearPlace[],
	holds: (places: readonly AreaPlace[]) => boolean = () => true,
): Promise<Nearest | null> {
	const beyond = all.slice(NEAREST_AREAS + 1);
	if (beyond.length === 0) return null;
	const listed = placesListed(
		db,
		market.places,
		beyond.map((place) => place.token),
	);
	const places = all.flatMap((place, areas) =>
		areas > NEAREST_AREAS && listed.has(place.token) ? [{ ...place, areas }] : [],
	);
	/** Whether any of `places` from `from` up to (not including) `to` holds what is sought. */
	const anyIn = (from: number, to: number) => holds(places.slice(from, to));
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
