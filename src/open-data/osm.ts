/**
 * `commoncents import osm FILE`: OpenStreetMap's fuel stations and shops (ODbL) into this instance
 * (decision 0070), from an Overpass export: GeoJSON as overpass-turbo exports it (features whose properties
 * are the tags, with "@id": "node/123"; or, from older exporters, `properties.tags` and `properties.id`), or
 * Overpass's own JSON (`elements` with `tags`, and `lat`/`lon` or, with `out center`, `center`).
 *
 * amenity=fuel (and amenity=charging_station) is a station, shop=* a store, each keyed by its OSM id
 * ("osm:node/123") in the ZIP its point is in; a second import updates what OSM changed.
 */
import * as v from "valibot";
import { PriceReportSchema } from "../deals/index.ts";
import { GasReportSchema } from "../gas/index.ts";
import type { ImportLimits } from "./import-limits.ts";
import { ImportFileError, jsonDocument } from "./import-lines.ts";
import { type PlaceInput, placeAt, zipAt } from "./import-places.ts";
import type { ImportRun } from "./import-run.ts";
import { isLeftOut, type LeftOut, leaveOut } from "./import-tally.ts";
import { isObject, type Raw, text } from "./raw.ts";

type Point = { lat: number; lon: number };

const tagText = (tags: Raw, key: string) => text(tags[key]);

/** A place's name, address and phone as the report forms take them (their lengths above all). */
const STORE = PriceReportSchema.pipe[0].entries;
const StoreFields = v.object({ name: STORE.storeName, address: STORE.storeAddress, phone: STORE.storePhone });
const STATION = GasReportSchema.pipe[0].entries;
const StationFields = v.object({ name: STATION.stationName, address: STATION.stationAddress, phone: STORE.storePhone });

/** The first of a phone tag's numbers ("+1 555 0100; +1 555 0101"), kept only if the form would take it. */
function phoneOf(tags: Raw): string | null {
	const first = (tagText(tags, "phone") ?? tagText(tags, "contact:phone"))?.split(";")[0]?.trim();
	return first && v.is(STORE.storePhone, first) ? first : null;
}

/** A feature's tags, its OSM id ("node/123") and its point, whichever exporter wrote it. */
type Feature = { id: string | null; tags: Raw; point: Point | null };

/** The mean of a ring's corners (the closing corner once): near enough a shop's middle to find its ZIP. */
function middle(coordinates: unknown): Point | null {
	if (!Array.isArray(coordinates)) return null;
	const corners = coordinates.filter(
		(c): c is [number, number] => Array.isArray(c) && typeof c[0] === "number" && typeof c[1] === "number",
	);
	const ring = corners.length > 1 && corners[0]!.join() === corners.at(-1)!.join() ? corners.slice(0, -1) : corners;
	if (ring.length === 0) return null;
	return {
		lon: ring.reduce((sum, c) => sum + c[0], 0) / ring.length,
		lat: ring.reduce((sum, c) => sum + c[1], 0) / ring.length,
	};
}

/** A GeoJSON geometry's point: a Point's own; a polygon's or a line's middle (a building, a forecourt). */
function pointOf(geometry: unknown): Point | null {
	if (!isObject(geometry)) return null;
	const c = geometry.coordinates as unknown[];
	switch (geometry.type) {
		case "Point":
			return typeof c?.[0] === "number" && typeof c[1] === "number" ? { lon: c[0], lat: c[1] } : null;
		case "LineString":
			return middle(c);
		case "Polygon":
			return middle(c?.[0]);
		case "MultiPolygon":
			return middle((c?.[0] as unknown[] | undefined)?.[0]);
		default:
			return null;
	}
}

function geoJsonFeature(raw: Raw): Feature {
	const properties = isObject(raw.properties) ? raw.properties : {};
	const tags = isObject(properties.tags) ? properties.tags : properties;
	const id = [properties["@id"], raw.id, properties.id].find((v) => typeof v === "string" && v.includes("/"));
	return { id: (id as string | undefined) ?? null, tags, point: pointOf(raw.geometry) };
}

