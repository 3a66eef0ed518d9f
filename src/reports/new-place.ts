/**
 * The place a report is filed at: the one of its name and address near its zip, else a new one there, unless
 * one of a similar name at a similar address is known nearby (src/lib/similar-place.ts, decision 0084). Then
 * the shopper is asked first: a 409 naming that place, and nothing written (the write rolls back). The same
 * report sent with that place's name, address and zip is filed there; sent with `confirmNewPlace`, it makes
 * the new one. An import's price names its place as its source does, and is never asked. Only a place a
 * list shows is offered (a station no report there is counted at is not), one the shopper could have seen.
 */
import { createPlace, findPlace, listedPlacesAt, type Place } from "../data/places.ts";
import type { Tx } from "../data/transaction.ts";
import { similarPlaceQuestion } from "../lib/errors.ts";
import { nearTokensOf } from "../lib/same-place.ts";
import { houseNumberOf, similarPlace } from "../lib/similar-place.ts";
import { locToken } from "../lib/zip.ts";
import type { Market, PriceFields, ReportJob } from "./market.ts";

export function placeOfReport<Fields extends PriceFields>(
	tx: Tx,
	market: Pick<Market<unknown, Fields>, "places" | "placeOf">,
	job: Pick<ReportJob<Fields>, "input" | "zip" | "imported">,
): Place {
	const typed = market.placeOf(job);
	const known = findPlace(tx, market.places, typed);
	if (known) return known;
	if (!job.imported && !job.input.confirmNewPlace) {
		const loc = locToken(typed.zip);
		const nearby = listedPlacesAt(tx, market.places, nearTokensOf(loc), houseNumberOf(typed.address));
		const like = similarPlace({ ...typed, locToken: loc }, nearby);
		if (like) throw similarPlaceQuestion(like);
	}
	return createPlace(tx, market.places, typed);
}
