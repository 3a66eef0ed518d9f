/**
 * The whole performance benchmark of the compiled binary against its budgets, on a copy of the bench database
 * (scripts/bench/seed). Not a test: it prints figures, each budget with its ratio and PASS/FAIL, and a summary.
 *
 *   scripts/bench/run [--db bench-data/commoncents.db] [--quick] [--json FILE] [--bin dist/commoncents]
 *                 [--password <bench/seed's>] [--user-prefix bench] [--common milk] [--rare kombucha]
 *                 [--only health,reads,search,writes,dense,static,lighthouse,searchdb,historydb,feeddb,plandb,bundle,coldstart]
 *                 [--skip-lighthouse] [--keep] [--build] [--write-docs] [--old OLD_BINARY]
 *
 * --build runs scripts/build.ts first (it replaces dist/, so not while others use the binary).
 * --old runs the "old" section: reporting a price (and searching) on OLD_BINARY and on this one, alternated
 * (scripts/bench/lib/binaries.ts), with the budget that a report costs the server no more CPU than before.
 * --write-docs puts the summary table between the bench:start and bench:end markers of docs/performance.md.
 *
 * Where a budget has a baseline (raw Bun.serve, the hello-world binary, the read-only p99) it is measured in the
 * same run, because the machine is shared and absolute figures drift; beside every load figure the server's own
 * CPU time per request is printed, which moves far less than req/s when others load the machine. wrk runs on
 * the same machine as the server. Exit status 1 when a budget fails.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { denseAreaPhase } from "./dense-area.ts";
import { feedDbSection } from "./feed.ts";
import { buildHello } from "./lib/coldstart.ts";
import { inspect } from "./lib/dataset.ts";
import { ensureLoadGenerator } from "./lib/load.ts";
import { oldBinarySection } from "./lib/old-binary.ts";
import { healthPhase, readsPhase, searchPhase, writesPhase } from "./lib/phases.ts";
import { atMost, budgets, figures, printSummary, section, writeDocs, writeJson } from "./lib/report.ts";
import {
	bundleSection,
	coldStartSection,
	historyDbSection,
	lighthouseSection,
	searchDbSection,
	staticSection,
} from "./lib/sections.ts";
import { type BenchUser, type Running, signIn, startProcess } from "./lib/server.ts";
import { fmt, machine, mb, memorySampler, ROOT, run } from "./lib/util.ts";
import { planDbSection } from "./plan.ts";
import { BENCH_PASSWORD } from "./seed.ts";

const { values: opt } = parseArgs({
	options: {
		db: { type: "string", default: join(ROOT, "bench-data/commoncents.db") },
		bin: { type: "string", default: join(ROOT, "dist/commoncents") },
		quick: { type: "boolean", default: false },
		json: { type: "string" },
		password: { type: "string", default: BENCH_PASSWORD },
		"user-prefix": { type: "string", default: "bench" },
		common: { type: "string", default: "milk" },
		rare: { type: "string", default: "kombucha" },
		only: { type: "string" },
		"skip-lighthouse": { type: "boolean", default: false },
		keep: { type: "boolean", default: false },
		build: { type: "boolean", default: false },
		"write-docs": { type: "boolean", default: false },
		old: { type: "string" },
		help: { type: "boolean", default: false },
	},
});
if (opt.help) {
	console.log(
		((await Bun.file(import.meta.path).text()).match(/\/\*\*([\s\S]*?)\*\//)?.[1] ?? "").replace(/^ \* ?/gm, ""),
	);
	process.exit(0);
}
if (opt.build) {
	console.log("==> Building dist/commoncents");
	run([process.execPath, "scripts/build.ts"]);
}
const dbPath = resolve(opt.db);
const bin = resolve(opt.bin);
for (const [what, path, hint] of [
	["database", dbPath, "make one with scripts/bench/seed (or --reports N for a smaller one), or pass --db PATH"],
	["binary", bin, "build it with: bun scripts/build.ts"],
	...(opt.old
		? ([["old binary", resolve(opt.old), "build one from an older commit, or leave out --old"]] as const)
		: []),
] as const) {
	if (!existsSync(path)) {
		console.error(`bench: no ${what} at ${path}; ${hint}`);
		process.exit(2);
	}
}

const SECTIONS = [
	"health",
	"reads",
	"search",
	"writes",
	"dense",
	"static",
	"lighthouse",
	"searchdb",
	"historydb",
	"feeddb",
	"plandb",
	"bundle",
	"coldstart",
	"old",
];
const only = opt.only ? opt.only.split(",").map((x) => x.trim()) : SECTIONS.filter((x) => x !== "old" || opt.old);
const unknown = only.filter((x) => !SECTIONS.includes(x));
if (unknown.length) {
	console.error(`bench: unknown --only section(s): ${unknown.join(", ")} (known: ${SECTIONS.join(", ")})`);
	process.exit(2);
}
const want = (name: string) => only.includes(name) && !(name === "lighthouse" && opt["skip-lighthouse"]);
const needsServer = ["health", "reads", "search", "writes", "dense", "static", "lighthouse"].some(want);

/** Seconds per load run, warm-up seconds, rounds of the health comparison, Lighthouse runs, cold starts. */
const T = opt.quick
	? { load: 4, warm: 1, rounds: 1, lighthouse: 1, cold: 5 }
	: { load: 10, warm: 2, rounds: 2, lighthouse: 3, cold: 5 };

