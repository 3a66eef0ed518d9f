/**
 * `commoncents import open-prices PRICES [--locations LOCATIONS]`: Open Prices' daily dump
 * (prices.openfoodfacts.org/data/prices.jsonl.gz, ODbL) into this instance (decision 0070). A line is one
 * price as Open Prices' PriceSerializer writes it: id, product_name, category_tag, labels_tags, price,
 * price_is_discounted, price_without_discount, price_per, currency, date, created, duplicate_of, and its
 * location by location_id (the locations dump, locations.jsonl.gz: osm_id, osm_type, osm_name,
 * osm_display_name, osm_address_postcode, osm_address_country_code, osm_lat, osm_lon). A price may also
 * carry its location whole (the API's `location`) or flattened (`location_osm_lat`, as in the Parquet copy).
 *
 * A USD price with a place on the map in the US and a product name, category or barcode becomes a report of
 * that product at that store (by its barcode when it has a valid one) (keyed "osm:node/123", as the osm import keys it) in the ZIP the store is in.
 */
import { type GtinAnswer, normalizeGtin } from "../lib/gtin.ts";
import type { ImportLimits } from "./import-limits.ts";
import { type JsonLine, jsonLines } from "./import-lines.ts";
import { type PlaceInput, zipAt } from "./import-places.ts";
import { importPrice, PRODUCT_IMPORT, type ProductPriceInput } from "./import-prices.ts";
import type { ImportRun } from "./import-run.ts";
import { isLeftOut, type LeftOut, leaveOut } from "./import-tally.ts";
import { categoryOfTag, tagName } from "./open-prices-categories.ts";
import { isObject, number, type Raw, text } from "./raw.ts";

/** A location as the import reads it, from the locations dump or from the price line itself. */
export type OpenPricesLocation = {
	osmKey: string | null;
	name: string | null;
	displayName: string | null;
	postcode: string | null;
	countryCode: string | null;
	lat: number | null;
	lon: number | null;
};

/** A location's fields, each under `prefix` ("" in the locations dump, "location_" flattened on a price). */
function locationFields(raw: Raw, prefix: string): OpenPricesLocation {
	const field = (name: string) => raw[`${prefix}${name}`];
	const osmId = text(field("osm_id"));
	const osmType = text(field("osm_type"))?.toLowerCase();
	return {
		osmKey: osmId && osmType ? `osm:${osmType}/${osmId}` : null,
		name: text(field("osm_name")) ?? text(field("osm_brand")),
		displayName: text(field("osm_display_name")),
		postcode: text(field("osm_address_postcode")),
		countryCode: text(field("osm_address_country_code")),
		lat: number(field("osm_lat")),
		lon: number(field("osm_lon")),
	};
}

/** The locations dump, by Open Prices' location id. */
export async function readLocations(path: string, limits?: ImportLimits): Promise<Map<number, OpenPricesLocation>> {
	const locations = new Map<number, OpenPricesLocation>();
	for await (const line of jsonLines(path, limits)) {
		if (!("value" in line) || !isObject(line.value)) continue;
		const id = number(line.value.id);
		if (id !== null) locations.set(id, locationFields(line.value, ""));
	}
	return locations;
}

/**
 * The street address in a Nominatim display name: "Trader Joe's, 263, South La Brea Avenue, Mid-City, Los
 * Angeles, ..." is "263 South La Brea Avenue". Without a house number, the part after the name.
 */
export function streetOf(displayName: string | null, name: string): string | null {
	if (!displayName) return null;
	const parts = displayName
		.split(",")
		.map((p) => p.trim())
		.filter(Boolean);
	if (parts[0]?.toLowerCase() === name.toLowerCase()) parts.shift();
	const [first, second] = parts;
	if (!first) return null;
	return /^\d+[A-Za-z]?(-\d+)?$/.test(first) && second ? `${first} ${second}` : first;
}

/**
 * When the price was seen: its `date` (the day it was bought), at the time it was uploaded when that was the
 * same day, else at noon UTC; `created` alone when there is no date.
 */
export function seenAt(date: string | null, created: string | null): number | null {
	const uploaded = created ? Date.parse(created) : Number.NaN;
	if (date && /^\d{4}-\d{2}-\d{2}$/.test(date)) {
		if (Number.isFinite(uploaded) && created?.startsWith(date)) return uploaded;
		const noon = Date.parse(`${date}T12:00:00Z`);
		return Number.isFinite(noon) ? noon : null;
	}
	return Number.isFinite(uploaded) ? uploaded : null;
}

/** The price's barcode (a PRODUCT price's `product_code`) as a GTIN or why it is none; null without one. */
function codeOf(raw: Raw): GtinAnswer | null {
	const code = text(raw.product_code);
	return code ? normalizeGtin(code) : null;
}

