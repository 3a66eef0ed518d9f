/**
 * One shop, one place, however it is spelled (decision 0084). A place typed that is not a known one (its
 * name and address, src/lib/same-place.ts) may still be one a shopper meant: "Hilander" typed at Hilander
 * Foods' address, "123 Main Street" for "123 Main St". Such a place is offered before a second one is made.
 * "Similar" is narrow on purpose, for a wrong offer costs a shopper a click: near the ZIP it is typed with,
 * a name that is the other's first words or one slip from it, and the same address written another way.
 * Numbers tell places apart: "Shell 2" is not "Shell 3", nor "12 Oak St" "14 Oak St".
 */
import { nearTokensOf, type PlaceAt } from "./same-place.ts";

/** A stored place as the rule reads it: where it is, and its name and address as first written. */
export type NamedPlaceAt = PlaceAt & { name: string; address: string };

/** Words of an address written more than one way, each as its short form. */
const SHORT: Record<string, string> = {
	street: "st",
	str: "st",
	avenue: "ave",
	av: "ave",
	road: "rd",
	drive: "dr",
	boulevard: "blvd",
	lane: "ln",
	court: "ct",
	place: "pl",
	highway: "hwy",
	parkway: "pkwy",
	square: "sq",
	terrace: "ter",
	circle: "cir",
	north: "n",
	south: "s",
	east: "e",
	west: "w",
	suite: "ste",
	apartment: "apt",
	number: "",
	no: "",
};

/** Lower case, accents and punctuation aside ("Trader Joe's" is "trader joes"): the words of a name or address. */
export function wordsOf(text: string): string[] {
	return text
		.normalize("NFKD")
		.replace(/[\u0300-\u036f]/g, "")
		.toLowerCase()
		.replace(/['’]/g, "")
		.replace(/&/g, " and ")
		.split(/[^a-z0-9]+/)
		.filter(Boolean);
}

/** The fewest letters added, dropped, changed or swapped with a neighbour that make `a` into `b`. */
export function editDistance(a: string, b: string): number {
	const rows: number[][] = [];
	for (let i = 0; i <= a.length; i++) rows.push([i]);
	for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
	for (let i = 1; i <= a.length; i++) {
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
				best = Math.min(best, rows[i - 2]![j - 2]! + 1);
			rows[i]![j] = best;
		}
	}
	return rows[a.length]![b.length]!;
}

/** How many slips a name or address of this many letters may hide: none in a short one, where a slip is another word. */
const slipsAllowed = (letters: number) => (letters >= 12 ? 2 : letters >= 5 ? 1 : 0);

/**
 * Whether `a` and `b` are within the slips their length allows. Texts whose lengths differ by more than that
 * cannot be, and most of a neighbourhood's places differ so: those are told apart without the letter-by-letter count.
 */
function nearSpelling(a: string, b: string): boolean {
	const allowed = slipsAllowed(Math.min(a.length, b.length));
	if (Math.abs(a.length - b.length) > allowed) return false;
	return a === b || editDistance(a, b) <= allowed;
}

/** Whether `short` is `long`'s first words, exactly or with a slip or two (spaces aside). */
function startsWith(short: readonly string[], long: readonly string[], slips: boolean): boolean {
	const [s, head] = [short.join(""), long.slice(0, short.length).join("")];
	return slips ? nearSpelling(s, head) : s === head;
}

/** The same words, spaces aside, with a slip or two ("hi lander", "hilandr"), or one the other's first words. */
function wordsMatch(a: readonly string[], b: readonly string[], slips: boolean): boolean {
	if (a.length === 0 || b.length === 0) return false;
	const [short, long] = a.length <= b.length ? [a, b] : [b, a];
	if (startsWith(short, long, slips)) return true;
	return slips && nearSpelling(a.join(""), b.join(""));
}

/** The digits of a text, in order: the store number, the house number, the suite. */
const numbersOf = (words: readonly string[]) => words.join(" ").match(/\d+/g)?.join(" ") ?? "";

/** A name or address read once: its words, and its numbers as the rule compares them. */
type Read = { words: string[]; numbers: string; digits: string };
const read = (words: string[]): Read => {
	const numbers = numbersOf(words);
	return { words, numbers, digits: numbers.replace(/ /g, "") };
};

function namesMatch(x: Read, y: Read): boolean {
	if (x.numbers && y.numbers && x.numbers !== y.numbers) return false;
	return wordsMatch(x.words, y.words, true);
}

function addressesMatch(x: Read, y: Read): boolean {
	// Either way an address matches, one's digits begin the other's: any other pair is told apart at once.
	if (!x.digits.startsWith(y.digits) && !y.digits.startsWith(x.digits)) return false;
	if (wordsMatch(x.words, y.words, false)) return true;
	return x.numbers === y.numbers && wordsMatch(x.words, y.words, true);
}

/** Two names of one shop: near-spellings, or one the start of the other, and no number telling them apart. */
export const similarNames = (a: string, b: string): boolean => namesMatch(read(wordsOf(a)), read(wordsOf(b)));

const shortWords = (text: string) =>
	wordsOf(text)
		.map((w) => SHORT[w] ?? w)
		.filter(Boolean);

/**
 * Two ways of writing one address: the same words once written short ("Street", "St"), one the other's
 * first words ("123 Main" for "123 Main St"), or a slip in its words but never in its numbers.
 */
export const similarAddresses = (a: string, b: string): boolean =>
	addressesMatch(read(shortWords(a)), read(shortWords(b)));

/**
 * The first number of an address ("4350" of "4350 E State St"), which any address like it holds too: the
 * store reads only the places whose address has it. Null for an address without one.
 */
export const houseNumberOf = (address: string): string | null => wordsOf(address).join(" ").match(/\d+/)?.[0] ?? null;

/**
 * The known place near `typed` (its location token) that `typed` likely means: a similar name at a similar
 * address. Of several, the one whose name is nearest to what was typed, then the oldest; undefined when none.
 * Addresses are compared first, for few places nearby share one; names only at those that do.
 */
export function similarPlace<P extends NamedPlaceAt>(
	typed: { name: string; address: string; locToken: string },
	known: readonly P[],
): P | undefined {
	const near = new Set(nearTokensOf(typed.locToken));
	const [typedName, typedAddress] = [read(wordsOf(typed.name)), read(shortWords(typed.address))];
	const typedJoined = typedName.words.join("");
	let found: { place: P; distance: number } | undefined;
	for (const place of known) {
		if (!near.has(place.locToken) || !addressesMatch(typedAddress, read(shortWords(place.address)))) continue;
		const name = read(wordsOf(place.name));
		if (!namesMatch(typedName, name)) continue;
		const distance = editDistance(typedJoined, name.words.join(""));
		const better = !found || distance < found.distance || (distance === found.distance && place.id < found.place.id);
		if (better) found = { place, distance };
	}
	return found?.place;
}