const host = machine();
const commit = run(["git", "rev-parse", "--short", "HEAD"], { allowFail: true }).out.trim();
const binStat = statSync(bin);
console.log(`CommonCents benchmark${opt.quick ? " (--quick)" : ""}, ${new Date().toISOString()}`);
console.log(
	`  commit ${commit || "?"}; binary ${bin} (${mb(binStat.size / 1e6)}, built ${binStat.mtime.toISOString()})`,
);
const stale = run(["git", "ls-files", "src", "web", "db"], { allowFail: true })
	.out.split("\n")
	.filter((f) => f && existsSync(join(ROOT, f)) && statSync(join(ROOT, f)).mtimeMs > binStat.mtimeMs);
if (stale.length)
	console.log(
		`  NOTE: ${stale.length} source file(s) changed after the binary was built (e.g. ${stale[0]}); rebuild with scripts/build to measure them`,
	);
console.log(
	`  machine: ${host.model}, ${host.cores} cores, ${host.memGb} GiB; load average ${host.load}; Bun ${Bun.version}`,
);

const work = mkdtempSync(join(tmpdir(), "commoncents-bench-"));
const dataDir = join(work, "data");
const copy = join(dataDir, "commoncents.db");
mkdirSync(dataDir, { recursive: true });
for (const suffix of ["", "-wal"]) if (existsSync(dbPath + suffix)) copyFileSync(dbPath + suffix, copy + suffix);
console.log(`  database: ${dbPath} (${mb(statSync(dbPath).size / 1e6)}), copied to ${copy} for this run`);

const data = inspect(copy, [opt.common, opt.rare], opt["user-prefix"]);
figures.dataset = { ...data, candidates: data.candidates.length, catalogue: data.catalogue.length };
console.log(
	`  data: ${fmt(data.reports)} price reports (${fmt(data.activeReports)} live), ${fmt(data.users)} users, ` +
		`${fmt(data.stations)} gas stations, ${fmt(data.gasReports)} fuel reports; live reports naming each query word: ` +
		Object.entries(data.hits)
			.map(([w, n]) => `"${w}" ${fmt(n)}`)
			.join(", "),
);

if (want("old") && !opt.old) {
	console.error("bench: the old section compares with an older binary: pass --old OLD_BINARY");
	process.exit(2);
}
const gen = ["health", "reads", "search", "writes", "dense", "old"].some(want) ? ensureLoadGenerator() : undefined;
if (gen) {
	const where = `${gen.version}, on this machine (${host.cores} cores shared with the server: the load generator's CPU time is taken from the server's)`;
	console.log(`  load generator: ${where}`);
	figures.loadGenerator = where;
}

/**
 * The dense area gets a copy of its own and a server of its own, so that the sections after it (the database
 * timings) measure the bench database as seeded.
 */
