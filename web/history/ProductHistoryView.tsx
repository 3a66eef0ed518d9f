import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { plural } from "../../src/lib/plural.ts";
import { chartTime, LazyLineChart } from "../components/charts/LazyLineChart.tsx";
import { formatCurrency } from "../components/format.ts";
import { termsLabel } from "../components/PriceTerms.tsx";
import { lastPriceText, ResultCard } from "../deals/index.ts";
import { Figure } from "./Parts.tsx";
import { PriceTable } from "./PriceTable.tsx";
import { bestOffersQuery, type ProductHistory, type ProductParams } from "./queries.ts";
import { againstTypicalText, dayOf, figureTitles, lastWindow, productSummaryText } from "./words.ts";

const DAY_SECONDS = 86_400;
/**
 * Where a median sits past its bucket's date (drawn at that day's noon): a week's bucket (windows longer than 30
 * days, decision 0058) in its middle, Thursday noon.
 */
const medianOffset = (days: number) => (days > 30 ? 3 * DAY_SECONDS : 0);
/** Products are priced to the cent. */
const money = (value: number) => formatCurrency(value);

/**
 * Lowest, typical and highest over the window, each naming it, with what a figure's price asks (a member price,
 * a sale, a multi-buy's bundle: its figure is one's share), where and when.
 */
function Figures({ summary, days }: { summary: ProductHistory["summary"]; days: number }) {
	const { lowest, typical, highest, reports } = summary;
	const titles = figureTitles(days);
	const where = (p: NonNullable<typeof lowest>) =>
		[termsLabel(p), p.storeName, dayOf(p.reportedAt)].filter(Boolean).join(" · ");
	return (
		<dl className="grid grid-cols-3 gap-2 sm:gap-4">
			<Figure
				title={titles.lowest}
				value={lowest ? money(lowest.price) : "—"}
				note={lowest && where(lowest)}
				testId="history-lowest"
			/>
			<Figure
				title={titles.typical}
				value={typical === null ? "—" : money(typical)}
				note={`Median of ${plural(reports, "report")}`}
				testId="history-typical"
			/>
			<Figure
				title={titles.highest}
				value={highest ? money(highest.price) : "—"}
				note={highest && where(highest)}
				testId="history-highest"
			/>
		</dl>
	);
}

/** The chart (a series per store and the median), what it shows in a sentence, and its table. */
function PriceChart({ history, updatedAt }: { history: ProductHistory; updatedAt: number }) {
	const headingId = useId();
	const to = Math.round(updatedAt / 1000);
	const series = [
		...history.stores.map((store) => ({
			label: store.name,
			draw: "dots" as const,
			points: store.points.map((p) => [chartTime(p.reportedAt), p.price] as const),
		})),
		{
			// Each bucket's own median: the page's one typical price is the figure over the whole window.
			label: history.days > 30 ? "Median per week" : "Median per day",
			draw: "line" as const,
			color: "base-content" as const,
			// A bucket's median sits in the middle of its days, among the prices it is made of.
			points: history.median.map(
				(d) => [Math.min(chartTime(d.date) + medianOffset(history.days), to), d.price] as const,
			),
		},
	];
	const rows = history.stores.flatMap((store) =>
		store.points.map((p) => ({ id: p.reportId, reportedAt: p.reportedAt, price: p.price, store: store.name })),
	);
	return (
		<section aria-labelledby={headingId} className="card bg-base-100 shadow-sm">
			<div className="card-body gap-3 p-4">
				<h2 id={headingId} className="font-semibold">
					Prices over {lastWindow(history.days)}
				</h2>
				<p className="sr-only" data-testid="history-summary">
					{productSummaryText(history, money)}
				</p>
				<LazyLineChart series={series} formatValue={money} timeRange={[to - history.days * DAY_SECONDS, to]} />
				{history.summary.stores > history.stores.length && (
					<p className="text-sm text-base-content/75" data-testid="history-charted-stores">
						The {history.stores.length} stores with the most reports are shown, of {history.summary.stores}; the typical
						price and the figures count them all.
					</p>
				)}
				<PriceTable
					caption={`Prices of ${history.productName} reported near ${history.zipCode} over ${lastWindow(history.days)}${
						history.summary.stores > history.stores.length ? `, at the ${history.stores.length} stores shown` : ""
					}; a multi-buy at the price of one`}
					rows={rows}
					formatPrice={money}
				/>
			</div>
		</section>
	);
}

/** The shopper's own last price of the product, against the page's typical price over its window. */
function YouPaidCard({ youPaid, days }: { youPaid: NonNullable<ProductHistory["youPaid"]>; days: number }) {
	const paid = lastPriceText(youPaid);
	return (
		<section aria-label="Your last price" className="alert alert-info alert-soft" data-testid="history-you-paid">
			<p>{youPaid.change === null ? paid : `${paid} · ${againstTypicalText(youPaid.change, days, money)}`}</p>
		</section>
	);
}

/** The live offers, cheapest first, as search shows them: a shopper can vote, take one or correct it here. */
function BestOffers({ params, offers }: { params: ProductParams; offers: ProductHistory["bestOffers"] }) {
	const queryClient = useQueryClient();
	const list = useQuery(bestOffersQuery(queryClient, params, offers)).data;
	const headingId = useId();
	return (
		<section aria-labelledby={headingId} className="flex flex-col gap-3">
			{/* Focusable for a card's word that takes it off the list: the heading stays as the card goes. */}
			<h2 id={headingId} tabIndex={-1} className="text-lg font-semibold">
				Current best offers
			</h2>
			{list.length === 0 ? (
				<p className="text-sm text-base-content/75" data-testid="history-no-offers">
					No live offers right now.
				</p>
			) : (
				<div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-1">
					{list.map((report) => (
						<ResultCard key={report.id} report={report} best={false} homeId={headingId} historyLink={false} />
					))}
				</div>
			)}
		</section>
	);
}

/** A product's history once it has come: the figures, the chart and table, what they paid, the offers. */
export function ProductHistoryView({
	history,
	params,
	updatedAt,
	empty,
}: {
	history: ProductHistory;
	params: ProductParams;
	updatedAt: number;
	/** What the page shows in place of the figures and chart when the window holds no report. */
	empty: React.ReactNode;
}) {
	// On a wide screen the offers stand beside the history, in their own column.
	return (
		<div className="flex flex-col gap-4 lg:grid lg:grid-cols-2 lg:grid-rows-[auto_auto_auto_1fr] lg:items-start xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
			{history.youPaid && <YouPaidCard youPaid={history.youPaid} days={history.days} />}
			{history.summary.reports === 0 ? (
				empty
			) : (
				<>
					<Figures summary={history.summary} days={history.days} />
					<PriceChart history={history} updatedAt={updatedAt} />
				</>
			)}
			<div className="lg:col-start-2 lg:row-span-4 lg:row-start-1">
				<BestOffers params={params} offers={history.bestOffers} />
			</div>
		</div>
	);
}
