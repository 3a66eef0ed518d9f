/**
 * How the search index names a place in its terms: the index's triggers glue each word of a report to its
 * place's cell, so "everything at these places" is a query of cells and filter terms, with no word.
 */
import { topCategorySlugs } from "../data/categories.ts";
import { placesWithStores } from "../data/feed-rows.ts";
import type { Db } from "../db.ts";
import type { NearPlace } from "../lib/zip.ts";
import { filterTerm } from "./search-text.ts";

/** The prefix of a place's terms: the US token itself ("z90210"); "x", the length and the code for others. */
export function placeCell(token: string): string {
	if (token.startsWith("z")) return token;
	const code = token.slice(1);
	return `x${String([...code].length).padStart(2, "0")}${code}`;
}

/**
 * The FTS5 query for every live report at the places that have a store: each top category's filter term there
 * (every live report holds exactly one; a widened feed's hundreds of places are mostly empty, and each term costs
 * the index a lookup). Null when no place has a store. The feed's pool and the top contributors read it.
 */
export async function everythingAt(db: Db, near: readonly NearPlace[]): Promise<string | null> {
	const stocked = await placesWithStores(
		db,
		near.map((p) => p.token),
	);
	const cells = near.filter((p) => stocked.has(p.token)).map((p) => placeCell(p.token));
	if (cells.length === 0) return null;
	const terms = (await topCategorySlugs(db)).map(filterTerm);
	return cells.flatMap((cell) => terms.map((term) => `"${cell}${term}"`)).join(" OR ");
}
