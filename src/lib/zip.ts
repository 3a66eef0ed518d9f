/**
 * Near, read on the map (spec §1 "within 20 zip codes"; decision 0045): a shopper's neighbourhood is their own
 * ZIP and the 20 ZIP areas (Census ZCTAs) whose centres are nearest to it. Everything that means near (search,
 * stations, averages, alerts, the quality consensus) takes its list from `neighbourhood()`.
 * "10001" and "10001-1234" are the same place. A postal code that is not a US ZIP matches only itself.
 */

import { NEAREST_AREAS } from "./near-areas.ts";
import { US_ZIP } from "./zip-known.ts";
import { milesBetweenPlaces, milesFromPoint, nearestAreas, nearestToPoint, zipTable } from "./zip-places.ts";

export { MAX_AREAS, NEAREST_AREAS } from "./near-areas.ts";

/** The 5-digit zip as a number, or null for a zip that is not a US zip. */
export function zipNumber(zip: string): number | null {
	const match = US_ZIP.exec(zip.trim());
	return match ? Number(match[1]) : null;
}

/** The zip as a location token: "z10001", or "x" + its letters and digits for any other postal code. */
export function locToken(zip: string): string {
	const n = zipNumber(zip);
	if (n !== null) return `z${String(n).padStart(5, "0")}`;
	return `x${zip.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "")}`;
}

/** The table's place of a location token or zip, or null (a postal code, or a US ZIP nobody has placed). */
function placeOf(tokenOrZip: string): number | null {
	const n = tokenOrZip.startsWith("z") ? Number(tokenOrZip.slice(1)) : zipNumber(tokenOrZip);
	if (n === null || !Number.isInteger(n) || n < 0 || n > 99_999) return null;
	const place = zipTable().placeOfZip[n]!;
	return place === 0 ? null : place - 1;
}

/** What a typed zip is: a US ZIP with a known place, a 5-digit ZIP nobody has placed, or another postal code. */
export function zipKind(zip: string): "us" | "unknown-us" | "postal" {
	if (zipNumber(zip) === null) return "postal";
	return placeOf(zip) === null ? "unknown-us" : "us";
}

/** One place near a shopper: its location token and its miles from the shopper's ZIP. */
export type NearPlace = { token: string; miles: number };

const tokenOfPlace = (place: number) => `z${String(zipTable().zips[place]).padStart(5, "0")}`;

/**
 * The places near a zip, nearest first: the zip itself at 0 miles, then its 20 nearest ZIP areas (or `areas` of
 * them, for a widened search). A ZIP with no area of its own (a PO box) is a home and has neighbours, but is
 * nobody's neighbour. A zip the table does not place, or a postal code that is not a US ZIP, is near only itself.
 */
export function neighbourhood(zip: string, areas = NEAREST_AREAS): NearPlace[] {
	const own = locToken(zip);
	const place = placeOf(own);
	if (place === null) return [{ token: own, miles: 0 }];
	const t = zipTable();
	const nearest = nearestAreas(t, place, areas).map((a) => ({ token: tokenOfPlace(a.place), miles: a.miles }));
	return [{ token: own, miles: 0 }, ...nearest];
}

/** The location tokens of a zip's neighbourhood, nearest first. */
export const nearTokens = (zip: string): string[] => neighbourhood(zip).map((p) => p.token);

/** Miles between two zips or location tokens; 0 for the same place, null when either has no place. */
export function milesBetween(a: string, b: string): number | null {
	const from = a.startsWith("z") || a.startsWith("x") ? a : locToken(a);
	const to = b.startsWith("z") || b.startsWith("x") ? b : locToken(b);
	if (from === to) return 0;
	const pa = placeOf(from);
	const pb = placeOf(to);
	return pa === null || pb === null ? null : milesBetweenPlaces(zipTable(), pa, pb);
}

const RADIANS = Math.PI / 180;
const toPoint = (latitude: number, longitude: number) => ({ lat: latitude * RADIANS, lng: longitude * RADIANS });

/**
 * The ZIP area whose centre is nearest to a point (degrees), with its miles from it: where a place known only
 * by its coordinates (an imported shop) counts. Null for a point that is not on the map.
 */
export function nearestZip(latitude: number, longitude: number): { zip: string; miles: number } | null {
	if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
		return null;
	const [nearest] = nearestToPoint(zipTable(), toPoint(latitude, longitude), 1);
	return nearest ? { zip: tokenOfPlace(nearest.place).slice(1), miles: nearest.miles } : null;
}

/** Miles from a point (degrees) to a ZIP's centre; null when the ZIP has no place (or the point none). */
export function milesFromZip(latitude: number, longitude: number, zip: string): number | null {
	const place = placeOf(locToken(zip));
	if (place === null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
	return milesFromPoint(zipTable(), toPoint(latitude, longitude), place);
}

/** Miles as shown and sent: one decimal. */
export const roundMiles = (miles: number): number => Math.round(miles * 10) / 10;
