import { compareResults, savingsText } from "./best-deal.ts";
import type { Report } from "./queries.ts";

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/**
 * Spec §2's summary: how many results, the potential savings (the spread between the dearest and cheapest, per
 * unit when the results compare by unit price: best-deal.ts) and how many stores. The savings appear only when
 * there are two prices to compare. On a phone it is one line ("3 deals · 2 stores · save up to $0.40"), so
 * the results start near the top; from the sm breakpoint, cards. `more`: the search found more than it shows;
 * the figures then describe the ones shown.
 */
export function SummaryCards({ results, more = false }: { results: readonly Report[]; more?: boolean }) {
	const count = results.length;
	const stores = new Set(results.map((r) => r.store.id)).size;
	const comparison = compareResults(results);
	const savings = comparison && savingsText(comparison);
	const shown = more ? `${count}+` : String(count);
	const cards = [
		{ label: "Reports found", value: shown, testId: "summary-reports" },
		...(savings ? [{ label: "Potential savings", value: savings, testId: "summary-savings" }] : []),
		{ label: plural(stores, "Store", "Stores"), value: String(stores), testId: "summary-stores" },
	];
	const line = [
		`${shown} ${plural(count, "deal", "deals")}`,
		`${stores} ${plural(stores, "store", "stores")}`,
		savings && `save up to ${savings}`,
	];
	return (
		<>
			<p className="text-sm font-medium text-base-content/80 sm:hidden" data-testid="summary-line">
				{line.filter(Boolean).join(" · ")}
			</p>
			<dl
				className={`hidden gap-3 sm:grid ${savings ? "sm:grid-cols-3" : "sm:grid-cols-2"}`}
				aria-label="Search summary"
			>
				{cards.map((card) => (
					<div key={card.testId} className="rounded-box border border-base-300 bg-base-100 px-3 py-2 shadow-sm">
						<dt className="text-xs text-base-content/70">{card.label}</dt>
						<dd className="text-2xl font-bold" data-testid={card.testId}>
							{card.value}
						</dd>
					</div>
				))}
			</dl>
		</>
	);
}
