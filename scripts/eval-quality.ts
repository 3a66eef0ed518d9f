/**
 * Measures the statistical quality check (src/reports/consensus.ts) on a labelled synthetic set, products and
 * fuel: honest prices with a realistic spread between stores and real sales (among them sales exactly 20% below),
 * and typed slips (x10, x0.1, x100, swapped digits). Prints, per kind and per depth of history (the check's
 * three regimes), how many prices are refused, asked about (saved only once the shopper confirms them), listed
 * as unusual or accepted; a summary of what each regime stops; then the figures against their targets, and
 * exits 1 when one is missed.
 *   bun scripts/eval-quality.ts [cases=20000] [seed=7]
 */
import type { FuelType } from "../db/enums.ts";
import { formatCents, formatMills } from "../src/lib/money.ts";
import { categoryBounds, fuelBounds } from "../src/reports/bounds.ts";
import { type Bounds, judgePrice, MIN_BAND_REPORTS, MIN_CONSENSUS_REPORTS, median } from "../src/reports/consensus.ts";
import { CATALOGUE, pick, rng } from "./bench/data.ts";

const CASES = Number(process.argv[2] ?? 20_000);
const r = rng(Number(process.argv[3] ?? 7));
const gauss = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
const clamp = (x: number, limit: number) => Math.max(-limit, Math.min(limit, x));
/** How many shoppers were heard: the three regimes, and in bands from few voices to many. */
const DEPTHS = [0, 1, 2, 3, 4, 5, 6, 8, 12, 20, 30];

/**
 * A market's honest prices in its unit: `regular` is one store's everyday price (the typical price, spread
 * between stores), `honest` a price as shoppers report it (sometimes on sale).
 */
type Market = {
	name: string;
	format: (units: number) => string;
	draw: () => { bounds: Bounds; regular: () => number; honest: () => number };
	/** Whether swapped digits far off its consensus can be told from honest prices (not where those spread wide). */
	swapTarget: boolean;
};

/** Products: stores 12% apart (1 sd, within 35%), one price in ten on sale at 15% to 40% off. */
const products: Market = {
	name: "products",
	format: formatCents,
	draw: () => {
		const product = pick(r, CATALOGUE);
		const regular = () => Math.max(1, Math.round(product.dollars * 100 * (1 + clamp(0.12 * gauss(), 0.35))));
		const honest = () => Math.max(1, Math.round(regular() * (r() < 0.1 ? 0.6 + r() * 0.25 : 1)));
		return { bounds: categoryBounds(product.slug, product.slug), regular, honest };
	},
	swapTarget: true,
};

/** Pump fuel: stations 5% apart (within 20%), one in ten a discounter 5% to 12% below. */
const FUELS: [FuelType, number][] = [
	["regular", 3.299],
	["premium", 4.149],
	["diesel", 3.899],
	["e85", 2.799],
];
const pumps: Market = {
	name: "pump fuel",
	format: formatMills,
	draw: () => {
		const [type, dollars] = pick(r, FUELS);
		const regular = () => Math.round(dollars * 1000 * (1 + clamp(0.05 * gauss(), 0.2)));
		const honest = () => Math.round(regular() * (r() < 0.1 ? 0.88 + r() * 0.07 : 1));
		return { bounds: fuelBounds(type), regular, honest };
	},
	swapTarget: true,
};
/**
 * Charging: two markets in one near a shopper, level 2 chargers around $0.30 a kWh (15% apart) and, for two
 * chargers in five, fast ones around $0.50 (10% apart).
 */
const charging: Market = {
	name: "charging",
	format: formatMills,
	draw: () => {
		const regular = () =>
			Math.round(1000 * (r() < 0.6 ? 0.3 * (1 + clamp(0.15 * gauss(), 0.4)) : 0.5 * (1 + clamp(0.1 * gauss(), 0.3))));
		return { bounds: fuelBounds("electric"), regular, honest: regular };
	},
	swapTarget: false,
};

/** Two adjacent digits swapped ("3.49" typed "4.39"); null when no two adjacent digits differ. */
function swapDigits(units: number): number | null {
	const digits = String(units).split("");
	const pairs = digits.slice(1).flatMap((d, i) => (d === digits[i] ? [] : [i]));
	if (pairs.length === 0) return null;
	const i = pick(r, pairs);
	[digits[i], digits[i + 1]] = [digits[i + 1]!, digits[i]!];
	return Number(digits.join("")) || null;
}
const SLIPS: [string, (units: number) => number | null][] = [
	["x10", (u) => u * 10],
	["x0.1", (u) => Math.max(1, Math.round(u / 10))],
	["x100", (u) => u * 100],
	["digit swap", swapDigits],
];

