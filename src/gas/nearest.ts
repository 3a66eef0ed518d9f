/**
 * How far a quiet neighbourhood's nearest stations are ("empty towns invite"): the price core's nearest place
 * beyond the neighbourhood (src/reports/nearest.ts), among the places with a station the Gas page would list.
 */
import { placesListed } from "../data/places.ts";
import type { Db } from "../db.ts";
import { MAX_AREAS, nearTokens, neighbourhood } from "../lib/zip.ts";
import { FUEL, type Nearest, nearestBeyond } from "../reports/index.ts";

/** The nearest stations: their miles from the shopper, and the `areas` a nearby list reaching them asks for. */
export type NearestStations = Nearest;

/**
 * The nearest listed stations past the neighbourhood when it has none (the Gas page lists those it has), within
 * MAX_AREAS; null when the neighbourhood has a station, or nothing within reach does. `all` is the zip's
 * MAX_AREAS neighbourhood, for a caller that has it already.
 */
export async function nearestStations(
	db: Db,
	zip: string,
	all = neighbourhood(zip, MAX_AREAS),
): Promise<NearestStations | null> {
	if (placesListed(db, FUEL.places, nearTokens(zip)).size > 0) return null;
	return nearestBeyond(db, FUEL, all);
}
