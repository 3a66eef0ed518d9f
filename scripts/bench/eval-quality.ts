/**
 * Measures the statistical quality check on a labelled synthetic data set: legitimate prices with a
 * realistic spread (and occasional sales), and typed slips (x10, x0.1, x100, swapped digits). Prints, per
 * kind, how many the check rejects, once a product has 5 or more nearby reports, and with thin history.
 *   bun scripts/bench/eval-quality.ts [products=2000] [seed=7]
 */
import { categoryBounds } from "../../src/reports/bounds.ts";
import { judgePrice } from "../../src/reports/consensus.ts";
import { PRODUCTS, rng } from "./data.ts";

const N = Number(process.argv[2] ?? 2000);
const r = rng(Number(process.argv[3] ?? 7));
const gauss = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
/** A legitimate price: ±12% (1 sd) around the typical one, one in ten on sale at 60 to 85%. */
const legit = (typical: number) => {
	const noise = 1 + Math.max(-0.35, Math.min(0.35, 0.12 * gauss()));
	const sale = r() < 0.1 ? 0.6 + r() * 0.25 : 1;
	return Math.max(1, Math.round(typical * 100 * noise * sale));
};
const swapDigits = (cents: number) => {
	const s = String(cents).split("");
	if (s.length < 2) return cents * 10;
	const i = Math.floor(r() * (s.length - 1));
	[s[i], s[i + 1]] = [s[i + 1]!, s[i]!];
	const swapped = Number(s.join(""));
	return swapped === cents || swapped === 0 ? cents + 90 : swapped;
};
const SLIPS: Record<string, (c: number) => number> = {
	x10: (c) => c * 10,
	"x0.1": (c) => Math.max(1, Math.round(c / 10)),
	x100: (c) => c * 100,
	"digit swap": swapDigits,
};
const fmt = (c: number) => `$${(c / 100).toFixed(2)}`;

type Tally = { total: number; rejected: number };
const tallies = new Map<string, Tally>();
const count = (key: string, rejected: boolean) => {
	const t = tallies.get(key) ?? { total: 0, rejected: 0 };
	t.total++;
	if (rejected) t.rejected++;
	tallies.set(key, t);
};

for (let i = 0; i < N; i++) {
	const [slug, name, typical] = PRODUCTS[Math.floor(r() * PRODUCTS.length)]!;
	const bounds = categoryBounds(slug, name);
	const historySize = [0, 1, 2, 5, 8, 12, 20, 30][Math.floor(r() * 8)]!;
	const history = Array.from({ length: historySize }, () => legit(typical));
	const band = historySize >= 5 ? "5+ reports" : "thin (<5)";
	const honest = legit(typical);
	count(`${band} | legitimate`, !judgePrice(honest, history, bounds, fmt).accepted);
	for (const [kind, slip] of Object.entries(SLIPS)) {
		const wrong = slip(legit(typical));
		count(`${band} | ${kind}`, !judgePrice(wrong, history, bounds, fmt).accepted);
	}
}

console.log(`${"history | kind".padEnd(28)} ${"cases".padStart(6)} ${"rejected".padStart(9)}`);
for (const [key, t] of [...tallies].sort()) {
	console.log(
		`${key.padEnd(28)} ${String(t.total).padStart(6)} ${((100 * t.rejected) / t.total).toFixed(1).padStart(8)}%`,
	);
}
const get = (k: string) => tallies.get(k) ?? { total: 0, rejected: 0 };
const slipsCaught = ["x10", "x0.1", "x100"].map((k) => get(`5+ reports | ${k}`));
const recall = slipsCaught.reduce((a, t) => a + t.rejected, 0) / slipsCaught.reduce((a, t) => a + t.total, 0);
const falseReject = get("5+ reports | legitimate").rejected / get("5+ reports | legitimate").total;
const allLegit = [get("5+ reports | legitimate"), get("thin (<5) | legitimate")];
const falseRejectAll = allLegit.reduce((a, t) => a + t.rejected, 0) / allLegit.reduce((a, t) => a + t.total, 0);
console.log(
	`\nwith 5+ reports: x10/x0.1/x100 slips rejected ${(recall * 100).toFixed(1)}% (target >= 95%), ` +
		`legitimate prices rejected ${(falseReject * 100).toFixed(2)}% (target <= 1%); ` +
		`all histories: legitimate rejected ${(falseRejectAll * 100).toFixed(2)}% ` +
		`${recall >= 0.95 && falseReject <= 0.01 ? "PASS" : "FAIL"}`,
);
