/**
 * Where each US ZIP is, read from the table the binary carries (src/lib/zip-places.txt, made by
 * scripts/zip-places.ts; decision 0044). The table is read-only reference data, like the taxonomy: it is
 * parsed once, on first use, and never changes while the process runs.
 */
import text from "./zip-places.txt" with { type: "text" };

const EARTH_RADIUS_MILES = 3958.8;
const RADIANS = Math.PI / 180;

export type ZipTable = {
	/** Each place's 5-digit ZIP as a number, in ZIP order. */
	zips: Int32Array;
	/** Latitude and longitude in radians, by place. */
	lat: Float64Array;
	lng: Float64Array;
	/** 1 for a ZIP area (a Census ZCTA), 0 for a ZIP placed at a point (a PO box, one building). */
	isArea: Uint8Array;
	/** The place of each ZIP number plus one; 0 for a ZIP the table does not know. */
	placeOfZip: Int32Array;
	/** The ZIP areas by grid cell (cellKey), the search space of "nearest". */
	cells: Map<number, number[]>;
};

/** The grid's cells are a fifth of a degree of latitude by a fifth of longitude. */
const CELL = 0.2 * RADIANS;
const GRID_COLS = 2 * Math.ceil(Math.PI / CELL);
/** A cell's key: its row and its column, counted from 180° west so that no two cells share one. */
const cellKey = (row: number, col: number) => row * GRID_COLS + (((col % GRID_COLS) + GRID_COLS) % GRID_COLS);
/** Past this many rings (far islands) every area is read: one pass over all of them costs less. */
const MAX_RINGS = 60;

function parse(source: string): ZipTable {
	const rows = source.split("\n").filter((line) => /^\d{5} /.test(line));
	const t: ZipTable = {
		zips: new Int32Array(rows.length),
		lat: new Float64Array(rows.length),
		lng: new Float64Array(rows.length),
		isArea: new Uint8Array(rows.length),
		placeOfZip: new Int32Array(100_000),
		cells: new Map(),
	};
	rows.forEach((row, i) => {
		const [zip, lat, lng, mark] = row.split(" ");
		t.zips[i] = Number(zip);
		t.lat[i] = Number(lat) * RADIANS;
		t.lng[i] = Number(lng) * RADIANS;
		t.isArea[i] = mark === "p" ? 0 : 1;
		t.placeOfZip[Number(zip)] = i + 1;
		if (mark === "p") return;
		const key = cellKey(Math.floor(t.lat[i]! / CELL), Math.floor(t.lng[i]! / CELL));
		const cell = t.cells.get(key);
		if (cell) cell.push(i);
		else t.cells.set(key, [i]);
	});
	return t;
}

let table: ZipTable | undefined;
/** The table, parsed on first use. */
export const zipTable = (): ZipTable => {
	table ??= parse(text);
	return table;
};

/** A point on the map, latitude and longitude in radians. */
export type Point = { lat: number; lng: number };

/** Great-circle miles from a point to a place of the table. */
export function milesFromPoint(t: ZipTable, from: Point, b: number): number {
	const dLat = t.lat[b]! - from.lat;
	const dLng = t.lng[b]! - from.lng;
	const h = Math.sin(dLat / 2) ** 2 + Math.cos(from.lat) * Math.cos(t.lat[b]!) * Math.sin(dLng / 2) ** 2;
	return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

const pointOf = (t: ZipTable, place: number): Point => ({ lat: t.lat[place]!, lng: t.lng[place]! });

/** Great-circle miles between two places of the table. */
export function milesBetweenPlaces(t: ZipTable, a: number, b: number): number {
	return milesFromPoint(t, pointOf(t, a), b);
}

/** nearestToPoint by reading every area, keeping the nearest `count` in order as it goes. */
function nearestByScan(t: ZipTable, from: Point, count: number, skip: number): { place: number; miles: number }[] {
	const kept: { place: number; miles: number }[] = [];
	for (let area = 0; area < t.zips.length; area++) {
		if (area === skip || t.isArea[area] === 0) continue;
		const miles = milesFromPoint(t, from, area);
		if (kept.length === count && miles >= kept[count - 1]!.miles) continue;
		let at = kept.length;
		while (at > 0 && kept[at - 1]!.miles > miles) at--;
		kept.splice(at, 0, { place: area, miles });
		if (kept.length > count) kept.pop();
	}
	return kept;
}

/** The `count` ZIP areas nearest to a place (not the place itself), nearest first, ties by ZIP. */
export function nearestAreas(t: ZipTable, place: number, count: number): { place: number; miles: number }[] {
	return nearestToPoint(t, pointOf(t, place), count, place);
}

/**
 * The `count` ZIP areas nearest to a point (a place's centre, or where an imported shop is), nearest first,
 * ties by ZIP, but `skip`. It reads the grid ring by ring around the point's cell and stops once the farthest
 * area kept is nearer than anything beyond the rings read: such a point is past a parallel or a meridian the
 * rings end at, and no nearer than it.
 */
export function nearestToPoint(t: ZipTable, from: Point, count: number, skip = -1): { place: number; miles: number }[] {
	const found: { place: number; miles: number }[] = [];
	const { lat, lng } = from;
	const row = Math.floor(lat / CELL);
	const col = Math.floor(lng / CELL);
	const nearby = (area: number) => ({ place: area, miles: milesFromPoint(t, from, area) });
	const visit = (r: number, c: number) => {
		const cell = t.cells.get(cellKey(r, c));
		if (!cell) return;
		for (const area of cell) {
			if (area !== skip) found.push(nearby(area));
		}
	};
	for (let ring = 0; ; ring++) {
		if (ring > MAX_RINGS) return nearestByScan(t, from, count, skip);
		for (let c = col - ring; c <= col + ring; c++) {
			visit(row - ring, c);
			if (ring > 0) visit(row + ring, c);
		}
		for (let r = row - ring + 1; r <= row + ring - 1; r++) {
			visit(r, col - ring);
			visit(r, col + ring);
		}
		if (found.length < count) continue;
		found.sort((a, b) => a.miles - b.miles || t.zips[a.place]! - t.zips[b.place]!);
		const pastParallel = Math.min(lat - (row - ring) * CELL, (row + ring + 1) * CELL - lat);
		const pastMeridian = Math.min(lng - (col - ring) * CELL, (col + ring + 1) * CELL - lng, Math.PI / 2);
		const beyond = EARTH_RADIUS_MILES * Math.min(pastParallel, Math.asin(Math.cos(lat) * Math.sin(pastMeridian)));
		if (found[count - 1]!.miles <= beyond) break;
	}
	found.sort((a, b) => a.miles - b.miles || t.zips[a.place]! - t.zips[b.place]!);
	return found.slice(0, count);
}
