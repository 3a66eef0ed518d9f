/** What an import took and what it left out, by reason, with a few examples each: what the command prints. */
import { plural } from "../lib/plural.ts";

/** How many examples a reason prints: enough to find the lines, few enough to read. */
const EXAMPLES = 3;

/** Something the import did not take: why (grouped on), and which record it was (an example). */
export type LeftOut = { leftOut: string; example: string };

export const leaveOut = (reason: string, example: string): LeftOut => ({ leftOut: reason, example });
export const isLeftOut = (value: unknown): value is LeftOut =>
	typeof value === "object" && value !== null && "leftOut" in value;

export class ImportTally {
	/** Records read from the file. */
	read = 0;
	/** By noun ("price") then what became of them ("added"), in the order first met. */
	private readonly taken = new Map<string, Map<string, number>>();
	private readonly left = new Map<string, { count: number; examples: string[] }>();

	/** Counts something taken (a "price", a "store"), under what became of it ("added", "already here"). */
	take(noun: string, what: string) {
		const outcomes = this.taken.get(noun) ?? new Map<string, number>();
		outcomes.set(what, (outcomes.get(what) ?? 0) + 1);
		this.taken.set(noun, outcomes);
	}

	leave({ leftOut, example }: LeftOut) {
		const entry = this.left.get(leftOut) ?? { count: 0, examples: [] };
		entry.count++;
		if (entry.examples.length < EXAMPLES) entry.examples.push(example);
		this.left.set(leftOut, entry);
	}

	/** How many of `noun` became `what` (tests). */
	tookAs(noun: string, what: string): number {
		return this.taken.get(noun)?.get(what) ?? 0;
	}

	/** How many of any noun became `what` ("added"): a running import's progress. */
	totalAs(what: string): number {
		let n = 0;
		for (const outcomes of this.taken.values()) n += outcomes.get(what) ?? 0;
		return n;
	}

	/** How many were left out for `reason` (tests). */
	leftOutFor(reason: string): number {
		return this.left.get(reason)?.count ?? 0;
	}

	get takenCount() {
		let n = 0;
		for (const outcomes of this.taken.values()) for (const count of outcomes.values()) n += count;
		return n;
	}

	get leftOutCount() {
		return [...this.left.values()].reduce((a, b) => a + b.count, 0);
	}

	/** The reasons with their counts and examples, most frequent first. */
	reasons() {
		return [...this.left.entries()]
			.map(([reason, { count, examples }]) => ({ reason, count, examples }))
			.sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
	}

	/** The report as printed: what was taken, then what was left out, grouped by reason. */
	lines(): string[] {
		const out = [this.takenCount === 0 ? "took nothing" : `took ${this.takenCount}:`];
		for (const [noun, outcomes] of this.taken)
			for (const [what, n] of outcomes) out.push(`  ${plural(n, noun)} ${what}`);
		const reasons = this.reasons();
		out.push(reasons.length === 0 ? "left nothing out" : `left out ${this.leftOutCount}, by reason:`);
		for (const { reason, count, examples } of reasons) {
			const more = count > examples.length ? "; ..." : "";
			out.push(`  ${reason}: ${count}, e.g. ${examples.join("; ")}${more}`);
		}
		return out;
	}
}