/** A price's location: on the line itself, or by its id in the locations dump (undefined: not in it). */
function locationOf(raw: Raw, locations: Map<number, OpenPricesLocation>): OpenPricesLocation | null | undefined {
	if (isObject(raw.location)) return locationFields(raw.location, "");
	if (raw.location_osm_lat !== undefined) return locationFields(raw, "location_");
	const id = number(raw.location_id) ?? number(raw.location);
	return id === null ? null : locations.get(id);
}

export const NO_LOCATIONS_FILE = "its place is in Open Prices' locations dump: add --locations locations.jsonl.gz";

export type OpenPricesRecord = { store: PlaceInput; price: ProductPriceInput; example: string };

/** What a line of the dump is: a price to file at a store, or why it is left out. */
export function openPricesRecord(
	line: JsonLine,
	locations: Map<number, OpenPricesLocation>,
): OpenPricesRecord | LeftOut {
	if ("error" in line) return leaveOut("not JSON", `line ${line.line}`);
	const raw = line.value;
	const id = isObject(raw) ? number(raw.id) : null;
	if (!isObject(raw) || id === null) return leaveOut("not an Open Prices price (no id)", `line ${line.line}`);
	const example = `price ${id}`;
	if (raw.duplicate_of !== null && raw.duplicate_of !== undefined)
		return leaveOut("a duplicate, as Open Prices marks it", `${example} (of ${raw.duplicate_of})`);
	const currency = text(raw.currency);
	if (currency !== "USD") return leaveOut("not in US dollars", `${example} (${currency ?? "no currency"})`);
	const amount = number(raw.price);
	if (amount === null || amount <= 0) return leaveOut("no price", example);
	const location = locationOf(raw, locations);
	if (location === undefined)
		return leaveOut(locations.size === 0 ? NO_LOCATIONS_FILE : "its location is not in the locations file", example);
	if (!location || location.lat === null || location.lon === null) return leaveOut("no location on the map", example);
	const zip = zipAt({ lat: location.lat, lon: location.lon }, location, example);
	if (isLeftOut(zip)) return zip;
	const categoryTag = text(raw.category_tag);
	const labels = Array.isArray(raw.labels_tags)
		? raw.labels_tags.filter((l): l is string => typeof l === "string")
		: [];
	const organic = labels.includes("en:organic");
	const code = codeOf(raw);
	if (code && "error" in code && !text(raw.product_name) && !categoryTag)
		return leaveOut("its barcode does not add up", `${example} (${text(raw.product_code)})`);
	const barcode = code && "gtin" in code ? code.gtin : null;
	// A price of a code alone shows the code as its name until a shopper names the product (decision 0091).
	const productName =
		text(raw.product_name) ??
		(isObject(raw.product) ? text(raw.product.product_name) : null) ??
		(categoryTag ? (organic ? `Organic ${tagName(categoryTag).toLowerCase()}` : tagName(categoryTag)) : null) ??
		barcode;
	if (!productName) return leaveOut("no product name, category nor barcode", example);
	if (!location.name) return leaveOut("the store has no name", example);
	const address = streetOf(location.displayName, location.name);
	if (!address) return leaveOut("the store has no street address", example);
	const reportedAt = seenAt(text(raw.date), text(raw.created));
	if (reportedAt === null) return leaveOut("no date", example);
	const was = number(raw.price_without_discount);
	const perKilogram = raw.price_per === "KILOGRAM";
	return {
		example,
		store: { sourceKey: location.osmKey, name: location.name, address, phone: null, zip },
		price: {
			sourceKey: `open-prices:${id}`,
			productName,
			category: categoryOfTag(categoryTag),
			// To the cent: a shop price with a tenth of a cent is a typing slip's, or a fuel price's.
			price: (Math.round(amount * 100) / 100).toFixed(2),
			size: perKilogram
				? { quantity: 1, unit: "kg" }
				: raw.price_per === "UNIT"
					? { quantity: 1, unit: "count" }
					: null,
			tags: organic ? ["Organic"] : [],
			description: raw.price_is_discounted === true ? `On sale${was ? `, was $${was.toFixed(2)}` : ""}` : null,
			reportedAt,
			barcode,
		},
	};
}

/** Reads the dump line by line and files each price it can; the run's tally says what became of each. */
export async function importOpenPrices(
	run: ImportRun,
	path: string,
	locationsPath: string | null,
	limits?: ImportLimits,
) {
	const locations = locationsPath ? await readLocations(locationsPath, limits) : new Map<number, OpenPricesLocation>();
	for await (const line of jsonLines(path, limits)) {
		run.tally.read++;
		const record = openPricesRecord(line, locations);
		if (isLeftOut(record)) {
			run.tally.leave(record);
			continue;
		}
		run.file(record.example, () =>
			run.record(
				{ price: "price", place: "store" },
				importPrice(run.ctx, PRODUCT_IMPORT, record.store, record.price, record.example),
			),
		);
		await run.pause();
	}
}
