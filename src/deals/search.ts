import type { Db } from "../db.ts";
import { locToken, ZIP_RADIUS, zipNumber } from "../lib/zip.ts";
import { indexPageIds, reportRows, ringReader, scanIds, vocabulary } from "./deals.sql.ts";
import { toReportJson } from "./read-shape.ts";
import type { SearchSort } from "./schemas.ts";

/**
 * Search over the index of migration 0005: every term is a word glued to its location cell (50 zips), and
 * each index row's id is a sort key with the zip's low 7 bits in it. A search reads one or two cells' posting
 * lists in key order, checks the window's exact edges on the id, and stops at the page; only the page's
 * reports are read from their tables. The constants here and the statements in deals.sql.ts must match the
 * migration's.
 */
const MAX_WORDS = 8;
/** Zips per location cell (migration 0005's "/ 50"). */
const CELL_ZIPS = 50;
/** A word with more indexed words starting with it than this is searched as a prefix (merged, slower). */
const MAX_EXPANSIONS = 16;
/** Distance sort: a window with fewer hits than this is sorted whole; a busier one is read ring by ring. */
const DISTANCE_SCAN_CAP = 400;
const ZIP_BITS = 127;

type Location = {
	/** The cells whose terms cover the window. */
	cells: string[];
	/** The window's first zip and length (in zips, minus one), for the check on the key's low bits. */
	lo: number;
	span: number;
	/** The searched zip as a number (null for a postal code that is not a US zip). */
	center: number | null;
};

const cellOf = (zip: number) => `c${String(Math.floor(zip / CELL_ZIPS)).padStart(4, "0")}`;

/** The window of 20 zips each side as cells; any other postal code is a cell of its own. */
export function searchLocation(zip: string): Location {
	const center = zipNumber(zip);
	if (center === null) {
		const code = locToken(zip).slice(1);
		return { cells: [`x${String([...code].length).padStart(2, "0")}${code}`], lo: 0, span: 0, center };
	}
	const lo = Math.max(0, center - ZIP_RADIUS);
	const hi = Math.min(99_999, center + ZIP_RADIUS);
	return { cells: [...new Set([cellOf(lo), cellOf(hi)])], lo, span: hi - lo, center };
}

/** Per query word: the exact indexed words it is a prefix of, or the word itself as a prefix. */
type Expanded = (string[] | { prefix: string })[];

const words = (q: string) => (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);

/**
 * Each word of the query as the indexed words it is a prefix of ("org" -> organic, orange...), from the
 * vocabulary; null when a word matches nothing, so there is nothing to search. A word of other letters than
 * a-z and digits, or one with very many continuations, stays a prefix that FTS5 folds and expands itself.
 */
function expandWords(db: Db, q: string): Expanded | null {
	const vocab = vocabulary(db);
	const out: Expanded = [];
	for (const word of words(q)) {
		if (!/^[a-z0-9]+$/.test(word)) {
			out.push({ prefix: word });
			continue;
		}
		const terms = vocab.all(word, `${word}\u{10FFFF}`, MAX_EXPANSIONS + 1).map((r) => r.term);
		if (terms.length === 0) return null;
		out.push(terms.length > MAX_EXPANSIONS ? { prefix: word } : terms);
	}
	return out.length > 0 ? out : null;
}

/** The FTS5 query for some cells: every word (any of its expansions) in the same cell's terms. */
function matchFor(expanded: Expanded, cells: string[]): string {
	return expanded
		.map((w) =>
			Array.isArray(w)
				? `(${cells.flatMap((c) => w.map((t) => `"${c}${t}"`)).join(" OR ")})`
				: `(${cells.map((c) => `"${c}${w.prefix}"*`).join(" OR ")})`,
		)
		.join(" AND ");
}

/**
 * Distance, then price, then newest: a window with few hits is read whole and sorted; a busy one ring by ring
 * (the zips at distance 0, then 1...), each ring in price order, until the page is full.
 */
function distancePage(db: Db, expanded: Expanded, loc: Location, limit: number, offset: number) {
	const center = loc.center;
	// A postal code that is not a US zip is one place: every distance is 0, so this is the price order.
	if (center === null) return indexPage(db, expanded, loc, limit, offset);
	const need = offset + limit;
	const all = scanIds(db, {
		match: matchFor(expanded, loc.cells),
		lo: loc.lo & ZIP_BITS,
		span: loc.span,
		limit: DISTANCE_SCAN_CAP,
	});
	if (all.length < DISTANCE_SCAN_CAP) {
		// Stable: equal distances keep the index's order (price, then newest).
		const distance = (z: number) => Math.abs(((z - (center & ZIP_BITS) + 64) & ZIP_BITS) - 64);
		return all
			.map((r) => ({ id: r.id, d: distance(r.z) }))
			.sort((a, b) => a.d - b.d)
			.slice(offset, need)
			.map((r) => r.id);
	}
	const ring = ringReader(db);
	const ids: number[] = [];
	for (let d = 0; d <= ZIP_RADIUS && ids.length < need; d++) {
		const zips = [center - d, center + d].filter((z) => z >= loc.lo && z <= loc.lo + loc.span);
		if (zips.length === 0) continue;
		const rows = ring.all({
			match: matchFor(expanded, [...new Set(zips.map(cellOf))]),
			a: zips[0]! & ZIP_BITS,
			b: zips[zips.length - 1]! & ZIP_BITS,
			limit: need - ids.length,
		});
		for (const r of rows) ids.push(r.id);
	}
	return ids.slice(offset, need);
}

export type SearchParams = {
	q: string;
	zip: string;
	sort: SearchSort;
	limit: number;
	offset: number;
	viewerId: string;
};

/** Price or newest first: the index's own order, read as far as the page. */
function indexPage(
	db: Db,
	expanded: Expanded,
	loc: Location,
	limit: number,
	offset: number,
	sort: "price" | "recent" = "price",
) {
	const params = { match: matchFor(expanded, loc.cells), lo: loc.lo & ZIP_BITS, span: loc.span, limit, offset };
	return indexPageIds(db, sort, params).map((r) => r.id);
}

/** The ids of one page of active, unexpired reports within 20 zips of `zip` whose text matches the words of `q`. */
export function searchReportIds(db: Db, p: Omit<SearchParams, "viewerId">): number[] {
	const expanded = expandWords(db, p.q);
	if (!expanded) return [];
	const loc = searchLocation(p.zip);
	if (p.sort === "distance") return distancePage(db, expanded, loc, p.limit, p.offset);
	return indexPage(db, expanded, loc, p.limit, p.offset, p.sort);
}

/** Active, unexpired reports within 20 zip codes of `zip` whose text matches the words of `q`. */
export function searchReports(db: Db, p: SearchParams) {
	const ids = searchReportIds(db, p);
	if (ids.length === 0) return [];
	const rows = reportRows(db, { ids: JSON.stringify(ids), viewer: p.viewerId, center: zipNumber(p.zip) });
	return rows.map((row) => toReportJson(row, row.distance));
}
