/**
 * Two binaries side by side on the same bench database: server CPU per request for search, reporting a price and
 * the current user, alternating which binary goes first each round (the machine is shared, so only same-run
 * ratios mean anything). Each run gets a fresh copy of the database. Prints each round and the medians' ratios.
 *   bun scripts/bench/before-after.ts --old OLD_BINARY [--new dist/commoncents] [--db bench-data/commoncents.db]
 *     [--rounds 3] [--seconds 6] [--only "current user"]
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { inspect } from "./lib/dataset.ts";
import { ensureLoadGenerator, type LoadGenerator, type Req } from "./lib/load.ts";
import { asUsers, searchReqs, writeReqs } from "./lib/requests.ts";
import { signIn, startProcess } from "./lib/server.ts";
import { cpuSeconds, ROOT } from "./lib/util.ts";
import { BENCH_PASSWORD } from "./seed.ts";

const { values: opt } = parseArgs({
	options: {
		old: { type: "string" },
		new: { type: "string", default: join(ROOT, "dist/commoncents") },
		db: { type: "string", default: join(ROOT, "bench-data/commoncents.db") },
		rounds: { type: "string", default: "3" },
		seconds: { type: "string", default: "6" },
		only: { type: "string" },
	},
});
if (!opt.old || !existsSync(opt.old) || !existsSync(opt.new) || !existsSync(opt.db)) {
	console.error("usage: bun scripts/bench/before-after.ts --old OLD_BINARY [--new BINARY] [--db FILE]");
	process.exit(2);
}
const bins = { old: resolve(opt.old), new: resolve(opt.new) };
const rounds = Number(opt.rounds);
const seconds = Number(opt.seconds);
const ALL_CALLS = ["search milk", "report a price", "current user"] as const;
type Call = (typeof ALL_CALLS)[number];
const CALLS = ALL_CALLS.filter((call) => !opt.only || opt.only.split(",").includes(call));

/** One binary's run on a fresh copy: the server's CPU milliseconds per answered request, for each call. */
async function measure(gen: LoadGenerator, bin: string): Promise<Record<Call, number>> {
	const work = mkdtempSync(join(tmpdir(), "commoncents-before-after-"));
	const dataDir = join(work, "data");
	mkdirSync(dataDir);
	for (const suffix of ["", "-wal"]) {
		if (existsSync(opt.db + suffix)) copyFileSync(opt.db + suffix, join(dataDir, `commoncents.db${suffix}`));
	}
	const data = inspect(join(dataDir, "commoncents.db"), ["milk"], "bench");
	const server = await startProcess([bin, "serve"], dataDir);
	try {
		const users = await signIn(server.base, data.candidates, BENCH_PASSWORD, data.zips, 8);
		const mixes: Record<Call, { reqs: Req[]; connections: number }> = {
			"search milk": { reqs: searchReqs(users, "milk", data.zips), connections: 32 },
			"report a price": { reqs: writeReqs(users, data.catalogue, data.zips, server.base), connections: 64 },
			"current user": { reqs: asUsers(users, "/api/auth/user"), connections: 32 },
		};
		const out = {} as Record<Call, number>;
		for (const call of CALLS) {
			const { reqs, connections } = mixes[call];
			await gen.run({ base: server.base, reqs, connections, seconds: 1 });
			const before = cpuSeconds(server.pid);
			const r = await gen.run({ base: server.base, reqs, connections, seconds });
			if (r.ok < r.requests * 0.99) throw new Error(`${call}: ${r.requests - r.ok} of ${r.requests} answers not 2xx`);
			out[call] = ((cpuSeconds(server.pid) - before) * 1000) / Math.max(1, r.requests);
		}
		return out;
	} finally {
		await server.stop();
		rmSync(work, { recursive: true, force: true });
	}
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const gen = ensureLoadGenerator();
const seen: Record<"old" | "new", Record<Call, number>[]> = { old: [], new: [] };
for (let round = 0; round < rounds; round++) {
	const order = round % 2 === 0 ? (["old", "new"] as const) : (["new", "old"] as const);
	for (const which of order) {
		const figures = await measure(gen, bins[which]);
		seen[which].push(figures);
		console.log(
			`round ${round + 1} ${which}: ${CALLS.map((c) => `${c} ${figures[c].toFixed(3)} ms`).join(", ")} CPU per request`,
		);
	}
}
console.log("\n| call | server CPU per request, old | new | new / old |\n| --- | --- | --- | --- |");
for (const call of CALLS) {
	const [old, now] = [median(seen.old.map((f) => f[call])), median(seen.new.map((f) => f[call]))];
	console.log(`| ${call} | ${old.toFixed(3)} ms | ${now.toFixed(3)} ms | ${(now / old).toFixed(2)} |`);
}
