/**
 * Two binaries side by side on the same bench database (scripts/bench/lib/binaries.ts): server CPU per request for
 * search, reporting a price and the current user, alternating which goes first. Prints each round and the
 * medians' ratios.
 *   bun scripts/bench/before-after.ts --old OLD_BINARY [--new dist/commoncents] [--db bench-data/commoncents.db]
 *     [--rounds 3] [--seconds 6] [--only "current user"]
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { CALLS, compareBinaries } from "./lib/binaries.ts";
import { ensureLoadGenerator } from "./lib/load.ts";
import { ROOT } from "./lib/util.ts";

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
const calls = CALLS.filter((call) => !opt.only || opt.only.split(",").includes(call));
const results = await compareBinaries(
	ensureLoadGenerator(),
	{ old: resolve(opt.old), new: resolve(opt.new) },
	{ db: opt.db, calls, rounds: Number(opt.rounds), seconds: Number(opt.seconds) },
);
console.log("\n| call | server CPU per request, old | new | new / old |\n| --- | --- | --- | --- |");
for (const r of results)
	console.log(`| ${r.call} | ${r.old.toFixed(3)} ms | ${r.new.toFixed(3)} ms | ${r.ratio.toFixed(2)} |`);
