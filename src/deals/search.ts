import { indexPageIds, vocabulary } from "../data/price-search.ts";
import { cardRows } from "../data/report-rows.ts";
import { starredPlaceIds } from "../data/starred-places.ts";
import type { Db } from "../db.ts";
import { gtinKey } from "../lib/gtin.ts";
import { NEAREST_AREAS, type NearPlace, neighbourhood, roundMiles } from "../lib/zip.ts";
import { filterTerm, goodDealIds, placeCell } from "../reports/index.ts";
import { toReportJson } from "./read-shape.ts";
import type { SearchSort } from "./schemas.ts";
import type { SearchMemory } from "./search-memory.ts";
import { foldedCards, storeReportsOf } from "./store-cards.ts";

/**
 * Search over the index described in db/schema/reports.ts ("The search index"): every term is a word glued to its
 * report's place, and each index row's id is a sort key. A search near a shopper asks, for each word, for its
 * terms at the 21 places of their neighbourhood, reads the ids in key order and stops at the page; only the
 * page's reports are read from their tables.
 */
const MAX_WORDS = 8;
/** A word with more indexed words starting with it than this is searched as a prefix (merged, slower). */
const MAX_EXPANSIONS = 16;

/** Per query word: the exact indexed words it is a prefix of, or the word itself as a prefix. */
type Expanded = (string[] | { prefix: string })[];

const words = (q: string) => (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);

/**
 * Each word of the query as the indexed words it is a prefix of ("org" -> organic, orange...), from the
 * vocabulary, and the filter's term (a category or group slug) and a barcode's (src/lib/gtin.ts gtinKey) as
 * more words; null when a word matches nothing, or there is nothing at all to search. A word of other letters
 * than a-z and digits, or one with very many continuations, stays a prefix that FTS5 folds and expands itself.
 */
export function expandWords(
	db: Db,
	{ q, filter = null, barcode = null }: { q: string; filter?: string | null; barcode?: string | null },
	memory?: SearchMemory,
): Expanded | null {
	const vocab = (word: string, limit: number) =>
		memory ? memory.words.of(db, word, limit) : vocabulary(db)(word, `${word}\u{10FFFF}`, limit);
	const out: Expanded = [...(filter ? [[filterTerm(filter)]] : []), ...(barcode ? [[gtinKey(barcode)]] : [])];
	for (const word of words(q)) {
		if (!/^[a-z0-9]+$/.test(word)) {
			out.push({ prefix: word });
			continue;
		}
		const terms = vocab(word, MAX_EXPANSIONS + 1);
		if (terms.length === 0) return null;
		out.push(terms.length > MAX_EXPANSIONS ? { prefix: word } : terms);
	}
	return out.length > 0 ? out : null;
}

/** The FTS5 query for some places: every word (any of its expansions) among the same place's terms. */
export function matchFor(expanded: Expanded, places: readonly NearPlace[]): string {
	const cells = places.map((p) => placeCell(p.token));
	return expanded
		.map((w) =>
			Array.isArray(w)
				? `(${cells.flatMap((c) => w.map((t) => `"${c}${t}"`)).join(" OR ")})`
				: `(${cells.map((c) => `"${c}${w.prefix}"*`).join(" OR ")})`,
		)
		.join(" AND ");
}

/** Distance, then price, then newest: the places nearest first, each read in price order until the page is full. */
function distancePage(db: Db, expanded: Expanded, near: readonly NearPlace[], limit: number, offset: number) {
	const need = offset + limit;
	const ids: number[] = [];
	for (const place of near) {
		if (ids.length >= need) break;
		const page = { match: matchFor(expanded, [place]), limit: need - ids.length, offset: 0 };
		for (const r of indexPageIds(db, "price", page)) ids.push(r.id);
	}
	return ids.slice(offset, need);
}

export type SearchParams = {
	q: string;
	/** A category's or a category group's slug (a chip), or null. */
	category: string | null;
	/** A product's barcode (a normalised GTIN): only its reports. */
	barcode?: string | null;
	zip: string;
	/** How many ZIP areas around the shopper's own are searched: 20, or more for a widened search. */
	areas?: number;
	sort: SearchSort;
	limit: number;
	offset: number;
	viewerId: string;
};

/** The ids of one page of live reports near `zip` whose text matches the words of `q`, in the page's order. */
export function searchReportIds(
	db: Db,
	p: Omit<SearchParams, "viewerId">,
	near: readonly NearPlace[] = neighbourhood(p.zip, p.areas ?? NEAREST_AREAS),
	expanded = expandWords(db, { q: p.q, filter: p.category, barcode: p.barcode }),
): number[] {
	if (!expanded) return [];
	if (p.sort === "distance") return distancePage(db, expanded, near, p.limit, p.offset);
	const page = { match: matchFor(expanded, near), limit: p.limit, offset: p.offset };
	return indexPageIds(db, p.sort, page).map((r) => r.id);
}

/**
 * Live reports near `zip` whose text matches the words of `q` (and the filter), each with its miles from `zip`,
 * whether it is a good deal there, and whether the viewer starred its store. A store's reports of one product are
 * one result (src/deals/store-cards.ts): more than the page is read from the index, so that folding still fills it.
 * The index's and the page's reads are synchronous (src/data/price-search.ts, report-rows.ts). With `memory`,
 * what it remembers exactly is not read again (src/deals/search-memory.ts).
 */
export async function searchReports(db: Db, p: SearchParams, memory?: SearchMemory) {
	const areas = p.areas ?? NEAREST_AREAS;
	const near = memory ? memory.near(p.zip, areas) : neighbourhood(p.zip, areas);
	const expanded = expandWords(db, { q: p.q, filter: p.category, barcode: p.barcode }, memory);
	const cards = foldedCards(
		db,
		(limit) => searchReportIds(db, { ...p, offset: 0, limit }, near, expanded),
		p.offset + p.limit,
	);
	const ids = cards.slice(p.offset, p.offset + p.limit);
	if (ids.length === 0) return [];
	const miles = new Map(near.map((place) => [place.token, roundMiles(place.miles)]));
	const rows = cardRows(db, { ids: JSON.stringify(ids), viewer: p.viewerId });
	const starred = await starredPlaceIds(db, "store", p.viewerId);
	const good = goodDealIds(
		db,
		rows,
		near.map((place) => place.token),
		Date.now(),
		memory?.lows,
	);
	return rows.map((row) => ({
		...toReportJson(row, {
			distanceMiles: miles.get(row.locToken) ?? null,
			goodDeal: good.has(row.id),
			storeReports: storeReportsOf(row.storeGroup),
		}),
		starred: starred.has(row.storeId),
	}));
}
