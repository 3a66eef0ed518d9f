/** The "old" section: this binary against an older one, alternated on fresh copies of the bench database. */
import { compareBinaries } from "./binaries.ts";
import type { LoadGenerator } from "./load.ts";
import { atMost, figures, section } from "./report.ts";

/**
 * A price report may cost the server no more CPU than it did on the old binary: the median over alternated rounds,
 * whose spread is printed beside it (the machine is shared). Search is measured too, for the same-run ratio.
 */
export async function oldBinarySection(
	gen: LoadGenerator,
	bins: { old: string; new: string },
	db: string,
	quick: boolean,
) {
	section(`Against the old binary (${bins.old}): server CPU per request, alternated rounds on fresh copies`);
	const results = await compareBinaries(gen, bins, {
		db,
		calls: ["report a price", "search milk"],
		rounds: 3,
		seconds: quick ? 4 : 8,
	});
	figures.oldBinary = results;
	for (const r of results) {
		const spread = (xs: number[]) => `${Math.min(...xs).toFixed(3)}-${Math.max(...xs).toFixed(3)}`;
		const note = `medians ${r.new.toFixed(3)} vs ${r.old.toFixed(3)} ms; rounds new ${spread(r.rounds.new)}, old ${spread(r.rounds.old)} ms`;
		if (r.call === "report a price")
			atMost(
				"Writes",
				"server CPU per price report, new / old binary",
				r.ratio,
				1,
				(x) => `${x.toFixed(3)}x`,
				false,
				note,
			);
		else console.log(`  ${r.call}: new / old ${r.ratio.toFixed(3)}x (${note})`);
	}
}
