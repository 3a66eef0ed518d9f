/**
 * The home feed in the database alone, on the bench database (scripts/bench/seed): the p50 and p99 of the feed's
 * answer as GET /api/feed computes it when its cache has nothing (the neighbourhood's lists and the shopper's alert
 * hits, without HTTP), beside the search of one common word (the page of 20, rows and all, as GET /api/search runs
 * it) around the same zips in the same run, and their ratio:
 *   dense    the 10 neighbourhoods with the most live reports
 *   sparse   the centres of the towns and rural places (scripts/bench/seed-places.ts)
 *   quiet    zips far from every place the bench has shoppers in: the nearest reports are looked for
 *   widened  the quiet zips' feed widened to their nearest reports (the `areas` the quiet answer offers)
 * The clock is the newest report's time, so "today" holds the same reports whenever the file is measured.
 * Budget: the feed's p99 ≤ 20 ms around the dense and the sparse zips, whose feeds every shopper opens on; the quiet
 * and widened feeds are measured beside them (a quiet town's first screen; the widened feed is a tap away).
 *   bun scripts/bench/feed.ts [--db bench-data/commoncents.db] [--rounds 200] [--word milk]
 * benchFeedDb(dbPath) returns the figures (scripts/bench/run.ts calls it). The database is migrated first, as the
 * server would on start, so pass a copy if the file must stay as it is.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { migrate, openDb } from "../../src/db.ts";
import { searchReports } from "../../src/deals/search.ts";
import { alertHitItems, areaFeed, FEED_POOL } from "../../src/feed/feed.ts";
import { NEAREST_AREAS, nearTokens } from "../../src/lib/zip.ts";
import { atMost, figures, section, unavailable } from "./lib/report.ts";
import { percentile } from "./lib/util.ts";
import { CLUSTERS } from "./seed-places.ts";

export const FEED_BUDGET = { p99Ms: 20 };
/** The groups the budget holds for. */
const BUDGETED: readonly FeedGroup[] = ["dense", "sparse"];
const DENSE_ZIPS = 10;
/** Far from every cluster of the bench's places: Montana's plains, North Dakota, Nevada, Maine, Alaska. */
const QUIET_ZIPS = ["59001", "58601", "89301", "04730", "99701"];
/** Untimed runs before a group is timed, at the least (see scripts/bench/history.ts). */
const WARM_UP = 100;

type Timing = { p50: number; p99: number; samples: number };
export type FeedGroup = "dense" | "sparse" | "quiet" | "widened";
export type FeedRow = {
	group: FeedGroup;
	zips: string[];
	/** Average items in a feed (its four lists), and whether it was quiet, per answer. */
	items: number;
	quiet: number;
	feed: Timing;
	/** The common word's search around the same zips; null where the feed is widened. */
	search: Timing | null;
	/** Feed p50 over search p50. */
	ratio: number | null;
	/** Within the budget; null for a group it does not hold for. */
	pass: boolean | null;
};
export type FeedBench = { budget: number; pass: boolean; word: string; pool: number; rows: FeedRow[] };

type Sqlite = ReturnType<typeof openDb>["sqlite"];

const timing = (xs: number[]): Timing => ({ p50: percentile(xs, 50), p99: percentile(xs, 99), samples: xs.length });

/** `rounds` timed runs of `run` over `inputs` distinct questions, after untimed runs of each. */
async function timed<T>(run: (i: number) => T | Promise<T>, rounds: number, inputs: number) {
	for (let i = 0; i < Math.max(WARM_UP, inputs); i++) await run(i);
	const times: number[] = [];
	const answers: T[] = [];
	for (let i = 0; i < rounds; i++) {
		const start = performance.now();
		answers.push(await run(i));
		times.push(performance.now() - start);
	}
	return { times, answers };
}

