/**
 * Two binaries side by side on the same bench database: server CPU per request for search, reporting a price and
 * the current user, alternating which binary goes first each round (the machine is shared, so only same-run
 * ratios mean anything). Each run gets a fresh copy of the database.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BENCH_PASSWORD } from "../seed.ts";
import { inspect } from "./dataset.ts";
import type { LoadGenerator, Req } from "./load.ts";
import { asUsers, searchReqs, writeReqs } from "./requests.ts";
import { signIn, startProcess } from "./server.ts";
import { cpuSeconds, median } from "./util.ts";

export const CALLS = ["search milk", "report a price", "current user"] as const;
export type Call = (typeof CALLS)[number];
export type Comparison = {
	call: Call;
	old: number;
	new: number;
	ratio: number;
	rounds: { old: number[]; new: number[] };
};

/** One binary's run on a fresh copy: the server's CPU milliseconds per answered request, for each call. */
async function measure(gen: LoadGenerator, bin: string, db: string, calls: readonly Call[], seconds: number) {
	const work = mkdtempSync(join(tmpdir(), "commoncents-before-after-"));
	const dataDir = join(work, "data");
	mkdirSync(dataDir);
	for (const suffix of ["", "-wal"]) {
		if (existsSync(db + suffix)) copyFileSync(db + suffix, join(dataDir, `commoncents.db${suffix}`));
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
		for (const call of calls) {
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

/** Each call's median CPU per request over the rounds, old and new, printing every round as it ends. */
export async function compareBinaries(
	gen: LoadGenerator,
	bins: { old: string; new: string },
	{
		db,
		calls = CALLS,
		rounds = 3,
		seconds = 6,
	}: { db: string; calls?: readonly Call[]; rounds?: number; seconds?: number },
): Promise<Comparison[]> {
	const seen: Record<"old" | "new", Record<Call, number>[]> = { old: [], new: [] };
	for (let round = 0; round < rounds; round++) {
		const order = round % 2 === 0 ? (["old", "new"] as const) : (["new", "old"] as const);
		for (const which of order) {
			const figures = await measure(gen, bins[which], db, calls, seconds);
			seen[which].push(figures);
			console.log(
				`  round ${round + 1} ${which}: ${calls.map((c) => `${c} ${figures[c].toFixed(3)} ms`).join(", ")} CPU per request`,
			);
		}
	}
	return calls.map((call) => {
		const old = seen.old.map((f) => f[call]);
		const now = seen.new.map((f) => f[call]);
		return { call, old: median(old), new: median(now), ratio: median(now) / median(old), rounds: { old, new: now } };
	});
}
