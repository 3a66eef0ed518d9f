/**
 * The searches of issue 42 in the database alone, beside the word search of the same run (scripts/bench/search.ts
 * calls this with its zips):
 *   filter        a chip alone: "groceries", the biggest group (its own category and the five foods under it)
 *   words+filter  "milk" with the groceries chip
 *   word          "milk" alone, the yardstick: the ratio is each one's p50 over the word's, per sort
 * around the dense zips (the neighbourhoods with the most live reports), as GET /api/search runs them.
 * Then what a store's card costs the word search (src/deals/store-cards.ts): the page's ids read alone, as before
 * the folding, against the longer read and its folding. And the nearest reports of a quiet zip
 * (src/deals/nearest.ts), found or not, for the feed's quiet area and the empty search.
 */
import type { Db } from "../../src/db.ts";
import { nearestReports } from "../../src/deals/nearest.ts";
import type { SearchSort } from "../../src/deals/schemas.ts";
import { searchReportIds, searchReports } from "../../src/deals/search.ts";
import { foldedCards } from "../../src/deals/store-cards.ts";
import { neighbourhood } from "../../src/lib/zip.ts";
import { percentile } from "./lib/util.ts";

const SORTS: SearchSort[] = ["price", "distance", "recent"];
const LIMIT = 20;
const WORD = "milk";
const FILTER = "groceries";
/** Far from every place the bench has shoppers in (as scripts/bench/feed.ts's quiet zips). */
const QUIET_ZIPS = ["59001", "58601", "89301", "04730", "99701"];

type Timing = { p50: number; p99: number; samples: number };
const timing = (xs: number[]): Timing => ({ p50: percentile(xs, 50), p99: percentile(xs, 99), samples: xs.length });

export type FilterRow = {
	search: "filter" | "words+filter";
	sort: SearchSort;
	results: number;
	ours: Timing;
	word: Timing;
	ratio: number;
};
export type FoldRow = { sort: SearchSort; page: Timing; folded: Timing; search: Timing };
export type NearestRow = { what: string; found: number; miles: number | null; ours: Timing };
export type FilterBench = { zips: string[]; rows: FilterRow[]; fold: FoldRow[]; nearest: NearestRow[] };

/** `rounds` timed runs of `run`, after a few untimed ones; the average of `count` over the timed runs. */
async function timed<T>(run: (i: number) => T | Promise<T>, rounds: number, count: (answer: T) => number = () => 0) {
	for (let i = 0; i < 10; i++) await run(i);
	const times: number[] = [];
	let total = 0;
	for (let i = 0; i < rounds; i++) {
		const start = performance.now();
		const answer = await run(i);
		times.push(performance.now() - start);
		total += count(answer);
	}
	return { timing: timing(times), average: total / rounds };
}

const ms = (t: Timing) => `${t.p50.toFixed(3).padStart(8)}${t.p99.toFixed(2).padStart(8)}`;

export async function benchFilterSearch(
	db: Db,
	{ zips, viewerId, rounds, log }: { zips: string[]; viewerId: string; rounds: number; log: (line: string) => void },
): Promise<FilterBench> {
	const at = (i: number) => zips[i % zips.length]!;
	const search = (q: string, category: string | null, sort: SearchSort) => (i: number) =>
		searchReports(db, { q, category, zip: at(i), sort, limit: LIMIT, offset: 0, viewerId });

	log(`chips around the ${zips.length} densest zips: "${FILTER}" alone and with "${WORD}", against "${WORD}" alone`);
	log(
		`${"search".padEnd(14)}${"sort".padEnd(9)}${"hits".padStart(5)}  ${"p50".padStart(8)}${"p99".padStart(8)}  ${"word p50".padStart(9)}${"p99".padStart(8)}  ratio`,
	);
	const rows: FilterRow[] = [];
	for (const sort of SORTS) {
		const word = (await timed(search(WORD, null, sort), rounds)).timing;
		for (const [kind, q] of [
			["filter", ""],
			["words+filter", WORD],
		] as const) {
			const ours = await timed(search(q, FILTER, sort), rounds, (r) => r.length);
			const ratio = ours.timing.p50 / Math.max(word.p50, 1e-6);
			rows.push({ search: kind, sort, results: ours.average, ours: ours.timing, word, ratio });
			log(
				`${kind.padEnd(14)}${sort.padEnd(9)}${ours.average.toFixed(0).padStart(5)}  ${ms(ours.timing)}  ${ms(word)}  ${ratio.toFixed(2)}x`,
			);
		}
	}

	log(`a store's card: "${WORD}"'s page of ${LIMIT} ids alone, its read for folding and the fold, the whole search`);
	const fold: FoldRow[] = [];
	for (const sort of SORTS) {
		const params = (i: number) => ({ q: WORD, category: null, zip: at(i), sort, offset: 0 });
		const page = (await timed((i) => searchReportIds(db, { ...params(i), limit: LIMIT }), rounds)).timing;
		const folded = (
			await timed((i) => {
				const near = neighbourhood(at(i));
				return foldedCards(db, (limit) => searchReportIds(db, { ...params(i), limit }, near), LIMIT);
			}, rounds)
		).timing;
		const whole = (await timed(search(WORD, null, sort), rounds)).timing;
		fold.push({ sort, page, folded, search: whole });
		log(`  ${sort.padEnd(9)} page ${ms(page)}   read+fold ${ms(folded)}   search ${ms(whole)}`);
	}

	log(`nearest reports past the neighbourhood, around ${QUIET_ZIPS.length} quiet zips`);
	const nearest: NearestRow[] = [];
	const quiet = (i: number) => QUIET_ZIPS[i % QUIET_ZIPS.length]!;
	for (const [what, q, category] of [
		[`"${WORD}"`, WORD, null],
		[`the ${FILTER} chip`, "", FILTER],
		['"dragon fruit"', "dragon fruit", null],
		['"kombucha" in electronics', "kombucha", "electronics"],
	] as const) {
		const answers = await Promise.all(QUIET_ZIPS.map((_, i) => nearestReports(db, { q, category, zip: quiet(i) })));
		const found = answers.filter(Boolean);
		const ours = (await timed((i) => nearestReports(db, { q, category, zip: quiet(i) }), Math.max(50, rounds / 4)))
			.timing;
		const miles = found.length ? Math.max(...found.map((a) => a!.miles)) : null;
		nearest.push({ what, found: found.length, miles, ours });
		log(`  ${what.padEnd(28)} found ${found.length}/${QUIET_ZIPS.length} (farthest ${miles ?? "-"} mi)  ${ms(ours)}`);
	}
	return { zips, rows, fold, nearest };
}
