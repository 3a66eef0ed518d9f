/**
 * Where an imported store or station is (decision 0070): the ZIP of its point on the map, and the place
 * itself, found by the source's key (`stores.source_key`, "osm:node/123") or, the first time, as a report
 * finds it (data/places.ts: its name and address near its ZIP), then marked with the key. Inside the
 * caller's transaction.
 */
import {
	type ImportedPlaceRow,
	markPlaceSource,
	moveStoreReports,
	newestPlaceId,
	placeById,
	placeByKey,
	updatePlaceRow,
} from "../data/imported-places.ts";
import { findOrCreatePlace, type PlaceTable } from "../data/places.ts";
import type { Tx } from "../data/transaction.ts";
import { errorCode } from "../lib/error-code.ts";
import { placeLookupKey } from "../lib/normalize.ts";
import { locToken, milesFromZip, nearestZip, zipKind } from "../lib/zip.ts";
import { type LeftOut, leaveOut } from "./import-tally.ts";

/** Farther than this from every ZIP area's centre, a point is not in the US (another country, the sea). */
export const OUTSIDE_US_MILES = 50;
/** The address's own ZIP is kept when its centre is this near the point: it is the shop's ZIP, not a guess. */
const OWN_ZIP_MILES = 15;

export const OUTSIDE_US = "outside the US";

/** A US ZIP as an address writes it: five digits, maybe with the four more ("90036-1234", "90036 1234"). */
const ZIP_SHAPED = /^(\d{5})(?:[-\s]?\d{4})?$/;

/**
 * The ZIP a point counts in: the address's own ZIP when it is a US ZIP near the point, else the ZIP area
 * nearest it. Left out when the source says another country, when its postcode is not shaped as a ZIP is
 * (Windsor's "N9A 5K3" is Canada's, however near Detroit), or when the point is far from every ZIP.
 */
export function zipAt(
	point: { lat: number; lon: number },
	address: { postcode?: string | null; countryCode?: string | null },
	example: string,
): string | LeftOut {
	const country = address.countryCode?.trim().toUpperCase();
	if (country && country !== "US") return leaveOut(OUTSIDE_US, `${example} (${country})`);
	const written = address.postcode?.trim();
	if (written && !ZIP_SHAPED.test(written)) return leaveOut(OUTSIDE_US, `${example} (postcode ${written})`);
	const postcode = written ? ZIP_SHAPED.exec(written)![1]! : null;
	if (postcode && zipKind(postcode) === "us") {
		const miles = milesFromZip(point.lat, point.lon, postcode);
		if (miles !== null && miles <= OWN_ZIP_MILES) return postcode;
	}
	const nearest = nearestZip(point.lat, point.lon);
	if (!nearest || nearest.miles > OUTSIDE_US_MILES) return leaveOut(OUTSIDE_US, example);
	return nearest.zip;
}

/** A store or station as a source gives it. `sourceKey` is null where the source has none to keep. */
export type PlaceInput = { sourceKey: string | null; name: string; address: string; phone: string | null; zip: string };

/** A place as stored: what a report naming it must say so the report path finds this very place. */
export type Placed = { id: number; name: string; address: string; zipCode: string | null; locToken: string };

/**
 * What became of a place: new; an existing one (a shopper's, or a keyless import's) now marked with the key;
 * changed by the source; as it was; or already marked by another of the source's keys (two entries of the
 * source with one name and address nearby are one place).
 */
export type PlaceOutcome = "added" | "matched to one already here" | "updated" | "already here" | "shared";

const sameAs = (row: ImportedPlaceRow, p: PlaceInput) =>
	row.name === p.name &&
	row.address === p.address &&
	row.zipCode === p.zip &&
	(p.phone === null || row.phone === p.phone);

const isUniqueViolation = (error: unknown) => errorCode(error) === "SQLITE_CONSTRAINT_UNIQUE";

/** A place the source moved or renamed, as the source now has it; left out if another place already is that. */
function updatePlace(
	tx: Tx,
	table: PlaceTable,
	row: ImportedPlaceRow,
	p: PlaceInput,
	example: string,
): Placed | LeftOut {
	const changed = {
		id: row.id,
		name: p.name,
		address: p.address,
		phone: p.phone ?? row.phone,
		zip: p.zip,
		loc: locToken(p.zip),
		lookup: placeLookupKey(p.name, p.address),
	};
	try {
		updatePlaceRow(tx, table, changed);
	} catch (error) {
		if (isUniqueViolation(error))
			return leaveOut("a place of the same name and address is already in that ZIP", example);
		throw error;
	}
	// A store's reports move with it, in the same transaction; a station's count at the station's place.
	if (table === "stores" && row.locToken !== changed.loc) moveStoreReports(tx, row.id, p.zip, changed.loc);
	return { id: row.id, name: p.name, address: p.address, zipCode: p.zip, locToken: changed.loc };
}

/**
 * Finds or makes the place, marks it with the source's key, and (with `update`, for the source that owns
 * places) brings a keyed one up to date. Another source's prices take a keyed place as it is.
 */
export function placeAt(
	tx: Tx,
	table: PlaceTable,
	p: PlaceInput,
	{ update, example }: { update: boolean; example: string },
): { place: Placed; outcome: PlaceOutcome } | LeftOut {
	if (p.sourceKey) {
		const known = placeByKey(tx, table, p.sourceKey);
		if (known) {
			if (!update || sameAs(known, p)) return { place: known, outcome: "already here" };
			const updated = updatePlace(tx, table, known, p, example);
			return "leftOut" in updated ? updated : { place: updated, outcome: "updated" };
		}
	}
	const before = newestPlaceId(tx, table);
	// As a report finds it (inside the run's savepoint); a new one keeps the source's phone.
	const { id } = findOrCreatePlace(tx, table, {
		name: p.name,
		address: p.address,
		phone: p.phone,
		zip: p.zip,
	});
	const created = id > before;
	const row = placeById(tx, table, id);
	if (!p.sourceKey) return { place: row, outcome: created ? "added" : "already here" };
	if (row.sourceKey !== null) return { place: row, outcome: "shared" };
	markPlaceSource(tx, table, id, p.sourceKey);
	return { place: row, outcome: created ? "added" : "matched to one already here" };
}
