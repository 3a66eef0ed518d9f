/**
 * The words an alert and a report are compared by: lower case, without diacritics, split on anything that
 * is not a letter or digit, each word reduced to a singular-ish stem. Alert "organic eggs" matches report
 * "Eggs, Organic Free-Range" because every alert word is among the report's words.
 */

/** An alert may name at most this many distinct words: enough for "organic whole milk half gallon". */
export const MAX_ALERT_WORDS = 8;

/**
 * Plurals the rules below cannot fold, as shoppers write them. Changing this list or the rules changes the
 * stored alert words: a migration must rewrite them (as 0012 did), or old alerts stop matching.
 */
const IRREGULAR_PLURALS: Readonly<Record<string, string | undefined>> = Object.freeze(
	Object.assign(Object.create(null), {
		lenses: "lens",
		knives: "knife",
		leaves: "leaf",
		loaves: "loaf",
		halves: "half",
		shelves: "shelf",
		mice: "mouse",
		geese: "goose",
		teeth: "tooth",
		feet: "foot",
	}),
);

/**
 * A light plural folding, applied alike to both sides, so it only has to be consistent, not grammatical:
 * eggs→egg, boxes→box, peaches→peach, berries/berry→berry, tomatoes/tomato→tomato, cookies/cookie→cooky,
 * kiwis→kiwi, lenses/lens→len. Words ending in ss or us (glass, hummus, swiss) keep their s.
 */
export function stem(word: string): string {
	// A record with no prototype, so inherited names are no plurals: "constructor" is a product word too.
	let w = IRREGULAR_PLURALS[word] ?? word;
	if (w.length > 3 && w.endsWith("s") && !/(ss|us)$/.test(w)) w = w.slice(0, -1);
	if (/(ch|sh|x|ss|zz)e$/.test(w)) return w.slice(0, -1);
	if (w.length > 4 && w.endsWith("ie")) return `${w.slice(0, -2)}y`;
	if (w.length > 4 && w.endsWith("oe")) return w.slice(0, -1);
	return w;
}

/** The distinct stemmed words of a product name, in order of first appearance. */
export function productWords(text: string): string[] {
	const plain = text
		.normalize("NFKD")
		.replace(/\p{M}+/gu, "")
		.toLowerCase();
	const words = plain.match(/[\p{L}\p{N}]+/gu) ?? [];
	return [...new Set(words.map(stem))];
}

/**
 * The word a fuel alert files in the word index: a colon never survives productWords, so no product report
 * can meet a fuel alert, nor a fuel report a product alert.
 */
export const fuelWord = (fuel: string) => `fuel:${fuel}`;