async function denseSection(users: BenchUser[]) {
	const denseDir = join(work, "dense");
	mkdirSync(denseDir);
	for (const suffix of ["", "-wal"])
		if (existsSync(copy + suffix)) copyFileSync(copy + suffix, join(denseDir, `commoncents.db${suffix}`));
	const dense = await startProcess([bin, "serve"], denseDir);
	try {
		const zip = data.zips[Math.floor(data.zips.length / 2)] ?? data.zips[0]!;
		await denseAreaPhase(gen!, dense, users, join(denseDir, "commoncents.db"), zip, opt.common, T);
	} finally {
		await dense.stop();
	}
}

const hello = buildHello(work);
const helloDir = join(work, "hello-data");
let server: Running | undefined;
let helloServer: Running | undefined;
try {
	if (needsServer) {
		server = await startProcess([bin, "serve"], dataDir);
		const memory = memorySampler(server.pid);
		if (want("health")) {
			helloServer = await startProcess([hello.path], helloDir);
			await healthPhase(gen!, server, helloServer, T);
			await helloServer.stop();
			helloServer = undefined;
		}
		if (want("reads") || want("search") || want("writes") || want("dense")) {
			const users = await signIn(server.base, data.candidates, opt.password, data.zips, 8);
			const loggedIn = users.filter((u) => u.how === "login").length;
			console.log(
				`\n  signed in ${users.length} users: ${loggedIn} by POST /api/auth/login, ${users.length - loggedIn} registered` +
					(loggedIn === 0
						? ` (no "${opt["user-prefix"]}*" user took the password; see --password and --user-prefix)`
						: ""),
			);
			if (want("reads")) await readsPhase(gen!, server, users, T);
			if (want("search") || want("writes")) {
				const search = await searchPhase(gen!, server, users, data.zips, opt.common, opt.rare, T);
				const peak = memory.peak();
				figures.memory = peak;
				section("Memory under the search load");
				atMost(
					"Memory",
					"server peak RSS (VmHWM)",
					peak.hwmMb,
					250,
					mb,
					false,
					`at the highest sample VmRSS ${mb(peak.rssMb)} = anonymous ${mb(peak.anonMb)} + file-backed ${mb(peak.fileMb)}`,
				);
				if (want("writes")) await writesPhase(gen!, server, users, data, search, T);
			}
			if (want("dense")) await denseSection(users);
		}
		if (want("static")) await staticSection(server.base);
		if (want("lighthouse")) await lighthouseSection(server.base, T.lighthouse);
		memory.stop();
		const code = await server.stop();
		console.log(
			`\n  server stopped (exit ${code}); SQLITE_BUSY / "database is locked" lines in its output over the whole run: ${server.busyLines()}`,
		);
		const notable = server.notable();
		if (notable.length)
			console.log(
				`  its warnings, errors and other non-request lines (first ${notable.length}):\n    ${notable.map((l) => l.slice(0, 300)).join("\n    ")}`,
			);
		server = undefined;
	}
	if (want("searchdb")) await searchDbSection(copy);
	if (want("historydb")) await historyDbSection(copy);
	if (want("feeddb")) await feedDbSection(copy);
	if (want("plandb")) await planDbSection(copy);
	if (want("bundle")) await bundleSection();
	if (want("coldstart")) await coldStartSection(bin, binStat.size, dataDir, hello, helloDir, T.cold);
	if (want("old")) await oldBinarySection(gen!, { old: resolve(opt.old!), new: bin }, dbPath, opt.quick);
} finally {
	await helloServer?.stop();
	await server?.stop();
	if (!opt.keep) rmSync(work, { recursive: true, force: true });
	else console.log(`kept ${work}`);
}

printSummary();
if (opt.json)
	writeJson(opt.json, {
		date: new Date().toISOString(),
		commit,
		quick: opt.quick,
		only: opt.only ?? "all",
		machine: host,
		database: dbPath,
	});
if (opt["write-docs"])
	writeDocs(join(ROOT, "docs/performance.md"), {
		date: new Date().toISOString().slice(0, 10),
		machine: `${host.model}, ${host.cores} cores, ${host.memGb} GiB, Bun ${Bun.version}`,
		scope: `${opt.only ? `sections ${opt.only}` : "every section"}${opt.quick ? " (--quick)" : ""}`,
	});
process.exit(budgets.some((b) => b.pass === false) ? 1 : 0);
