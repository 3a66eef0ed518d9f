/**
 * One result per store, product and price type ("3 reports agree"): a store's live reports of one product (its
 * normalized name and category) at one price type fold into the one that comes first in the search's order, which carries how
 * many shoppers spoke of the price there, how many of them agree with it, and when the latest did. A shopper's
 * confirmation counts as their report of the same price: the report path turns a same price at the same store
 * into one (src/reports/duplicates.ts), so two shoppers who agree are most often one report and a confirmation.
 */
import { cardKeyRows } from "../data/price-search.ts";
import type { StoreGroupJson } from "../data/report-rows.ts";
import type { Db } from "../db.ts";

/**
 * What the store's live reports of the card's product say: how many (with their confirmations), how many give
 * the card's price, and the latest one's time (reported or confirmed).
 */
export type StoreReports = { reports: number; agreeing: number; latestAt: string };

/** How much of the search's order a page may read, in pages: a product reported at every store many times over. */
const MAX_READ_PAGES = 32;
/** And at most this many ids whatever the offset: a deep page may come short rather than read the whole order. */
const MAX_READ_IDS = 4_000;

/** A card's StoreReports when more than one shopper spoke of the price at its store, else null. */
export function storeReportsOf(group: StoreGroupJson | null): StoreReports | null {
	if (group === null) return null;
	const [words, agreeing, latestAt] = JSON.parse(group) as [number, number, number];
	return words > 1 ? { reports: words, agreeing, latestAt: new Date(latestAt).toISOString() } : null;
}

/**
 * Of report ids in a search's order, those that lead their store's live reports of a product (in the same
 * order). The first of a group in the order leads it whatever the sort, so a longer read of the same order
 * folds to the same cards, longer: pages never show a store's product twice.
 */
export function foldStoreReports(db: Db, ids: readonly number[]): number[] {
	if (ids.length === 0) return [];
	const seen = new Set<string>();
	const leaders: number[] = [];
	for (const key of cardKeyRows(db, JSON.stringify(ids))) {
		// A store's regular and member (or sale, multi-buy) prices are cards of their own: each asks something else.
		const card = `${key.store}\u0000${key.category}\u0000${key.name}\u0000${key.type}`;
		if (seen.has(card)) continue;
		seen.add(card);
		leaders.push(key.id);
	}
	return leaders;
}

/**
 * The cards of a search's order up to `need` of them (the page's end), folded (foldStoreReports) from reads of
 * the order from its start (`read(limit)`): a quarter more than the cards first (most cards are their store's
 * only report of the product), then four times more while folding left too few and the order goes on, up to
 * MAX_READ_PAGES times the cards and MAX_READ_IDS ids.
 */
export function foldedCards(db: Db, read: (limit: number) => readonly number[], need: number): number[] {
	const most = Math.min(MAX_READ_PAGES * need, MAX_READ_IDS);
	for (let limit = Math.min(Math.ceil(1.25 * need), most); ; limit = Math.min(4 * limit, most)) {
		const ids = read(limit);
		const folded = foldStoreReports(db, ids);
		if (folded.length >= need || ids.length < limit || limit >= most) return folded;
	}
}
