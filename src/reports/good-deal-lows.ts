/**
 * The good-deal lows a server has read, remembered exactly: a product's low near a neighbourhood changes only when
 * its history moves, which raises the product's version (db/schema/history.ts), or when its oldest price leaves
 * the window. Search asks for the lows of every product on its page; a busy product's low reads hundreds of
 * prices, and the same few products are asked for around the same neighbourhoods all day.
 */
import { type ProductLow, productLows, productVersions } from "../data/price-history.ts";
import type { Db } from "../db.ts";

type Product = readonly [name: string, category: number];
type Entry = { version: number; low: ProductLow | null };

export class GoodDealLows {
	private readonly entries = new Map<string, Entry>();

	constructor(private readonly maxEntries = 20_000) {}

	/**
	 * What productLows reads (the lowest trustworthy price since `since` at `places`, a JSON array of location
	 * tokens, per product in the order given), from memory where the product's version and window still hold.
	 */
	read(db: Db, products: readonly Product[], bindings: { places: string; since: number }): (ProductLow | null)[] {
		// Read before the lows: a write in between leaves a remembered low under an older version, so stale at once.
		const versions = productVersions(db, products);
		const keys = products.map(([name, category]) => `${category}\u0000${name}\u0000${bindings.places}`);
		const lows: (ProductLow | null)[] = [];
		const missing: number[] = [];
		products.forEach((_, i) => {
			const hit = this.entries.get(keys[i]!);
			const inWindow = !hit?.low || hit.low.oldestAt >= bindings.since;
			if (hit && hit.version === versions[i] && inWindow) lows[i] = hit.low;
			else missing.push(i);
		});
		if (missing.length === 0) return lows;
		const read = productLows(
			db,
			missing.map((i) => products[i]!),
			bindings,
		);
		missing.forEach((i, j) => {
			lows[i] = read[j]!;
			this.remember(keys[i]!, { version: versions[i]!, low: read[j]! });
		});
		return lows;
	}

	private remember(key: string, entry: Entry) {
		// Oldest first out: a Map keeps insertion order, and a refreshed key moves to the back.
		this.entries.delete(key);
		if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
		this.entries.set(key, entry);
	}
}
