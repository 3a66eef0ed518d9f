/**
 * Price history in the database alone, on the bench database (scripts/bench/seed): the p50 and p99 of each history
 * query as its route runs it, without HTTP (the statements and the shaping of the answer):
 *   product history   the most reported products in the busiest neighbourhoods, and rare ones where they were
 *                     reported, over 30, 90 and 365 days (GET /api/products/history)
 *   good deal         the 90-day lows behind the badges of a page of 20 search results (src/reports/good-deal.ts)
 *   station history   the busiest stations, every fuel, over 7, 30 and 90 days (GET /api/gas/stations/:id/history)
 *   area trend        30 days of the area average in the neighbourhoods with the most stations (GET /api/gas/trend)
 * Budget: each query's p99 ≤ 10 ms.
 *   bun scripts/bench/history.ts [--db bench-data/commoncents.db] [--rounds 200]
 * benchHistoryDb(dbPath) returns the figures (scripts/bench/run.ts calls it). The database is migrated first, as the
 * server would on start, so pass a copy if the file must stay as it is.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import type { FuelType } from "../../db/enums.ts";
import { AREA_PRICES_SQL, STATION_PRICES_SQL, STATION_RECENT_SQL } from "../../src/data/fuel-prices.ts";
import { reportRows } from "../../src/data/report-rows.ts";
import { migrate, openDb } from "../../src/db.ts";
import { searchReportIds } from "../../src/deals/search.ts";
import { productHistory } from "../../src/history/products.ts";
import { PRODUCT_WINDOWS, STATION_WINDOWS } from "../../src/history/schemas.ts";
import { stationHistory } from "../../src/history/stations.ts";
import { areaTrend } from "../../src/history/trend.ts";
import { nearTokens, neighbourhood } from "../../src/lib/zip.ts";
import { goodDealIds } from "../../src/reports/good-deal.ts";
import { percentile } from "./lib/util.ts";
import { QUERIES } from "./search.ts";

export const HISTORY_BUDGET = { p99Ms: 10 };
/** How many of each are measured: the busiest neighbourhoods, the most and least reported products, stations. */
const BUSIEST_ZIPS = 10;
const PRODUCTS = 5;
const STATIONS = 20;
const TREND_FUELS: FuelType[] = ["regular", "diesel"];

export type HistoryKind = "product history" | "good deal" | "station history" | "area trend";
export type HistoryRow = {
	kind: HistoryKind;
	/** What was asked: the products and window, the search word, the window, the fuel. */
	label: string;
	/** Average points (or reports) each answer held. */
	size: number;
	p50: number;
	p99: number;
	samples: number;
	pass: boolean;
};
export type HistoryBench = {
	budget: number;
	pass: boolean;
	rows: HistoryRow[];
	plans: Record<string, string[]>;
};

type Sqlite = ReturnType<typeof openDb>["sqlite"];
type Product = { name: string; category: number; zip: string; reports: number };

/**
 * The zips whose neighbourhoods hold the most of something: `perToken` counts it per location token, and the
 * candidates are the busiest tokens themselves (a busy neighbourhood is made of busy places).
 */
function busiestZips(perToken: Map<string, number>, count: number): string[] {
	const candidates = [...perToken.entries()]
		.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
		.slice(0, 200)
		.map(([token]) => token.slice(1));
	const total = (zip: string) => nearTokens(zip).reduce((sum, t) => sum + (perToken.get(t) ?? 0), 0);
	return candidates
		.map((zip) => ({ zip, n: total(zip) }))
		.sort((a, b) => b.n - a.n || a.zip.localeCompare(b.zip))
		.slice(0, count)
		.map((z) => z.zip);
}

const countsBy = (sqlite: Sqlite, sql: string) =>
	new Map((sqlite.query(sql).all() as { token: string; n: number }[]).map((r) => [r.token, r.n]));

