/**
 * Search benchmark: seeds 200,000 price reports across 1,000 zip codes into a fresh database, serves the
 * real app on loopback, and prints the median and p99 latency of GET /api/search for common and rare
 * queries, over HTTP and in the database alone, beside a naive LIKE + zip filter baseline run on the same data.
 *   bun scripts/bench-search.ts [reports=200000] [zips=1000]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureTaxonomy } from "../db/seed.ts";
import { createApp } from "../src/app.ts";
import { searchReports } from "../src/deals/search.ts";
import { migrate, openDb } from "../src/db.ts";
import { loadConfig } from "../src/env.ts";
import { normalizeText, placeLookupKey } from "../src/lib/normalize.ts";
import { locToken, locTokensNear } from "../src/lib/zip.ts";
import { PRODUCTS, priceCentsNear, rng, storeName, streetAddress } from "./bench-data.ts";

const REPORTS = Number(process.argv[2] ?? 200_000);
const ZIPS = Number(process.argv[3] ?? 1_000);
const FIRST_ZIP = 10_000;
const QUERIES = ["milk", "organic", "bread", "org mil", "coffee", "eggs", "pizza", "wireless earbuds", "salmon", "chargr"];
const ROUNDS = 200;

const dataDir = mkdtempSync(join(tmpdir(), "commoncents-bench-"));
const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test" });
const { sqlite, db } = openDb(config.dbPath);
migrate(sqlite);
ensureTaxonomy(db);

const r = rng(42);
const zipOf = (i: number) => String(FIRST_ZIP + (i % ZIPS)).padStart(5, "0");
const categoryIds = new Map(
  (sqlite.query("SELECT id, slug FROM product_categories").all() as { id: number; slug: string }[]).map((c) => [c.slug, c.id]),
);

let t = performance.now();
const userIds: string[] = [];
sqlite.transaction(() => {
  const insertUser = sqlite.prepare("INSERT INTO users (id, username, password, first_name, last_name, zip_code) VALUES (?, ?, 'x', ?, ?, ?)");
  for (let i = 0; i < 2_000; i++) {
    const id = crypto.randomUUID();
    userIds.push(id);
    insertUser.run(id, `bench${i}`, `First${i}`, `Last${i}`, zipOf(i));
  }
  const insertStore = sqlite.prepare("INSERT INTO stores (name, address, zip_code, lookup_key) VALUES (?, ?, ?, ?)");
  for (let i = 0; i < 5_000; i++) {
    const name = storeName(r);
    const address = streetAddress(r);
    insertStore.run(name, address, zipOf(i), placeLookupKey(name, address) + i);
  }
  const insertReport = sqlite.prepare(`INSERT INTO price_reports
    (user_id, store_id, product_name, normalized_name, price_cents, category_id, tags, zip_code, loc_token, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const now = Date.now();
  for (let i = 0; i < REPORTS; i++) {
    const [slug, product, typical, tags] = PRODUCTS[Math.floor(r() * PRODUCTS.length)]!;
    const storeIndex = Math.floor(r() * 5_000);
    const zip = zipOf(storeIndex);
    const when = now - Math.floor(r() * 30 * 86_400_000);
    insertReport.run(
      userIds[Math.floor(r() * userIds.length)]!, storeIndex + 1, product, normalizeText(product),
      priceCentsNear(typical, r), categoryIds.get(slug)!, JSON.stringify(tags), zip, locToken(zip), when, when,
    );
  }
})();
sqlite.exec("PRAGMA optimize");
console.log(`seeded ${REPORTS.toLocaleString()} reports across ${ZIPS} zips in ${((performance.now() - t) / 1000).toFixed(1)} s`);

const app = createApp({ db, config });
const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (req, srv) => app.fetch(req, { server: srv }) });
const origin = `http://127.0.0.1:${server.port}`;
const reg = await fetch(`${origin}/api/auth/register`, {
  method: "POST",
  headers: { "content-type": "application/json", origin },
  body: JSON.stringify({ username: "benchuser", password: "Bench!Pass1", confirmPassword: "Bench!Pass1", firstName: "B", lastName: "U", zipCode: "10500" }),
});
const cookie = reg.headers.get("set-cookie")?.split(";")[0] ?? "";
const viewerId = ((await reg.json()) as { id: string }).id;

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const time = async (fn: () => unknown | Promise<unknown>) => {
  const samples: number[] = [];
  for (let i = 0; i < 10; i++) await fn();
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
};

const zipFor = (i: number) => String(FIRST_ZIP + ((i * 97) % ZIPS));
const naive = sqlite.prepare(`SELECT r.id FROM price_reports r
  WHERE r.is_active = 1 AND r.is_expired = 0 AND r.loc_token IN (SELECT value FROM json_each(?))
    AND (r.product_name LIKE ? OR r.description LIKE ? OR r.tags LIKE ?)
  ORDER BY r.price_cents LIMIT 50`);

console.log(`\n${"query".padEnd(18)} ${"hits".padStart(5)}  ${"HTTP p50".padStart(9)} ${"HTTP p99".padStart(9)}  ${"db p50".padStart(8)} ${"db p99".padStart(8)}  ${"LIKE p50".padStart(9)}  speed-up`);
const all = { http50: [] as number[], http99: [] as number[], db50: [] as number[], like50: [] as number[] };
for (const [qi, q] of QUERIES.entries()) {
  let n = 0;
  const http = await time(async () => {
    const zip = zipFor(qi + n++);
    const res = await fetch(`${origin}/api/search?q=${encodeURIComponent(q)}&zipCode=${zip}`, { headers: { cookie } });
    await res.arrayBuffer();
  });
  const hits = searchReports(db, { q, zip: zipFor(qi), sort: "price", limit: 50, offset: 0, viewerId }).length;
  const dbOnly = await time(() => searchReports(db, { q, zip: zipFor(qi + n++), sort: "price", limit: 50, offset: 0, viewerId }));
  const like = await time(() => {
    const tokens = JSON.stringify(locTokensNear(zipFor(qi + n++)));
    const pattern = `%${q.split(" ")[0]}%`;
    return naive.all(tokens, pattern, pattern, pattern);
  });
  all.http50.push(http.p50);
  all.http99.push(http.p99);
  all.db50.push(dbOnly.p50);
  all.like50.push(like.p50);
  console.log(
    `${q.padEnd(18)} ${String(hits).padStart(5)}  ${http.p50.toFixed(2).padStart(7)}ms ${http.p99.toFixed(2).padStart(7)}ms  ${dbOnly.p50.toFixed(2).padStart(6)}ms ${dbOnly.p99.toFixed(2).padStart(6)}ms  ${like.p50.toFixed(2).padStart(7)}ms  ${(like.p50 / dbOnly.p50).toFixed(1)}x`,
  );
}
const median = (xs: number[]) => percentile(xs, 50);
console.log(
  `\nacross queries: HTTP p50 ${median(all.http50).toFixed(2)} ms, HTTP p99 (worst query) ${Math.max(...all.http99).toFixed(2)} ms; ` +
    `db p50 ${median(all.db50).toFixed(2)} ms; naive LIKE p50 ${median(all.like50).toFixed(2)} ms ` +
    `(FTS is ${(median(all.like50) / median(all.db50)).toFixed(1)}x faster)`,
);
const plan = sqlite
  .query("EXPLAIN QUERY PLAN SELECT r.id FROM price_reports_fts f JOIN price_reports r ON r.id = f.rowid WHERE price_reports_fts MATCH 'body : (\"milk\"*) AND loc : (z10001)' ORDER BY r.price_cents")
  .all() as { detail: string }[];
console.log(`query plan: ${plan.map((p) => p.detail).join(" | ")}`);

await server.stop(true);
sqlite.close();
rmSync(dataDir, { recursive: true, force: true });
