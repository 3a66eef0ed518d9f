import { formatCurrency } from "../components/format.ts";
import type { Report } from "./queries.ts";

/** Spec §2: how many reports, the spread between the dearest and cheapest price, and how many stores. */
export function summarize(results: readonly Report[]) {
	const prices = results.map((r) => r.price);
	const savings = prices.length ? Math.max(...prices) - Math.min(...prices) : 0;
	return {
		reports: results.length,
		// Prices are cents on the server; rounding here undoes the float subtraction's noise.
		savings: Math.round(savings * 100) / 100,
		stores: new Set(results.map((r) => r.store.id)).size,
	};
}

/** `more`: the search found more reports than it shows; the figures then describe the ones shown. */
export function SummaryCards({ results, more = false }: { results: readonly Report[]; more?: boolean }) {
	const { reports, savings, stores } = summarize(results);
	const cards = [
		{ label: "Reports found", value: more ? `${reports}+` : String(reports), testId: "summary-reports" },
		{ label: "Potential savings", value: formatCurrency(savings), testId: "summary-savings" },
		{ label: stores === 1 ? "Store" : "Stores", value: String(stores), testId: "summary-stores" },
	];
	return (
		<dl className="grid grid-cols-3 gap-2 sm:gap-3" aria-label="Search summary">
			{cards.map((card) => (
				<div key={card.testId} className="rounded-box border border-base-300 bg-base-100 px-3 py-2 shadow-sm">
					<dt className="text-xs text-base-content/70">{card.label}</dt>
					<dd className="text-lg font-bold sm:text-2xl" data-testid={card.testId}>
						{card.value}
					</dd>
				</div>
			))}
		</dl>
	);
}