/** The zips whose neighbourhoods hold the most live reports (among the busiest places themselves). */
function denseZips(sqlite: Sqlite, count: number): string[] {
	const perToken = new Map(
		(
			sqlite
				.query(
					"SELECT loc_token AS token, count(*) AS n FROM price_reports WHERE is_active = 1 AND is_expired = 0 GROUP BY loc_token",
				)
				.all() as { token: string; n: number }[]
		).map((r) => [r.token, r.n]),
	);
	const total = (zip: string) => nearTokens(zip).reduce((sum, t) => sum + (perToken.get(t) ?? 0), 0);
	return [...perToken.entries()]
		.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
		.slice(0, 200)
		.map(([token]) => ({ zip: token.slice(1), n: total(token.slice(1)) }))
		.sort((a, b) => b.n - a.n || a.zip.localeCompare(b.zip))
		.slice(0, count)
		.map((z) => z.zip);
}

export async function benchFeedDb(
	dbPath: string,
	options: { rounds?: number; word?: string; log?: (line: string) => void } = {},
): Promise<FeedBench> {
	const rounds = options.rounds ?? 200;
	const word = options.word ?? "milk";
	const log = options.log ?? console.log;
	if (!existsSync(dbPath)) throw new Error(`${dbPath} does not exist; make it with scripts/bench/seed`);
	const { sqlite, db } = openDb(dbPath);
	try {
		migrate(sqlite);
		const now = (sqlite.query("SELECT max(created_at) AS at FROM price_reports").get() as { at: number | null }).at;
		if (now === null) throw new Error(`${dbPath} has no price reports`);
		// The shopper with the most alerts: their hits are read on every feed.
		const viewer = sqlite
			.query("SELECT user_id AS id FROM price_alerts GROUP BY user_id ORDER BY count(*) DESC, user_id LIMIT 1")
			.get() as { id: string } | null;
		const viewerId =
			viewer?.id ?? (sqlite.query("SELECT id FROM users ORDER BY rowid LIMIT 1").get() as { id: string }).id;
		const feed = async (zip: string, areas: number) => {
			const area = await areaFeed(db, zip, areas, now);
			const hits = await alertHitItems(db, viewerId, zip, now);
			return { ...area, alertHits: hits };
		};
		const size = (f: Awaited<ReturnType<typeof feed>>) =>
			f.drops.length + f.newest.length + f.goodDeals.length + f.alertHits.length;
		const search = (zip: string) =>
			searchReports(db, { q: word, category: null, zip, sort: "price", limit: 20, offset: 0, viewerId });

		const quiet: string[] = [];
		for (const zip of QUIET_ZIPS) if (size(await feed(zip, NEAREST_AREAS)) === 0) quiet.push(zip);
		const widened: { zip: string; areas: number }[] = [];
		for (const zip of quiet) {
			const { nearest } = await areaFeed(db, zip, NEAREST_AREAS, now);
			if (nearest) widened.push({ zip, areas: nearest.areas });
		}
		const groups: { group: FeedGroup; asks: { zip: string; areas: number }[] }[] = [
			{ group: "dense", asks: denseZips(sqlite, DENSE_ZIPS).map((zip) => ({ zip, areas: NEAREST_AREAS })) },
			{
				group: "sparse",
				asks: CLUSTERS.filter((c) => c.kind !== "metro").map((c) => ({ zip: c.centre, areas: NEAREST_AREAS })),
			},
			{ group: "quiet", asks: quiet.map((zip) => ({ zip, areas: NEAREST_AREAS })) },
			{ group: "widened", asks: widened },
		];
		log(`the home feed in the database: ${rounds} rounds a group; the search of "${word}" beside it`);
		log(
			`${"group".padEnd(9)}${"zips".padStart(5)}${"items".padStart(7)}${"quiet".padStart(7)}${"feed p50".padStart(10)}` +
				`${"p99".padStart(8)}${"search p50".padStart(12)}${"p99".padStart(8)}${"ratio".padStart(8)}  budget`,
		);
		const rows: FeedRow[] = [];
		for (const { group, asks } of groups) {
			if (asks.length === 0) continue;
			const ask = (i: number) => asks[i % asks.length]!;
			const fed = await timed((i) => feed(ask(i).zip, ask(i).areas), rounds, asks.length);
			const searched = group === "widened" ? null : await timed((i) => search(ask(i).zip), rounds, asks.length);
			const f = timing(fed.times);
			const s = searched && timing(searched.times);
			const row: FeedRow = {
				group,
				zips: asks.map((a) => (a.areas === NEAREST_AREAS ? a.zip : `${a.zip}@${a.areas}`)),
				items: fed.answers.reduce((sum, a) => sum + size(a), 0) / rounds,
				quiet: fed.answers.filter((a) => size(a) === 0).length / rounds,
				feed: f,
				search: s,
				ratio: s && s.p50 > 0 ? f.p50 / s.p50 : null,
				pass: BUDGETED.includes(group) ? f.p99 <= FEED_BUDGET.p99Ms : null,
			};
			rows.push(row);
			const num = (x: number | undefined, digits = 3) => (x === undefined ? "-" : x.toFixed(digits));
			log(
				`${group.padEnd(9)}${String(asks.length).padStart(5)}${row.items.toFixed(1).padStart(7)}` +
					`${row.quiet.toFixed(2).padStart(7)}${num(f.p50).padStart(10)}${num(f.p99, 2).padStart(8)}` +
					`${num(s?.p50).padStart(12)}${num(s?.p99, 2).padStart(8)}` +
					`${(row.ratio === null ? "-" : `${row.ratio.toFixed(1)}x`).padStart(8)}  ${row.pass === null ? "-" : row.pass ? "PASS" : "FAIL"}`,
			);
		}
		for (const row of rows) log(`  ${row.group}: ${row.zips.join(" ")}`);
		const budgeted = rows.filter((r) => r.pass !== null);
		const pass = budgeted.every((r) => r.pass);
		const result: FeedBench = { budget: FEED_BUDGET.p99Ms, pass, word, pool: FEED_POOL, rows };
		const slowest = budgeted.reduce((a, r) => (r.feed.p99 > a.feed.p99 ? r : a));
		log(
			`slowest budgeted p99 ${slowest.feed.p99.toFixed(2)} ms (${slowest.group}) against ${FEED_BUDGET.p99Ms} ms -> ${pass ? "PASS" : "FAIL"}`,
		);
		return result;
	} finally {
		sqlite.close();
	}
}

