/**
 * Which product a name means near a ZIP, as the read API and a list's plan read it (decision 0086): the product of that exact name when it has
 * prices near the ZIP, else the best of those its words find the way search does (src/deals), with the others
 * as candidates, so a script that sends "milk" learns which milk it got and what else there is.
 */
import { categoryBySlug, getCategoryWithTagSlugs } from "../data/categories.ts";
import { busiestCategory, type CategoryRow, hasTrustedReport } from "../data/product-prices.ts";
import { productByGtin } from "../data/products.ts";
import type { Db } from "../db.ts";
import { gtinKey } from "../lib/gtin.ts";
import { badRequest } from "../lib/http.ts";
import { normalizeText } from "../lib/normalize.ts";
import type { NearPlace } from "../lib/zip.ts";
import { CATEGORY_NOT_FOUND } from "./categories.ts";
import { type ProductByWords, productsByWords } from "./product-words.ts";
import type { ProductMatchKind } from "./schemas.ts";

/** What is asked: a name (or some of its words) or a barcode, near a ZIP, in a category by slug if known. */
export type ProductQuery = {
	name: string;
	barcode?: string | null | undefined;
	zip: string;
	/** A category's slug, or the category already read (a list's plan reads them all once). */
	category?: string | CategoryRow | undefined;
};

/** The other products named: a short list a person or a script can choose from. */
export const CANDIDATES_MAX = 10;
/** The products the words' reports are ranked among: more than are named, so the ranking has a choice. */
const RANKED_MAX = 50;

export type ProductMatch = {
	/** The normalised name whose prices are read. */
	name: string;
	/** The category the prices are of; null when none was asked and nothing matched. */
	category: CategoryRow | null;
	match: ProductMatchKind | null;
	matchedName: string | null;
	candidates: string[];
};

/** A query's words as search reads them: runs of letters and digits, lower-cased. */
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whether each of the words starts one of the name's own words (not only a tag's or a description's). */
function inName(words: readonly string[], name: string): boolean {
	const own = wordsOf(name);
	return words.every((w) => own.some((o) => o.startsWith(w)));
}

/**
 * The best match first: the words all in its name, then the most reports near the ZIP, then the shortest name
 * (the fewest words beside the asked ones), then alphabetical, so the same reports always rank alike.
 */
function ranked(found: readonly ProductByWords[], q: string): ProductByWords[] {
	const words = wordsOf(q);
	const key = (p: ProductByWords) => ({
		own: inName(words, p.name) ? 0 : 1,
		reports: -p.reports,
		length: p.name.length,
	});
	return [...found].sort((a, b) => {
		const [ka, kb] = [key(a), key(b)];
		return ka.own - kb.own || ka.reports - kb.reports || ka.length - kb.length || a.name.localeCompare(b.name);
	});
}

/** The category asked for by slug (400 for an unknown one), or null when none was. */
async function askedCategory(db: Db, slug: string | CategoryRow | undefined): Promise<CategoryRow | null> {
	if (!slug) return null;
	if (typeof slug !== "string") return slug;
	const found = await categoryBySlug(db, slug);
	if (!found) throw badRequest(CATEGORY_NOT_FOUND);
	return { id: found.id, slug, name: found.name };
}

/** The category of the exact name's prices near the places (JSON), or null when it has none there. */
async function exactCategory(db: Db, name: string, places: string, asked: CategoryRow | null) {
	if (!asked) return busiestCategory(db, { name, places });
	return (await hasTrustedReport(db, { name, category: asked.id, places })) ? asked : null;
}

/** The product of a barcode (decision 0089): its reports' key, its category and name; no match when unknown. */
async function barcodeProduct(db: Db, gtin: string): Promise<ProductMatch> {
	const product = productByGtin(db, gtin);
	const category = product ? await getCategoryWithTagSlugs(db, product.categoryId) : null;
	return {
		name: gtinKey(gtin),
		category: category ? { id: category.id, slug: category.slug, name: category.name } : null,
		match: product ? "barcode" : null,
		matchedName: product?.name ?? null,
		candidates: [],
	};
}

/**
 * The product `query.name` means near the ZIP's places (`near`, and their tokens as JSON: `places`). Without
 * `candidates` (a list's plan) a name found exactly is answered without the words' search for the others.
 */
export async function matchProduct(
	db: Db,
	query: ProductQuery,
	near: readonly NearPlace[],
	places: string,
	{ candidates = true }: { candidates?: boolean } = {},
): Promise<ProductMatch> {
	if (query.barcode) return barcodeProduct(db, query.barcode);
	const asked = normalizeText(query.name);
	const category = await askedCategory(db, query.category);
	const exact = await exactCategory(db, asked, places, category);
	if (exact && !candidates)
		return { name: asked, category: exact, match: "exact", matchedName: query.name, candidates: [] };
	const found = ranked(
		productsByWords(db, { q: query.name, zip: query.zip, category, limit: RANKED_MAX }, near),
		asked,
	);
	const others = (name: string) =>
		found
			.filter((p) => p.name !== name)
			.slice(0, CANDIDATES_MAX)
			.map((p) => p.productName);

	if (exact) {
		const matchedName = found.find((p) => p.name === asked)?.productName ?? query.name;
		return { name: asked, category: exact, match: "exact", matchedName, candidates: others(asked) };
	}
	const best = found[0];
	if (!best) return { name: asked, category, match: null, matchedName: null, candidates: [] };
	return {
		name: best.name,
		category: category ?? (await busiestCategory(db, { name: best.name, places })),
		match: "words",
		matchedName: best.productName,
		candidates: others(best.name),
	};
}