/** The most reported products (each asked in every busy zip) and some of the least, each where it was reported. */
function sampleProducts(sqlite: Sqlite, zips: readonly string[]): { common: Product[]; rare: Product[] } {
	const byProduct = sqlite
		.query(
			`SELECT normalized_name AS name, category_id AS category, count(*) AS n, min(product_name) AS productName,
         min(zip_code) AS zip
       FROM price_reports GROUP BY normalized_name, category_id ORDER BY n DESC, name`,
		)
		.all() as { name: string; category: number; n: number; productName: string; zip: string }[];
	const common = byProduct
		.slice(0, PRODUCTS)
		.flatMap((p) => zips.map((zip) => ({ name: p.productName, category: p.category, zip, reports: p.n })));
	const rare = byProduct
		.filter((p) => p.n >= 3)
		.slice(-PRODUCTS)
		.map((p) => ({ name: p.productName, category: p.category, zip: p.zip, reports: p.n }));
	return { common, rare };
}

/** Untimed runs before a row is timed, at the least: the code's compiled tiers settle in the first few dozen. */
const WARM_UP = 100;

/**
 * `rounds` timed runs of `run` over `inputs` distinct questions, after untimed runs of each: a server answering
 * them has their pages in its cache and its code compiled, so neither the first read of each from the file nor the
 * compiler is what is measured.
 */
const timed = async <T>(
	run: (i: number) => T | Promise<T>,
	size: (answer: T) => number,
	rounds: number,
	inputs: number,
) => {
	for (let i = 0; i < Math.max(WARM_UP, inputs); i++) await run(i);
	const times: number[] = [];
	let total = 0;
	for (let i = 0; i < rounds; i++) {
		const start = performance.now();
		const answer = await run(i);
		times.push(performance.now() - start);
		total += size(answer);
	}
	return { times, size: total / rounds };
};