function overpassElement(raw: Raw): Feature {
	const tags = isObject(raw.tags) ? raw.tags : {};
	const id = typeof raw.type === "string" && raw.id !== undefined ? `${raw.type}/${raw.id}` : null;
	const at = isObject(raw.center) ? raw.center : raw;
	const point = typeof at.lat === "number" && typeof at.lon === "number" ? { lat: at.lat, lon: at.lon } : null;
	return { id, tags, point };
}

/** The features of an export, or null when it is neither GeoJSON nor Overpass JSON. */
export function osmFeatures(document: unknown): Feature[] | null {
	if (!isObject(document)) return null;
	if (Array.isArray(document.features)) return document.features.filter(isObject).map(geoJsonFeature);
	if (Array.isArray(document.elements)) return document.elements.filter(isObject).map(overpassElement);
	return null;
}

export type OsmPlace = { kind: "store" | "station"; place: PlaceInput; example: string };

/** What a feature is: a store or a station to keep, or why it is left out. */
export function osmPlace(feature: Feature, index: number): OsmPlace | LeftOut {
	const { tags } = feature;
	const name = tagText(tags, "name") ?? tagText(tags, "brand");
	const example = `${feature.id ?? `feature ${index + 1}`}${name ? ` "${name}"` : ""}`;
	const amenity = tagText(tags, "amenity");
	const shop = tagText(tags, "shop");
	const kind =
		amenity === "fuel" || amenity === "charging_station"
			? "station"
			: shop && shop !== "no" && shop !== "vacant"
				? "store"
				: null;
	if (!kind) return leaveOut("not a shop or fuel station", example);
	if (!feature.id) return leaveOut("no OpenStreetMap id", example);
	if (!name) return leaveOut("no name", example);
	const street = tagText(tags, "addr:street");
	const number = tagText(tags, "addr:housenumber");
	const address = street ? (number ? `${number} ${street}` : street) : tagText(tags, "addr:full");
	if (!address) return leaveOut("no street address", example);
	if (!feature.point) return leaveOut("no location on the map", example);
	const zip = zipAt(
		feature.point,
		{ postcode: tagText(tags, "addr:postcode"), countryCode: tagText(tags, "addr:country") },
		example,
	);
	if (isLeftOut(zip)) return zip;
	const fields = v.safeParse(kind === "store" ? StoreFields : StationFields, { name, address, phone: phoneOf(tags) });
	if (!fields.success) return leaveOut(`not a valid place: ${fields.issues[0]?.message ?? "invalid"}`, example);
	return { kind, example, place: { sourceKey: `osm:${feature.id}`, ...fields.output, zip } };
}

/** Reads the export and keeps each store and station; the run's tally says what became of each. */
export async function importOsm(run: ImportRun, path: string, limits?: ImportLimits) {
	// Read whole before the first write: a document past its limit is refused with nothing imported.
	const features = osmFeatures(await jsonDocument(path, limits));
	if (!features) throw new ImportFileError(`${path} is neither GeoJSON (features) nor Overpass JSON (elements)`);
	for (const [index, feature] of features.entries()) {
		run.tally.read++;
		const found = osmPlace(feature, index);
		if (isLeftOut(found)) {
			run.tally.leave(found);
			continue;
		}
		run.file(found.example, (tx) => {
			const table = found.kind === "store" ? "stores" : "gas_stations";
			const placed = placeAt(tx, table, found.place, { update: true, example: found.example });
			if (isLeftOut(placed)) return run.tally.leave(placed);
			if (placed.outcome === "shared")
				return run.tally.leave(leaveOut("the same name and address as another place nearby", found.example));
			run.countPlace(found.kind, placed.place.id, placed.outcome);
		});
		await run.pause();
	}
}
