/** The parts of the benchmark that are not load: static delivery, Lighthouse, the search and bundle scripts, cold start. */
import { dirname } from "node:path";
import { measureBundles } from "../bundle.ts";
import { benchHistoryDb, HISTORY_BUDGET, type HistoryKind, type HistoryRow } from "../history.ts";
import { BUDGET, benchSearchDb, type SearchRow } from "../search.ts";
import { buildFloor, type buildHello, coldStart, moduleLoad } from "./coldstart.ts";
import { lighthouse } from "./lighthouse.ts";
import { atLeast, atMost, check, figures, section, unavailable } from "./report.ts";
import { checkStatic } from "./statics.ts";
import { fmt, mb, ms } from "./util.ts";

export async function staticSection(base: string) {
	section("Static delivery");
	const st = await checkStatic(base);
	figures.static = st;
	console.log(
		`  / : ${st.html.status}, ${st.html.encoding}, Cache-Control "${st.html.cache}", ETag ${st.html.etag ?? "none"}, ${fmt(st.html.bytes)} B`,
	);
	for (const a of st.assets)
		console.log(`  ${a.path}: offered br -> ${a.brotli}, offered gzip -> ${a.gzip}; ${a.cache}; ${fmt(a.bytes)} B`);
	check(
		"Static",
		"hashed assets: br/gzip + immutable",
		st.assetsOk,
		`${st.assets.filter((a) => a.ok).length}/${st.assets.length} assets ok`,
		"br when offered, gzip otherwise; public, max-age=31536000, immutable",
	);
	check(
		"Static",
		"HTML: no-cache + ETag",
		st.html.ok,
		`"${st.html.cache}", ETag ${st.html.etag ? "present" : "missing"}`,
		"no-cache and an ETag",
	);
	atMost(
		"Static",
		"repeat visit bytes (/ revalidated)",
		st.repeat.bytes,
		5000,
		(n) => `${fmt(n)} B`,
		true,
		`answered ${st.repeat.status}${st.html.etag ? " to If-None-Match" : " (no ETag to revalidate: a full download)"}; request ${fmt(st.repeat.sentBytes)} B; ` +
			`first visit ${fmt(st.firstVisitBytes)} B of bodies; the app's GET /api/auth/user adds ${fmt(st.repeat.authCheckBytes)} B`,
	);
}

export async function lighthouseSection(base: string, runs: number) {
	section(`Lighthouse: the landing page, median of ${runs} run(s) per preset`);
	const lh = await lighthouse(`${base}/`, runs);
	figures.lighthouse = lh;
	if ("unavailable" in lh) return void unavailable("Lighthouse", "Lighthouse", lh.unavailable);
	console.log(`  lighthouse ${lh.version}, ${lh.chrome}`);
	for (const p of ["mobile", "desktop"] as const) {
		const s = lh[p];
		console.log(
			`  ${p}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s.bestPractices}; ` +
				`FCP ${ms(s.fcpMs)}, LCP ${ms(s.lcpMs)}, TBT ${ms(s.tbtMs)}, CLS ${s.cls.toFixed(3)}`,
		);
	}
	const score = (n: number) => String(n);
	atLeast("Lighthouse", "performance (mobile)", lh.mobile.performance, 95, score);
	atLeast("Lighthouse", "performance (desktop)", lh.desktop.performance, 100, score);
	atLeast(
		"Lighthouse",
		"accessibility (worse preset)",
		Math.min(lh.mobile.accessibility, lh.desktop.accessibility),
		95,
		score,
	);
	atLeast(
		"Lighthouse",
		"best practices (worse preset)",
		Math.min(lh.mobile.bestPractices, lh.desktop.bestPractices),
		95,
		score,
	);
}

/** scripts/bench/search.ts's database-time figures (ours and the LIKE baseline), when it exports them. */
/** Runs one of the other benchmark scripts; a throw becomes "not available" in the summary, not a crash. */
async function other<T>(area: string, name: string, measure: () => Promise<T>): Promise<T | undefined> {
	try {
		return await measure();
	} catch (error) {
		unavailable(area, name, (error as Error).message);
		return undefined;
	}
}