/** scripts/bench/run.ts's section: the feed's slowest budgeted p99, and each group's figures beside it. */
export async function feedDbSection(dbPath: string) {
	section("The home feed in the database alone (scripts/bench/feed.ts)");
	let v: FeedBench;
	try {
		v = await benchFeedDb(dbPath);
	} catch (error) {
		unavailable("Feed", "db-time home feed", (error as Error).message);
		return;
	}
	figures.feedDb = v;
	const ms = (x: number) => `${x.toFixed(2)} ms`;
	const budgeted = v.rows.filter((r) => r.pass !== null);
	const worst = budgeted.reduce((a, r) => (r.feed.p99 > a.feed.p99 ? r : a));
	const others = v.rows
		.map((r) => `${r.group} p50 ${ms(r.feed.p50)}${r.ratio === null ? "" : ` (${r.ratio.toFixed(1)}x search)`}`)
		.join(", ");
	atMost(
		"Feed",
		"db-time home feed p99, slowest",
		worst.feed.p99,
		FEED_BUDGET.p99Ms,
		ms,
		false,
		`${worst.group}; ${others}`,
	);
}

if (import.meta.main) {
	const { values } = parseArgs({
		args: Bun.argv.slice(2),
		options: {
			db: { type: "string", default: "bench-data/commoncents.db" },
			rounds: { type: "string", default: "200" },
			word: { type: "string", default: "milk" },
		},
	});
	try {
		const result = await benchFeedDb(values.db!, { rounds: Number(values.rounds), word: values.word });
		process.exit(result.pass ? 0 : 1);
	} catch (error) {
		console.error(`bench-feed: ${(error as Error).message}`);
		process.exit(2);
	}
}