/** "asked": the check's question (decision 0072), the price saved only once its reporter confirms it. */
type Outcome = "refused" | "asked" | "unusual" | "accepted";
type Tally = Record<Outcome, number>;
const depthLabel = (n: number) =>
	n >= MIN_BAND_REPORTS ? `${MIN_BAND_REPORTS}+ reports` : n >= MIN_CONSENSUS_REPORTS ? "3-4 reports" : "thin (<3)";

function evaluate(market: Market) {
	const tallies = new Map<string, Tally>();
	const count = (depth: number, kind: string, outcome: Outcome) => {
		const key = `${depthLabel(depth)}|${kind}`;
		const t = tallies.get(key) ?? { refused: 0, asked: 0, unusual: 0, accepted: 0 };
		t[outcome]++;
		tallies.set(key, t);
	};
	for (let i = 0; i < CASES; i++) {
		const { bounds, regular, honest } = market.draw();
		const depth = pick(r, DEPTHS);
		const history = Array.from({ length: depth }, honest);
		const judge = (price: number): Outcome => {
			const v = judgePrice(price, history, bounds, market.format);
			return !v.accepted ? "refused" : v.doubt ? "asked" : v.unusual ? "unusual" : "accepted";
		};
		count(depth, "honest", judge(honest()));
		// The local consensus where there is one, else the middle of honest prices.
		const reference = depth >= MIN_CONSENSUS_REPORTS ? median(history) : median(Array.from({ length: 9 }, regular));
		// A real sale: 20% off one store's regular price, and 20% below the consensus itself.
		count(depth, "sale 20% off a store", judge(Math.round(regular() * 0.8)));
		count(depth, "sale 20% below median", judge(Math.round(reference * 0.8)));
		for (const [kind, slip] of SLIPS) {
			const wrong = slip(honest());
			if (wrong === null) continue;
			const far = Math.abs(wrong - reference) > 0.5 * reference;
			count(depth, kind === "digit swap" ? `digit swap ${far ? ">" : "<="} 50% off` : kind, judge(wrong));
		}
	}
	return tallies;
}

const pct = (n: number, total: number, digits = 1) => `${total ? ((100 * n) / total).toFixed(digits) : "-"}%`;
const sum = (ts: (Tally | undefined)[]) =>
	ts.reduce<Tally>(
		(a, t) => ({
			refused: a.refused + (t?.refused ?? 0),
			asked: a.asked + (t?.asked ?? 0),
			unusual: a.unusual + (t?.unusual ?? 0),
			accepted: a.accepted + (t?.accepted ?? 0),
		}),
		{ refused: 0, asked: 0, unusual: 0, accepted: 0 },
	);
const total = (t: Tally) => t.refused + t.asked + t.unusual + t.accepted;
/** Not saved as sent: refused, or asked about first. */
const stopped = (t: Tally) => (total(t) ? (t.refused + t.asked) / total(t) : 0);
const share = (t: Tally, o: Outcome) => (total(t) ? t[o] / total(t) : 0);

/** Per regime and kind of price: refused / asked, in percent (the shares a shopper meets before anything is saved). */
function summarize(
	name: string,
	depths: string[],
	of: (depth: string, kinds: string[]) => Tally,
	columns: [string, string[]][],
) {
	console.log(`\n${name}: refused / asked`);
	console.log(`${"history".padEnd(12)} ${columns.map(([label]) => label.padStart(16)).join(" ")}`);
	for (const depth of depths) {
		const cells = columns.map(([, kinds]) => {
			const t = of(depth, kinds);
			return `${pct(t.refused, total(t))} / ${pct(t.asked, total(t))}`.padStart(16);
		});
		console.log(`${depth.padEnd(12)} ${cells.join(" ")}`);
	}
}

