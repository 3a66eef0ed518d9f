/**
 * What search remembers between requests, each piece exact for as long as it is kept: a product's good-deal low
 * until its history moves (src/reports/good-deal-lows.ts), a word's expansions until the vocabulary grows, and
 * a ZIP's neighbourhood, which is reference data. Lives in the runtime; search works without it, reading all.
 */
import { vocabulary, vocabularyVersion } from "../data/price-search.ts";
import type { Db } from "../db.ts";
import { type NearPlace, neighbourhood } from "../lib/zip.ts";
import { GoodDealLows } from "../reports/index.ts";

/** Words, or neighbourhoods, kept at most: past this the memory starts again (a handful of milliseconds). */
const MAX_KEPT = 20_000;

/** The vocabulary's words that start with a word, the first `limit`, as of the vocabulary's version. */
class WordExpansions {
	private version = -1;
	private readonly terms = new Map<string, string[]>();

	of(db: Db, word: string, limit: number): string[] {
		// The vocabulary only grows (every word ever indexed): its newest row says whether it has.
		const version = vocabularyVersion(db);
		if (version !== this.version) {
			this.terms.clear();
			this.version = version;
		}
		const key = `${limit}:${word}`;
		let terms = this.terms.get(key);
		if (!terms) {
			terms = vocabulary(db)(word, `${word}\u{10FFFF}`, limit);
			if (this.terms.size >= MAX_KEPT) this.terms.clear();
			this.terms.set(key, terms);
		}
		return terms;
	}
}

export class SearchMemory {
	readonly lows = new GoodDealLows();
	readonly words = new WordExpansions();
	private readonly places = new Map<string, readonly NearPlace[]>();

	/** neighbourhood(zip, areas), computed once per ZIP and size. */
	near(zip: string, areas: number): readonly NearPlace[] {
		const key = `${areas}:${zip}`;
		let near = this.places.get(key);
		if (!near) {
			near = neighbourhood(zip, areas);
			if (this.places.size >= MAX_KEPT) this.places.clear();
			this.places.set(key, near);
		}
		return near;
	}
}
