/** The parts of the benchmark that are not load: static delivery, Lighthouse, other scripts' figures, cold start. */
import { buildHello, coldStart, moduleLoad } from "./coldstart.ts";
import { callExport, flatten } from "./externals.ts";
import { lighthouse } from "./lighthouse.ts";
import { atLeast, atMost, check, figures, section, unavailable } from "./report.ts";
import { checkStatic } from "./statics.ts";
import { fmt, mb, ms } from "./util.ts";

export async function staticSection(base: string) {
  section("Static delivery");
  const st = await checkStatic(base);
  figures.static = st;
  console.log(`  / : ${st.html.status}, ${st.html.encoding}, Cache-Control "${st.html.cache}", ETag ${st.html.etag ?? "none"}, ${fmt(st.html.bytes)} B`);
  for (const a of st.assets) console.log(`  ${a.path}: offered br -> ${a.brotli}, offered gzip -> ${a.gzip}; ${a.cache}; ${fmt(a.bytes)} B`);
  check("Static", "hashed assets: br/gzip + immutable", st.assetsOk, `${st.assets.filter((a) => a.ok).length}/${st.assets.length} assets ok`,
    "br when offered, gzip otherwise; public, max-age=31536000, immutable");
  check("Static", "HTML: no-cache + ETag", st.html.ok, `"${st.html.cache}", ETag ${st.html.etag ? "present" : "missing"}`, "no-cache and an ETag");
  atMost("Static", "repeat visit bytes (/ revalidated)", st.repeat.bytes, 5000, (n) => `${fmt(n)} B`, true,
    `answered ${st.repeat.status}${st.html.etag ? " to If-None-Match" : " (no ETag to revalidate: a full download)"}; request ${fmt(st.repeat.sentBytes)} B; ` +
      `first visit ${fmt(st.firstVisitBytes)} B of bodies; the app's GET /api/auth/user adds ${fmt(st.repeat.authCheckBytes)} B`);
}

export async function lighthouseSection(base: string, runs: number) {
  section(`Lighthouse: the landing page, median of ${runs} run(s) per preset`);
  const lh = await lighthouse(`${base}/`, runs);
  figures.lighthouse = lh;
  if ("unavailable" in lh) return void unavailable("Lighthouse", "Lighthouse", lh.unavailable);
  console.log(`  lighthouse ${lh.version}, ${lh.chrome}`);
  for (const p of ["mobile", "desktop"] as const) {
    const s = lh[p];
    console.log(`  ${p}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s.bestPractices}; ` +
      `FCP ${ms(s.fcpMs)}, LCP ${ms(s.lcpMs)}, TBT ${ms(s.tbtMs)}, CLS ${s.cls.toFixed(3)}`);
  }
  const score = (n: number) => String(n);
  atLeast("Lighthouse", "performance (mobile)", lh.mobile.performance, 95, score);
  atLeast("Lighthouse", "performance (desktop)", lh.desktop.performance, 100, score);
  atLeast("Lighthouse", "accessibility (worse preset)", Math.min(lh.mobile.accessibility, lh.desktop.accessibility), 95, score);
  atLeast("Lighthouse", "best practices (worse preset)", Math.min(lh.mobile.bestPractices, lh.desktop.bestPractices), 95, score);
}

/** scripts/bench-search.ts's database-time figures (ours and the LIKE baseline), when it exports them. */
export async function searchDbSection(dbPath: string) {
  section("Search in the database alone (scripts/bench-search.ts)");
  const result = await callExport("scripts/bench-search.ts", ["benchSearchDb"], /search/i, [dbPath]);
  figures.searchDb = result;
  if ("unavailable" in result) return void unavailable("Search", "db-time search vs LIKE", result.unavailable);
  const v = result.value as { budget?: number; pass?: boolean; ratio?: number };
  for (const [k, x] of flatten(result.value)) console.log(`  ${k} = ${typeof x === "number" ? fmt(x, 3) : x}`);
  if (typeof v.pass === "boolean") {
    check("Search", `db-time search (${result.fn})`, v.pass, typeof v.ratio === "number" ? `${v.ratio.toFixed(3)}x` : "see above",
      typeof v.budget === "number" ? String(v.budget) : "its own budget");
  }
}

/** scripts/bench-bundle.ts: the first screen's JavaScript against a React + TanStack Router hello-world. */
export async function bundleSection() {
  section("Web payload (scripts/bench-bundle.ts)");
  const result = await callExport("scripts/bench-bundle.ts", ["measureBundles"], /bundle/i, []);
  figures.bundle = result;
  const name = "initial JS gzip vs React+Router hello";
  if ("unavailable" in result) return void unavailable("Web payload", name, result.unavailable);
  const b = result.value as { app?: { initialGzip?: number; initialBrotli?: number }; helloWorld?: { initialGzip?: number }; budget?: number };
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  if (typeof b.app?.initialGzip === "number" && typeof b.helloWorld?.initialGzip === "number" && typeof b.budget === "number") {
    atMost("Web payload", name, b.app.initialGzip / b.helloWorld.initialGzip, b.budget, (x) => `${x.toFixed(3)}x`, false,
      `${kb(b.app.initialGzip)} vs ${kb(b.helloWorld.initialGzip)} gzip` + (b.app.initialBrotli ? ` (ours ${kb(b.app.initialBrotli)} brotli)` : ""));
  } else for (const [k, x] of flatten(result.value)) console.log(`  ${k} = ${x}`);
}

/** Exec to the first 200 on /api/health, ours on the bench database against the hello-world binary; and sizes. */
export async function coldStartSection(bin: string, binBytes: number, dataDir: string, hello: ReturnType<typeof buildHello>, helloDir: string, runs: number) {
  section(`Cold start: exec to the first 200 on /api/health, median of ${runs} (after one warm-up)`);
  const ours = await coldStart([bin, "serve"], dataDir, runs);
  const raw = await coldStart([hello.path], helloDir, runs);
  const load = await moduleLoad(bin, runs);
  figures.coldStart = { ours, raw, moduleLoad: load, binBytes, helloBytes: hello.bytes };
  console.log(`  CommonCents on this database: ${ours.samples.map(ms).join(", ")}`);
  console.log(`  hello-world binary:           ${raw.samples.map(ms).join(", ")}`);
  console.log(`  for reference, \`commoncents --version\` (loads the code; no database, no listening): median ${ms(load)}`);
  atMost("Cold start", "cold start vs hello-world binary", ours.median / raw.median, 1.5, (x) => `${x.toFixed(2)}x`, false,
    `${ms(ours.median)} vs ${ms(raw.median)}`);
  atMost("Cold start", "cold start", ours.median, 150, ms, true);
  atMost("Cold start", "binary size vs hello-world binary", binBytes / hello.bytes, 1.25, (x) => `${x.toFixed(3)}x`, false,
    `${mb(binBytes / 1e6)} vs ${mb(hello.bytes / 1e6)}`);
}
