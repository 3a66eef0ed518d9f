/**
 * Keeping the search index in one piece. Every write adds a small segment to price_search and FTS5 merges them
 * only four at a time, so a busy server's index is soon a dozen segments, and each word at each place is then
 * looked up in each of them: a page's index read grows with every segment (docs/performance.md, "Search at the
 * limit"). Merged back into one, the read is what it was, however many reports match.
 */
import { mergeSearchIndex, searchIndexSegments } from "../data/price-search.ts";
import type { Db } from "../db.ts";

/** Past this many segments the index is merged whole (fewer cost a search little; each merge rewrites it all). */
export const SEGMENTS_BEFORE_MERGE = 8;
/** Pages merged per step: a few milliseconds, between which requests are served. */
const PAGES_PER_STEP = 16;
/** A bound on the steps of one merge, should FTS5 never say it is done. */
const MAX_STEPS = 100_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Merges the search index into one segment when it has more than `threshold`, a few pages at a time with the
 * event loop free between steps; the steps taken (0 when there was nothing to do).
 */
export async function keepSearchIndexMerged(db: Db, threshold = SEGMENTS_BEFORE_MERGE): Promise<number> {
	if (searchIndexSegments(db) <= threshold) return 0;
	let steps = 0;
	while (steps < MAX_STEPS && mergeSearchIndex(db, PAGES_PER_STEP)) {
		steps++;
		await nextTurn();
	}
	return steps;
}
