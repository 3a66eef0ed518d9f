/**
 * The whole performance benchmark of the compiled binary against its budgets, on a copy of the bench database
 * (scripts/seed-bench). Not a test: it prints figures, each budget with its ratio and PASS/FAIL, and a summary.
 *
 *   scripts/bench [--db bench-data/commoncents.db] [--quick] [--json FILE] [--bin dist/commoncents]
 *                 [--password BenchPass1!] [--user-prefix bench] [--common milk] [--rare kombucha]
 *                 [--skip-lighthouse] [--keep]
 *
 * Every budget is a ratio against a baseline measured in the same run where one exists, because the machine
 * is shared and absolute figures drift from run to run.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildHello, coldStart, moduleLoad } from "./bench-lib/coldstart.ts";
import { inspect } from "./bench-lib/dataset.ts";
import { callExport, flatten } from "./bench-lib/externals.ts";
import { lighthouse } from "./bench-lib/lighthouse.ts";
import { ensureLoadGenerator } from "./bench-lib/load.ts";
import { line, readsPhase, searchPhase, writesPhase } from "./bench-lib/phases.ts";
import { atLeast, atMost, budgets, check, figures, printSummary, section, unavailable, writeJson } from "./bench-lib/report.ts";
import { type Running, signIn, startProcess } from "./bench-lib/server.ts";
import { checkStatic } from "./bench-lib/statics.ts";
import { ROOT, fmt, machine, mb, memorySampler, ms, run } from "./bench-lib/util.ts";

const { values: opt } = parseArgs({
  options: {
    db: { type: "string", default: join(ROOT, "bench-data/commoncents.db") },
    bin: { type: "string", default: join(ROOT, "dist/commoncents") },
    quick: { type: "boolean", default: false },
    json: { type: "string" },
    password: { type: "string", default: "BenchPass1!" },
    "user-prefix": { type: "string", default: "bench" },
    common: { type: "string", default: "milk" },
    rare: { type: "string", default: "kombucha" },
    "skip-lighthouse": { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (opt.help) {
  console.log(((await Bun.file(import.meta.path).text()).match(/\/\*\*([\s\S]*?)\*\//)?.[1] ?? "").replace(/^ \* ?/gm, ""));
  process.exit(0);
}
const dbPath = resolve(opt.db);
const bin = resolve(opt.bin);
for (const [what, path, hint] of [
  ["database", dbPath, "make one with scripts/seed-bench (or --reports N for a smaller one), or pass --db PATH"],
  ["binary", bin, "build it with: bun scripts/build.ts"],
] as const) {
  if (!existsSync(path)) {
    console.error(`bench: no ${what} at ${path}; ${hint}`);
    process.exit(2);
  }
}

/** Seconds per load run, warm-up seconds, rounds of the health comparison, Lighthouse runs, cold starts. */
const T = opt.quick
  ? { load: 4, warm: 1, rounds: 1, lighthouse: 1, cold: 5 }
  : { load: 10, warm: 2, rounds: 2, lighthouse: 3, cold: 5 };

const host = machine();
const commit = run(["git", "rev-parse", "--short", "HEAD"], { allowFail: true }).out.trim();
const binStat = statSync(bin);
console.log(`CommonCents benchmark${opt.quick ? " (--quick)" : ""}, ${new Date().toISOString()}`);
console.log(`  commit ${commit || "?"}; binary ${bin} (${mb(binStat.size / 1e6)}, built ${binStat.mtime.toISOString()})`);
const stale = run(["git", "ls-files", "src", "web", "db"], { allowFail: true }).out.split("\n")
  .filter((f) => f && existsSync(join(ROOT, f)) && statSync(join(ROOT, f)).mtimeMs > binStat.mtimeMs);
if (stale.length) console.log(`  NOTE: ${stale.length} source file(s) changed after the binary was built (e.g. ${stale[0]}); rebuild with scripts/build to measure them`);
console.log(`  machine: ${host.model}, ${host.cores} cores, ${host.memGb} GiB; load average ${host.load}; Bun ${Bun.version}`);

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
    `${fmt(data.stations)} gas stations, ${fmt(data.gasReports)} fuel reports; search hits in the whole index: ` +
    Object.entries(data.hits).map(([w, n]) => `"${w}" ${fmt(n)}`).join(", "),
);

