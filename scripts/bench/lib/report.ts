/** Budgets: each a measured figure against a limit, printed as it is decided and again in the summary table. */
import { readFileSync, writeFileSync } from "node:fs";
import { loadAverage } from "./util.ts";

export type Budget = {
	area: string;
	name: string;
	measured: string;
	limit: string;
	/** measured / limit for ceilings, limit / measured for floors: above 1 means over budget. */
	ratio: number | null;
	/** null: could not be measured here (with `note` saying why). */
	pass: boolean | null;
	note?: string;
};

export const budgets: Budget[] = [];
export const figures: Record<string, unknown> = {};

const verdict = (b: Budget) => (b.pass === null ? "N/A" : b.pass ? "PASS" : "FAIL");
const ratioText = (r: number | null) => (r === null || !Number.isFinite(r) ? "" : `${r.toFixed(2)}x`);

/** A ceiling: pass when measured ≤ limit (or < limit when strict). */
export function atMost(
	area: string,
	name: string,
	measured: number,
	limit: number,
	unit: (n: number) => string,
	strict = false,
	note?: string,
) {
	const pass = Number.isFinite(measured) ? (strict ? measured < limit : measured <= limit) : false;
	return add({
		area,
		name,
		measured: unit(measured),
		limit: `${strict ? "<" : "≤"} ${unit(limit)}`,
		ratio: measured / limit,
		pass,
		note,
	});
}

/** A floor: pass when measured ≥ limit. */
export function atLeast(
	area: string,
	name: string,
	measured: number,
	limit: number,
	unit: (n: number) => string,
	note?: string,
) {
	const pass = Number.isFinite(measured) && measured >= limit;
	return add({ area, name, measured: unit(measured), limit: `≥ ${unit(limit)}`, ratio: limit / measured, pass, note });
}

export function check(area: string, name: string, pass: boolean, measured: string, limit: string, note?: string) {
	return add({ area, name, measured, limit, ratio: null, pass, note });
}

export function unavailable(area: string, name: string, why: string) {
	return add({ area, name, measured: "not available", limit: "", ratio: null, pass: null, note: why });
}

function add(b: Budget) {
	budgets.push(b);
	console.log(
		`  ${verdict(b).padEnd(4)}  ${b.name}: ${b.measured} (budget ${b.limit || "n/a"}${b.ratio !== null ? `, ratio ${ratioText(b.ratio)}` : ""})${b.note ? ` - ${b.note}` : ""}`,
	);
	return b;
}

export function section(title: string) {
	console.log(`\n== ${title} [load average ${loadAverage().toFixed(2)}]`);
}

export function printSummary() {
	const rows = budgets.map((b) => [b.area, b.name, b.measured, b.limit, ratioText(b.ratio), verdict(b)]);
	const head = ["area", "budget", "measured", "limit", "ratio", "result"];
	const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
	const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
	console.log(`\n== Summary\n${line(head)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
	for (const r of rows) console.log(line(r));
	const count = (p: boolean | null) => budgets.filter((b) => b.pass === p).length;
	console.log(`\n${count(true)} passed, ${count(false)} failed, ${count(null)} not available`);
}

export function writeJson(file: string, meta: Record<string, unknown>) {
	writeFileSync(file, `${JSON.stringify({ ...meta, budgets, figures }, null, 2)}\n`);
	console.log(`wrote ${file}`);
}

const START = "<!-- bench:start -->";
const END = "<!-- bench:end -->";

/** The summary as a Markdown table, headed by when and where it ran (no commit: git keeps history). */
export function summaryMarkdown(meta: { date: string; machine: string; scope: string }) {
	const cell = (s: string) => s.replaceAll("|", "\\|");
	const rows = budgets.map((b) => [b.area, b.name, b.measured, b.limit, ratioText(b.ratio), verdict(b)].map(cell));
	const count = (p: boolean | null) => budgets.filter((b) => b.pass === p).length;
	return [
		`Latest run: ${meta.date}, ${meta.machine}; ${meta.scope}: ${count(true)} passed, ${count(false)} failed, ${count(null)} not available.`,
		"",
		"| area | budget | measured | limit | ratio | result |",
		"| --- | --- | --- | --- | --- | --- |",
		...rows.map((r) => `| ${r.join(" | ")} |`),
	].join("\n");
}

/** Replaces what lies between the bench markers in a Markdown file (docs/performance.md) with the summary. */
export function writeDocs(file: string, meta: { date: string; machine: string; scope: string }) {
	const text = readFileSync(file, "utf8");
	const start = text.indexOf(START);
	const end = text.indexOf(END);
	if (start < 0 || end < start) throw new Error(`${file} has no ${START} ... ${END} section to replace`);
	const table = summaryMarkdown(meta);
	writeFileSync(file, `${text.slice(0, start + START.length)}\n${table}\n${text.slice(end)}`);
	console.log(`wrote the summary into ${file}`);
}
