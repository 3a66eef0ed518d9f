/**
 * The command line of scripts/bench/seed: options to SeedOptions, then seedBench (scripts/bench/seed.ts).
 *   scripts/bench/seed [--seed 42] [--out bench-data/commoncents.db] [--force] [--reports N] [--users N]
 *     [--stores N] [--stations N] [--gas-reports N] [--zips N] [--alerts N] [--now MS]
 */
import { parseArgs } from "node:util";
import { DEFAULTS, type SeedOptions, seedBench } from "./seed.ts";

const { values } = parseArgs({
	args: Bun.argv.slice(2),
	options: {
		seed: { type: "string" },
		out: { type: "string" },
		reports: { type: "string" },
		users: { type: "string" },
		stores: { type: "string" },
		stations: { type: "string" },
		"gas-reports": { type: "string" },
		zips: { type: "string" },
		alerts: { type: "string" },
		now: { type: "string" },
		force: { type: "boolean" },
	},
});
const int = (raw: string | undefined, fallback: number, name: string) => {
	if (raw === undefined) return fallback;
	const n = Number(raw.replaceAll("_", ""));
	if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
	return n;
};
const options: SeedOptions = {
	seed: int(values.seed, DEFAULTS.seed, "seed"),
	out: values.out ?? DEFAULTS.out,
	reports: int(values.reports, DEFAULTS.reports, "reports"),
	users: Math.max(1, int(values.users, DEFAULTS.users, "users")),
	stores: Math.max(1, int(values.stores, DEFAULTS.stores, "stores")),
	stations: Math.max(1, int(values.stations, DEFAULTS.stations, "stations")),
	gasReports: int(values["gas-reports"], DEFAULTS.gasReports, "gas-reports"),
	zips: Math.max(1, int(values.zips, DEFAULTS.zips, "zips")),
	alerts: int(values.alerts, DEFAULTS.alerts, "alerts"),
	now: int(values.now, Date.now(), "now"),
	force: values.force ?? false,
};
console.log(
	`bench/seed: seed ${options.seed}, now ${options.now} (${new Date(options.now).toISOString()}), ${options.reports.toLocaleString("en-US")} reports -> ${options.out}`,
);
try {
	await seedBench(options);
} catch (error) {
	console.error(`bench/seed: ${(error as Error).message}`);
	process.exit(1);
}