const started = performance.now();
const failures: string[] = [];
const lines: string[] = [];
for (const market of [products, pumps, charging]) {
	const tallies = evaluate(market);
	console.log(`\n${market.name}`);
	console.log(
		`${"history".padEnd(12)} ${"kind".padEnd(22)} ${"cases".padStart(6)} ${"refused".padStart(8)} ${"asked".padStart(7)} ${"unusual".padStart(8)} ${"accepted".padStart(9)}`,
	);
	for (const [key, t] of [...tallies].sort()) {
		const [depth, kind] = key.split("|") as [string, string];
		const n = total(t);
		console.log(
			`${depth.padEnd(12)} ${kind.padEnd(22)} ${String(n).padStart(6)} ${pct(t.refused, n).padStart(8)} ${pct(t.asked, n).padStart(7)} ${pct(t.unusual, n).padStart(8)} ${pct(t.accepted, n).padStart(9)}`,
		);
	}
	const band = `${MIN_BAND_REPORTS}+ reports`;
	const all = [band, "3-4 reports", "thin (<3)"];
	const of = (depths: string[], kinds: string[]) =>
		sum(depths.flatMap((d) => kinds.map((k) => tallies.get(`${d}|${k}`))));
	const DECIMAL_SLIPS = ["x10", "x0.1", "x100"];
	const FAR_SWAPS = ["digit swap > 50% off"];
	const HONEST = ["honest", "sale 20% off a store", "sale 20% below median"];
	summarize(market.name, [...all].reverse(), (depth, kinds) => of([depth], kinds), [
		["x10/x0.1/x100", DECIMAL_SLIPS],
		["swaps >50% off", FAR_SWAPS],
		["honest", ["honest"]],
		["20%-off sales", ["sale 20% off a store", "sale 20% below median"]],
	]);
	// Honest: as shoppers report them (one in ten on sale), and sales 20% off a store's own price. A sale 20% below
	// the median is usual by construction, so it is shown on its own rather than diluting the rate.
	const decimals = of([band], ["x10", "x0.1", "x100"]);
	const swaps = of([band], ["digit swap > 50% off"]);
	const honest = of(all, ["honest", "sale 20% off a store"]);
	const reported = of(all, ["honest"]);
	const reportedInBands = of([band], ["honest"]);
	const storeSales = of(all, ["sale 20% off a store"]);
	const sales = of(all, ["sale 20% below median"]);
	const figures: [string, number, ">=" | "<=", number][] = [
		[`${band}: x10/x0.1/x100 refused`, share(decimals, "refused"), ">=", 0.98],
		["honest prices refused", share(honest, "refused"), "<=", 0.01],
	];
	if (market.swapTarget)
		figures.splice(1, 0, [`${band}: digit swaps > 50% off refused`, share(swaps, "refused"), ">=", 0.98]);
	// With 3 or 4 voices, the swaps too far off to be honest are asked about (or refused), and honest prices pass.
	const few = "3-4 reports";
	if (market.swapTarget)
		figures.push([`${few}: digit swaps > 50% off stopped`, stopped(of([few], FAR_SWAPS)), ">=", 0.95]);
	figures.push([`${few}: honest prices and 20%-off sales stopped`, stopped(of([few], HONEST)), "<=", 0.01]);
	figures.push(["thin (<3): honest prices and 20%-off sales stopped", stopped(of(["thin (<3)"], HONEST)), "<=", 0.01]);
	lines.push(`${market.name}:`);
	for (const [label, value, op, target] of figures) {
		const ok = op === ">=" ? value >= target : value <= target;
		if (!ok) failures.push(`${market.name}: ${label}`);
		lines.push(`  ${label} ${pct(value, 1, 2)} (target ${op} ${target * 100}%) ${ok ? "ok" : "MISSED"}`);
	}
	if (!market.swapTarget)
		lines.push(
			`  (no target for its digit swaps: its honest prices are as far apart; ${pct(swaps.refused, total(swaps))} refused)`,
		);
	const outcomes = (t: Tally) =>
		`refused ${pct(t.refused, total(t), 2)}, asked ${pct(t.asked, total(t), 2)}, unusual ${pct(t.unusual, total(t), 2)}`;
	lines.push(`  honest prices as reported: ${outcomes(reported)} (with ${band}: ${outcomes(reportedInBands)})`);
	lines.push(`  sales 20% off a store: ${outcomes(storeSales)}; 20% below the median: ${outcomes(sales)}`);
}
console.log(`\n${lines.join("\n")}`);
console.log(`(${CASES} products, pumps and chargers each in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
console.log(failures.length === 0 ? "PASS" : `FAIL: ${failures.join("; ")}`);
if (failures.length > 0) process.exit(1);
