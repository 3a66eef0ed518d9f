/**
 * One result per store and product (issue 42, "3 reports agree"): a store's live reports of one product fold
 * into the one that comes first in the search's order, which carries how many there are and how many agree.
 * To be written by the like-with-like work; until then every report is its own card.
 */
import type { Db } from "../db.ts";
import type { SearchSort } from "./schemas.ts";

/** A store's live reports of the card's product: how many, how many give the card's price, the latest's time. */
export type StoreReports = { reports: number; agreeing: number; latestAt: string };

/**
 * Of report ids in a search's order, those that lead their store's live reports of a product (in the same
 * order), and for each of those its StoreReports when the store has more than the one report.
 */
export function foldStoreReports(
	_db: Db,
	ids: readonly number[],
	_sort: SearchSort,
): { ids: number[]; storeReports: Map<number, StoreReports> } {
	return { ids: [...ids], storeReports: new Map() };
}