/** scripts/bench/search.ts: search in the database alone against a naive LIKE + zip query over the same data. */
export async function searchDbSection(dbPath: string) {
	section("Search in the database alone (scripts/bench/search.ts)");
	const v = await other("Search", "db-time search vs LIKE", () => benchSearchDb(dbPath));
	if (!v) return;
	figures.searchDb = v;
	// Each budget holds for the slowest of the query/sort pairs, not only for all searches pooled.
	const worst = (pick: (r: SearchRow) => number, lowest = false) =>
		v.rows.reduce((a, r) => ((lowest ? pick(r) < pick(a) : pick(r) > pick(a)) ? r : a));
	const pair = (r: SearchRow) => `"${r.query}" by ${r.sort}`;
	const p50 = worst((r) => r.ours.p50);
	const p99 = worst((r) => r.ours.p99);
	const ratio = worst((r) => r.ratio, true);
	atMost(
		"Search",
		"db time p50, slowest query",
		p50.ours.p50,
		BUDGET.p50Ms,
		ms,
		false,
		`${pair(p50)}; all ${v.rows.length} pooled ${ms(v.p50)}`,
	);
	atMost(
		"Search",
		"db time p99, slowest query",
		p99.ours.p99,
		BUDGET.p99Ms,
		ms,
		false,
		`${pair(p99)}; all pooled ${ms(v.p99)}`,
	);
	atLeast(
		"Search",
		"p50 vs naive LIKE + zip, smallest ratio",
		ratio.ratio,
		BUDGET.minRatio,
		(x) => `${x.toFixed(0)}x`,
		`${pair(ratio)}: ${ms(ratio.ours.p50)} vs ${ms(ratio.baseline.p50)}`,
	);
}

/** scripts/bench/history.ts: each price history query's database time at the bench's million reports. */
export async function historyDbSection(dbPath: string) {
	section("Price history in the database alone (scripts/bench/history.ts)");
	const v = await other("History", "db-time price history", () => benchHistoryDb(dbPath));
	if (!v) return;
	figures.historyDb = v;
	// The budget holds for each query, so each kind reports its slowest row.
	const kinds = [...new Set(v.rows.map((r) => r.kind))] as HistoryKind[];
	for (const kind of kinds) {
		const rows = v.rows.filter((r) => r.kind === kind);
		const worst = rows.reduce((a: HistoryRow, r) => (r.p99 > a.p99 ? r : a));
		const p50 = Math.max(...rows.map((r) => r.p50));
		atMost(
			"History",
			`${kind} db time p99, slowest`,
			worst.p99,
			HISTORY_BUDGET.p99Ms,
			ms,
			false,
			`${worst.label}; p50 ${ms(p50)}`,
		);
	}
}

/** scripts/bench/bundle.ts: the first screen's JavaScript against a React + TanStack Router hello-world. */
export async function bundleSection() {
	section("Web payload (scripts/bench/bundle.ts)");
	const name = "initial JS gzip vs React+Router hello";
	const b = await other("Web payload", name, measureBundles);
	if (!b) return;
	figures.bundle = b;
	const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
	atMost(
		"Web payload",
		name,
		b.app.initialGzip / b.helloWorld.initialGzip,
		b.budget,
		(x) => `${x.toFixed(3)}x`,
		false,
		`${kb(b.app.initialGzip)} vs ${kb(b.helloWorld.initialGzip)} gzip (ours ${kb(b.app.initialBrotli)} brotli)`,
	);
}

/** Exec to the first 200 on /api/health, ours on the bench database against the hello-world binary; and sizes. */
export async function coldStartSection(
	bin: string,
	binBytes: number,
	dataDir: string,
	hello: ReturnType<typeof buildHello>,
	helloDir: string,
	runs: number,
) {
	section(`Cold start: exec to the first 200 on /api/health, median of ${runs} (after one warm-up)`);
	const ours = await coldStart([bin, "serve"], dataDir, runs);
	const raw = await coldStart([hello.path], helloDir, runs);
	const load = await moduleLoad(bin, runs);
	const floor = await coldStart([buildFloor(dirname(hello.path)).path], dataDir, runs);
	figures.coldStart = { ours, raw, floor, moduleLoad: load, binBytes, helloBytes: hello.bytes };
	console.log(`  CommonCents on this database: ${ours.samples.map(ms).join(", ")}`);
	console.log(`  hello-world binary:           ${raw.samples.map(ms).join(", ")}`);
	console.log(
		`  for reference, \`commoncents --version\` (loads the code; no database, no listening): median ${ms(load)}`,
	);
	console.log(
		`  for reference, a bare binary that opens this database, reads one row and listens: median ${ms(floor.median)} (${(floor.median / raw.median).toFixed(2)}x the hello-world)`,
	);
	atMost(
		"Cold start",
		"cold start vs hello-world binary",
		ours.median / raw.median,
		1.5,
		(x) => `${x.toFixed(2)}x`,
		false,
		`${ms(ours.median)} vs ${ms(raw.median)}`,
	);
	atMost("Cold start", "cold start", ours.median, 150, ms, true);
	atMost(
		"Cold start",
		"binary size vs hello-world binary",
		binBytes / hello.bytes,
		1.25,
		(x) => `${x.toFixed(3)}x`,
		false,
		`${mb(binBytes / 1e6)} vs ${mb(hello.bytes / 1e6)}`,
	);
}