export async function benchHistoryDb(
	dbPath: string,
	options: { rounds?: number; log?: (line: string) => void } = {},
): Promise<HistoryBench> {
	const rounds = options.rounds ?? 200;
	const log = options.log ?? console.log;
	if (!existsSync(dbPath)) throw new Error(`${dbPath} does not exist; make it with scripts/bench/seed`);
	const { sqlite, db } = openDb(dbPath);
	try {
		migrate(sqlite);
		const viewer = sqlite.query("SELECT id, zip_code AS zipCode FROM users ORDER BY rowid LIMIT 1").get() as {
			id: string;
			zipCode: string | null;
		} | null;
		if (!viewer) throw new Error(`${dbPath} has no shoppers`);
		const reportZips = busiestZips(
			countsBy(sqlite, "SELECT loc_token AS token, count(*) AS n FROM price_reports GROUP BY loc_token"),
			BUSIEST_ZIPS,
		);
		const stationZips = busiestZips(
			countsBy(sqlite, "SELECT loc_token AS token, count(*) AS n FROM gas_stations GROUP BY loc_token"),
			BUSIEST_ZIPS,
		);
		const products = sampleProducts(sqlite, reportZips);
		const stations = (
			sqlite
				.query(
					`SELECT station_id AS id, count(*) AS n FROM gas_price_reports GROUP BY station_id ORDER BY n DESC, id LIMIT ${STATIONS}`,
				)
				.all() as { id: number; n: number }[]
		).map((s) => s.id);
		log(
			`price history in the database: ${rounds} rounds a row; busiest report zips ${reportZips.join(", ")}; ` +
				`busiest station zips ${stationZips.join(", ")}`,
		);
		log(
			`products: common ${[...new Set(products.common.map((p) => `"${p.name}" (${p.reports})`))].join(", ")}; ` +
				`rare ${products.rare.map((p) => `"${p.name}" (${p.reports})`).join(", ")}`,
		);
		log(
			`${"kind".padEnd(17)}${"asked".padEnd(30)}${"size".padStart(7)}${"p50".padStart(9)}${"p99".padStart(9)}  budget`,
		);

		const rows: HistoryRow[] = [];
		const record = (kind: HistoryKind, label: string, { times, size }: { times: number[]; size: number }) => {
			const row: HistoryRow = {
				kind,
				label,
				size,
				p50: percentile(times, 50),
				p99: percentile(times, 99),
				samples: times.length,
				pass: percentile(times, 99) <= HISTORY_BUDGET.p99Ms,
			};
			rows.push(row);
			log(
				`${kind.padEnd(17)}${label.padEnd(30)}${size.toFixed(0).padStart(7)}${row.p50.toFixed(3).padStart(9)}` +
					`${row.p99.toFixed(2).padStart(9)}  ${row.pass ? "PASS" : "FAIL"}`,
			);
		};

		for (const [which, list] of Object.entries(products) as ["common" | "rare", Product[]][]) {
			for (const days of PRODUCT_WINDOWS) {
				const run = (i: number) => {
					const p = list[i % list.length]!;
					const query = { productName: p.name, categoryId: p.category, zipCode: p.zip, days };
					return productHistory(db, query, viewer.id);
				};
				record(
					"product history",
					`${which} products, ${days} days`,
					await timed(run, (h) => h.summary.reports, rounds, list.length),
				);
			}
		}

		// The page each zip's search shows (prepared untimed); the lows of its products are what the badges cost.
		for (const q of [...QUERIES.common.slice(0, 3), ...QUERIES.rare.slice(0, 2)]) {
			const pages = reportZips.map((zip) => {
				const near = neighbourhood(zip);
				const ids = searchReportIds(db, { q, category: null, zip, sort: "price", limit: 20, offset: 0 }, near);
				return {
					rows: reportRows(db, { ids: JSON.stringify(ids), viewer: viewer.id }),
					tokens: near.map((p) => p.token),
				};
			});
			const run = (i: number) => {
				const page = pages[i % pages.length]!;
				return { results: page.rows.length, good: goodDealIds(db, page.rows, page.tokens).size };
			};
			record("good deal", `a page of "${q}"`, await timed(run, (a) => a.results, rounds, pages.length));
		}

		for (const days of STATION_WINDOWS) {
			const run = (i: number) =>
				stationHistory(db, stations[i % stations.length]!, { days, fuelType: undefined, zipCode: null }, viewer);
			const points = (h: Awaited<ReturnType<typeof run>>) => h?.fuels.reduce((sum, f) => sum + f.points.length, 0) ?? 0;
			record("station history", `busy stations, ${days} days`, await timed(run, points, rounds, stations.length));
		}

		for (const fuel of TREND_FUELS) {
			const run = (i: number) => areaTrend(db, stationZips[i % stationZips.length]!, fuel);
			const stationsToday = (t: Awaited<ReturnType<typeof run>>) => t.days.at(-1)?.stations ?? 0;
			record("area trend", `busy zips, ${fuel}`, await timed(run, stationsToday, rounds, stationZips.length));
		}

		const plans = explainPlans(sqlite, stations[0]!, stationZips[0]!, viewer.id);
		for (const [name, plan] of Object.entries(plans)) log(`plan ${name}: ${plan.join(" | ")}`);
		const result: HistoryBench = { budget: HISTORY_BUDGET.p99Ms, pass: rows.every((r) => r.pass), rows, plans };
		const slowest = rows.reduce((a, r) => (r.p99 > a.p99 ? r : a));
		log(
			`slowest p99 ${slowest.p99.toFixed(2)} ms (${slowest.kind}, ${slowest.label}) against ${HISTORY_BUDGET.p99Ms} ms -> ${result.pass ? "PASS" : "FAIL"}`,
		);
		return result;
	} finally {
		sqlite.close();
	}
}

/** EXPLAIN QUERY PLAN of the fuel history's statements (the product statements are their module's). */
function explainPlans(sqlite: Sqlite, station: number, zip: string, viewer: string) {
	const explain = (sql: string, params: Record<string, string | number>) =>
		(sqlite.query(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((r) => r.detail);
	return {
		"station prices": explain(STATION_PRICES_SQL, { station, fuels: '["regular","premium"]', since: 0 }),
		"area prices": explain(AREA_PRICES_SQL, { places: JSON.stringify(nearTokens(zip)), fuel: "regular", since: 0 }),
		"station recent": explain(STATION_RECENT_SQL, { station, viewer, limit: 10 }),
	};
}

if (import.meta.main) {
	const { values } = parseArgs({
		args: Bun.argv.slice(2),
		options: {
			db: { type: "string", default: "bench-data/commoncents.db" },
			rounds: { type: "string", default: "200" },
		},
	});
	try {
		const result = await benchHistoryDb(values.db!, { rounds: Number(values.rounds) });
		process.exit(result.pass ? 0 : 1);
	} catch (error) {
		console.error(`bench-history: ${(error as Error).message}`);
		process.exit(2);
	}
}
