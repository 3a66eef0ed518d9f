/**
 * The products a name's words find near a ZIP, as search finds reports: every word a prefix of one of a
 * report's words (its name, tags, category or description), at one of the neighbourhood's places, in the
 * search index. For a caller that must name one product (the read API) rather than list reports.
 */
import { productWordsRows } from "../data/price-search.ts";
import type { Db } from "../db.ts";
import { type NearPlace, neighbourhood } from "../lib/zip.ts";
import { expandWords, matchFor } from "./search.ts";

/** The matching reports read, newest first: a busy city's "milk" is thousands; the products among them show. */
const READ_MAX = 1000;

export type ProductByWords = {
	/** The product's normalised name (lower-cased, spaces folded): what the product's reports share. */
	name: string;
	/** How its newest report spells it. */
	productName: string;
	/** Its live, trustworthy reports among those read. */
	reports: number;
};

/**
 * The products whose live, trustworthy reports near `zip` match the words of `q` (of the category `category`
 * only, its slug and id, when given), the most reported first, at most `limit`; none when a word matches nothing.
 */
export function productsByWords(
	db: Db,
	p: { q: string; zip: string; category: { id: number; slug: string } | null; limit: number },
	near: readonly NearPlace[] = neighbourhood(p.zip),
): ProductByWords[] {
	// The slug's filter term narrows the index read (a group's takes in its members; the id keeps the one).
	const expanded = expandWords(db, { q: p.q, filter: p.category?.slug ?? null });
	if (!expanded || (p.category && expanded.length === 1)) return [];
	const match = matchFor(expanded, near);
	const rows = productWordsRows(db, { match, category: p.category?.id ?? null, read: READ_MAX, limit: p.limit });
	return rows.map(({ name, productName, reports }) => ({ name, productName, reports }));
}
