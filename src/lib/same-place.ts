/**
 * One shop, one place: a store or fuel station is where it is, not where the shopper who reports it
 * lives. It is known by its name and address (its lookup key) among the places near the ZIP it is reported
 * with, so "FreshMart, 120 W 23rd St" typed with 10001 or with 10010 (both Chelsea) is one store, while the
 * same name and address in another town is another. The report path (src/data/places.ts) and the merge of
 * the duplicates the old rule made (src/reports/merge-places.ts) share this rule.
 */
import { nearTokens } from "./zip.ts";

/** A stored place as the rule reads it: its id (the oldest is the first) and its location token. */
export type PlaceAt = { id: number; locToken: string };

/** The location tokens near a location token: a US ZIP's neighbourhood; any other postal code is near itself. */
export function nearTokensOf(token: string): string[] {
	return token.startsWith("z") ? nearTokens(token.slice(1)) : [token];
}

/**
 * Which of `candidates` (places with one lookup key) a report at `token` means: the oldest whose ZIP is in
 * that token's neighbourhood; undefined when none is (then it is a place of its own).
 */
export function samePlace<P extends PlaceAt>(candidates: readonly P[], token: string): P | undefined {
	if (candidates.length === 0) return undefined;
	const near = new Set(nearTokensOf(token));
	let found: P | undefined;
	for (const place of candidates) {
		if (near.has(place.locToken) && (!found || place.id < found.id)) found = place;
	}
	return found;
}