const gen = ensureLoadGenerator();
const where = `${gen.version}, on this machine (${host.cores} cores shared with the server: the load generator's CPU time is taken from the server's)`;
console.log(`  load generator: ${where}`);
figures.loadGenerator = where;

const hello = buildHello(work);
let server: Running | undefined;
let helloServer: Running | undefined;
try {
  server = await startProcess([bin, "serve"], dataDir);
  const memory = memorySampler(server.pid);

  // Framework overhead: the same health check, the same connections and seconds, against a raw Bun.serve.
  section("Framework overhead: GET /api/health, 64 connections");
  helloServer = await startProcess([hello.path], join(work, "hello-data"));
  const best = { ours: 0, raw: 0 };
  for (let round = 0; round < T.rounds; round++) {
    for (const [name, target] of [["raw", helloServer], ["ours", server]] as const) {
      await gen.run({ base: target.base, reqs: [{ path: "/api/health" }], connections: 64, seconds: T.warm });
      const r = await gen.run({ base: target.base, reqs: [{ path: "/api/health" }], connections: 64, seconds: T.load });
      console.log(`  ${name === "raw" ? "raw Bun.serve" : "CommonCents  "} ${line(r)}`);
      best[name] = Math.max(best[name], r.okPerS);
    }
  }
  await helloServer.stop();
  helloServer = undefined;
  figures.health = best;
  atLeast("HTTP", "health req/s vs raw Bun.serve", best.ours / best.raw, 0.85, (x) => `${x.toFixed(3)}x`,
    `${fmt(best.ours)} vs ${fmt(best.raw)} req/s (best of ${T.rounds})`);

  const users = await signIn(server.base, data.candidates, opt.password, data.zips, 8);
  const loggedIn = users.filter((u) => u.how === "login").length;
  console.log(`\n  signed in ${users.length} users: ${loggedIn} by POST /api/auth/login, ${users.length - loggedIn} registered` +
    (loggedIn === 0 ? ` (no "${opt["user-prefix"]}*" user took the password; see --password and --user-prefix)` : ""));

  await readsPhase(gen, server.base, users, T);
  const search = await searchPhase(gen, server.base, users, data.zips, opt.common, opt.rare, T);
  const peak = memory.peak();
  figures.memory = peak;
  section("Memory under the search load");
  atMost("Memory", "server peak RSS (VmHWM)", peak.hwmMb, 250, mb, false,
    `at the highest sample VmRSS ${mb(peak.rssMb)} = anon ${mb(peak.anonMb)} + file-backed ${mb(peak.fileMb)}`);

  await writesPhase(gen, server, users, data, search, T);

  section("Static delivery");
  const st = await checkStatic(server.base);
  figures.static = st;
  for (const a of st.assets) console.log(`  ${a.path}: offered br -> ${a.brotli}, offered gzip -> ${a.gzip}; ${a.cache}; ${fmt(a.bytes)} B`);
  check("Static", "hashed assets: br/gzip + immutable", st.assetsOk, `${st.assets.filter((a) => a.ok).length}/${st.assets.length} assets ok`,
    "br when offered, gzip otherwise; public, max-age=31536000, immutable");
  check("Static", "HTML: no-cache + ETag", st.html.ok, `Cache-Control "${st.html.cache}", ETag ${st.html.etag ?? "missing"}, ${st.html.encoding}`, "no-cache and an ETag");
  atMost("Static", "repeat visit bytes (/ revalidated)", st.repeat.bytes, 5000, (n) => `${fmt(n)} B`, true,
    `status ${st.repeat.status}${st.html.etag ? " with If-None-Match" : " (no ETag to revalidate: full download)"}; request ${fmt(st.repeat.sentBytes)} B; ` +
      `first visit ${fmt(st.firstVisitBytes)} B of bodies; the app's GET /api/auth/user adds ${fmt(st.repeat.authCheckBytes)} B`);

  section(`Lighthouse: landing page, median of ${T.lighthouse} run(s) per preset`);
  if (opt["skip-lighthouse"]) unavailable("Lighthouse", "Lighthouse", "skipped (--skip-lighthouse)");
  else {
    const lh = await lighthouse(`${server.base}/`, T.lighthouse);
    figures.lighthouse = lh;
    if ("unavailable" in lh) unavailable("Lighthouse", "Lighthouse", lh.unavailable);
    else {
      console.log(`  lighthouse ${lh.version}, ${lh.chrome}`);
      for (const p of ["mobile", "desktop"] as const) {
        const s = lh[p];
        console.log(`  ${p}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s.bestPractices}; FCP ${ms(s.fcpMs)}, LCP ${ms(s.lcpMs)}, TBT ${ms(s.tbtMs)}, CLS ${s.cls.toFixed(3)}`);
      }
      const score = (n: number) => String(n);
      atLeast("Lighthouse", "performance (mobile)", lh.mobile.performance, 95, score);
      atLeast("Lighthouse", "performance (desktop)", lh.desktop.performance, 100, score);
      atLeast("Lighthouse", "accessibility (worse preset)", Math.min(lh.mobile.accessibility, lh.desktop.accessibility), 95, score);
      atLeast("Lighthouse", "best practices (worse preset)", Math.min(lh.mobile.bestPractices, lh.desktop.bestPractices), 95, score);
    }
  }

  memory.stop();
  const code = await server.stop();
  const busy = server.log().match(/SQLITE_BUSY|database is locked/g)?.length ?? 0;
  console.log(`\n  server stopped (exit ${code}); SQLITE_BUSY / "database is locked" lines in its output over the whole run: ${busy}`);
  server = undefined;

  section("Search in the database alone (scripts/bench-search.ts)");
  const dbSearch = await callExport("scripts/bench-search.ts", ["benchSearchDb"], /search/i, [copy]);
  figures.searchDb = dbSearch;
  if ("unavailable" in dbSearch) unavailable("Search", "db-time search vs LIKE", `not available: ${dbSearch.unavailable}`);
  else for (const [k, v] of flatten(dbSearch.value)) console.log(`  ${k} = ${typeof v === "number" ? fmt(v, 3) : v}`);

  section("Web payload (scripts/bench-bundle.ts)");
  const bundle = await callExport("scripts/bench-bundle.ts", ["measureBundles"], /bundle/i, []);
  figures.bundle = bundle;
  if ("unavailable" in bundle) unavailable("Web payload", "initial JS gzip vs React+Router hello", `not available: ${bundle.unavailable}`);
  else {
    const b = bundle.value as { app?: { initialGzip?: number }; helloWorld?: { initialGzip?: number }; ratio?: number; budget?: number };
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    if (typeof b.app?.initialGzip === "number" && typeof b.helloWorld?.initialGzip === "number" && typeof b.budget === "number") {
      atMost("Web payload", "initial JS gzip vs React+Router hello", b.app.initialGzip / b.helloWorld.initialGzip, b.budget, (x) => `${x.toFixed(3)}x`, false,
        `${kb(b.app.initialGzip)} vs ${kb(b.helloWorld.initialGzip)} gzip`);
    } else for (const [k, v] of flatten(bundle.value)) console.log(`  ${k} = ${v}`);
  }

  section(`Cold start: exec to the first 200 on /api/health, median of ${T.cold} (after one warm-up)`);
  const ours = await coldStart([bin, "serve"], dataDir, T.cold);
  const raw = await coldStart([hello.path], join(work, "hello-data"), T.cold);
  const load = await moduleLoad(bin, T.cold);
  figures.coldStart = { ours, raw, moduleLoad: load };
  console.log(`  CommonCents on this database: ${ours.samples.map(ms).join(", ")}`);
  console.log(`  hello-world binary:           ${raw.samples.map(ms).join(", ")}`);
  console.log(`  for reference, \`commoncents --version\` (loading the code, no database, no listening): median ${ms(load)}`);
  atMost("Cold start", "cold start vs hello-world binary", ours.median / raw.median, 1.5, (x) => `${x.toFixed(2)}x`, false,
    `${ms(ours.median)} vs ${ms(raw.median)}`);
  atMost("Cold start", "cold start", ours.median, 150, ms, true);
  atMost("Cold start", "binary size vs hello-world binary", binStat.size / hello.bytes, 1.25, (x) => `${x.toFixed(3)}x`, false,
    `${mb(binStat.size / 1e6)} vs ${mb(hello.bytes / 1e6)}`);
} finally {
  await helloServer?.stop();
  await server?.stop();
  if (!opt.keep) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
}

printSummary();
if (opt.json) writeJson(opt.json, { date: new Date().toISOString(), commit, quick: opt.quick, machine: host, database: dbPath });
process.exit(budgets.some((b) => b.pass === false) ? 1 : 0);
