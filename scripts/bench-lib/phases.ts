/** The HTTP load phases against the running binary: small reads, search, and writes under reads. */
import type { Dataset } from "./dataset.ts";
import type { LoadGenerator, LoadResult, Req } from "./load.ts";
import { atLeast, atMost, check, figures, section } from "./report.ts";
import { asUsers, searchReqs, writeReqs } from "./requests.ts";
import type { BenchUser, Running } from "./server.ts";
import { fmt, ms } from "./util.ts";

type Times = { load: number; warm: number };

export function line(r: LoadResult) {
  const non2xx = r.requests - r.ok;
  return `${fmt(r.okPerS).padStart(7)} req/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}` +
    (non2xx ? `; ${fmt(non2xx)} not 2xx (${fmt(r.s4xx)} 4xx, ${fmt(r.s5xx)} 5xx)` : "") +
    (r.socketErrors ? `; ${fmt(r.socketErrors)} socket errors` : "");
}

async function measure(gen: LoadGenerator, base: string, label: string, reqs: Req[], connections: number, t: Times) {
  await gen.run({ base, reqs, connections, seconds: t.warm });
  const r = await gen.run({ base, reqs, connections, seconds: t.load });
  console.log(`  ${label.padEnd(34)} ${line(r)}`);
  return r;
}

/** Nearby gas and categories: p99 within 5 ms at 64 connections, as signed-in users with zips. */
export async function readsPhase(gen: LoadGenerator, base: string, users: BenchUser[], t: Times) {
  section("Nearby gas and categories, 64 connections");
  const results: Record<string, LoadResult> = {};
  for (const path of ["/api/categories", "/api/gas/nearby", "/api/gas/reports/nearby?limit=20", "/api/gas/summary"]) {
    results[path] = await measure(gen, base, `GET ${path}`, asUsers(users, path), 64, t);
  }
  figures.reads = results;
  for (const [path, r] of Object.entries(results)) {
    if (path === "/api/gas/summary") continue; // printed for reference; the spec's calls are the three above
    const allOk = r.ok === r.requests;
    atMost("Reads", `GET ${path} p99`, r.p99, 5, ms, false,
      `${fmt(r.okPerS)} req/s${allOk ? "" : `; ${fmt(r.requests - r.ok)} answers were not 2xx`}`);
  }
}

export type SearchFigures = { peakRps: number; saturatedP99: number };

/** Search over HTTP: a common and a rare query across the zips with data, then both mixed (the peak rate). */
export async function searchPhase(
  gen: LoadGenerator, base: string, users: BenchUser[], zips: string[], common: string, rare: string, t: Times,
): Promise<SearchFigures> {
  section("Search over HTTP (GET /api/search, 20-zip radius around varied zips), 32 connections");
  const commonReqs = searchReqs(users, common, zips);
  const rareReqs = searchReqs(users, rare, zips);
  const mixed = commonReqs.flatMap((r, i) => [r, rareReqs[i]!]);
  const results = {
    common: await measure(gen, base, `q=${common} (common)`, commonReqs, 32, t),
    rare: await measure(gen, base, `q=${rare} (rare)`, rareReqs, 32, t),
    mixed: await measure(gen, base, "common and rare alternating", mixed, 32, t),
  };
  figures.search = results;
  const bad = Object.values(results).reduce((n, r) => n + r.requests - r.ok, 0);
  if (bad > 0) console.log(`  WARNING: ${fmt(bad)} search answers were not 2xx: the figures above are not search figures`);
  return { peakRps: results.mixed.okPerS, saturatedP99: results.mixed.p99 };
}

/**
 * Writes under reads: search paced at half its peak rate, first alone (the read-only baseline at that rate),
 * then beside price reports posted as fast as the server takes them.
 */
export async function writesPhase(gen: LoadGenerator, server: Running, users: BenchUser[], data: Dataset, search: SearchFigures, t: Times) {
  const base = server.base;
  const rate = Math.max(1, Math.round(search.peakRps / 2));
  section(`Writes under reads: POST /api/price-reports, 16 connections, beside search paced at ${fmt(rate)} req/s (half its peak)`);
  const searches = searchReqs(users, "milk", data.zips).flatMap((r, i) => [r, searchReqs(users, "kombucha", data.zips)[i]!]);
  const writes = writeReqs(users, data.catalogue, data.zips, base);

  // The bodies must be ones the server accepts; a few in turn, to show why when they are not.
  const verdicts = new Map<number, number>();
  let example = "";
  for (const w of writes.slice(0, 20)) {
    const res = await fetch(`${base}${w.path}`, { method: "POST", headers: w.headers, body: w.body });
    verdicts.set(res.status, (verdicts.get(res.status) ?? 0) + 1);
    const text = await res.text();
    if (res.status >= 300 && !example) example = `${res.status} ${text.slice(0, 300)}`;
  }
  console.log(`  sanity: 20 reports posted one by one answered ${[...verdicts].map(([s, n]) => `${n} x ${s}`).join(", ")}${example ? `; e.g. ${example}` : ""}`);

  const paced = (seconds: number) => gen.run({ base, reqs: searches, connections: 16, seconds, rate });
  await paced(t.warm);
  const alone = await paced(t.load);
  console.log(`  ${"search alone, paced".padEnd(34)} ${line(alone)}`);
  const logBefore = server.log().length;
  const [beside, written] = await Promise.all([
    paced(t.load),
    gen.run({ base, reqs: writes, connections: 16, seconds: t.load }),
  ]);
  console.log(`  ${"search beside the writes, paced".padEnd(34)} ${line(beside)}`);
  console.log(`  ${"POST /api/price-reports".padEnd(34)} ${line(written)}`);
  const busy = server.log().slice(logBefore).match(/SQLITE_BUSY|database is locked/g)?.length ?? 0;
  figures.writes = { rate, alone, beside, written, busyLogLines: busy };

  atLeast("Writes", "accepted reports/s beside search", written.okPerS, 2000, (n) => `${fmt(n)}/s`,
    `${fmt(written.ok)} of ${fmt(written.requests)} accepted (2xx); ${fmt(written.s4xx)} 4xx; search ran at ${fmt(beside.okPerS)} of ${fmt(rate)} req/s`);
  atMost("Writes", "search p99 beside writes vs alone", beside.p99 / alone.p99, 1.25, (x) => `${x.toFixed(2)}x`, false,
    `${ms(beside.p99)} vs ${ms(alone.p99)} at the same paced rate (saturated read-only p99: ${ms(search.saturatedP99)})`);
  const fives = beside.s5xx + written.s5xx;
  check("Writes", "no SQLITE_BUSY / 5xx under writes", fives === 0 && busy === 0, `${fmt(fives)} 5xx, ${busy} busy/locked log lines`, "0 and 0");
}
