import { useQuery } from "@tanstack/react-query";
import { chartTime, LazyLineChart } from "../components/charts/LazyLineChart.tsx";
import { FUEL_LABEL, type FuelType, formatFuelPrice } from "./fuel.ts";
import { areaTrendQuery, type AreaTrend as Trend } from "./queries.ts";

const CHART_HEIGHT = 72;

/** The change against a week ago, or null without one: an arrow for the eye, the direction in words for all. */
function weekChange(change: number | null, fuel: FuelType) {
	if (change === null) return null;
	if (Math.round(change * 1000) === 0) return { arrow: null, direction: null, text: "No change since a week ago" };
	const up = change > 0;
	return {
		arrow: up ? "▲" : "▼",
		direction: up ? "Up" : "Down",
		text: `${formatFuelPrice(Math.abs(change), fuel)} since a week ago`,
	};
}

/** The days that have an average, as [day, average] for the chart. */
const pricedDays = (trend: Trend) =>
	trend.days.flatMap((d) => (d.average === null ? [] : [{ date: d.date, average: d.average }]));

/** What the line shows, in one sentence for a screen reader. */
export function trendSentence(trend: Trend, fuel: FuelType) {
	const days = pricedDays(trend);
	const first = days[0];
	const last = days.at(-1);
	if (!first || !last) return "";
	const price = (value: number) => formatFuelPrice(value, fuel);
	if (days.length === 1)
		return `${FUEL_LABEL[fuel]} prices near ${trend.zipCode} were reported on one day of the last 30, averaging ${price(last.average)}.`;
	const where = `The ${FUEL_LABEL[fuel]} average near ${trend.zipCode}`;
	const values = days.map((d) => d.average);
	return `${where} over the last 30 days went from ${price(first.average)} to ${price(last.average)}, between ${price(Math.min(...values))} and ${price(Math.max(...values))}.`;
}

/**
 * The Area Average card's last 30 days: a small line (loaded after the card, never in its way) and the change
 * since a week ago. Its loading and failure stay inside it, beneath the average they never hide.
 */
export function AreaTrend({ zipCode, fuel }: { zipCode: string; fuel: FuelType }) {
	const trend = useQuery(areaTrendQuery(zipCode, fuel));

	if (trend.isPending) {
		return (
			<div
				aria-hidden="true"
				className="skeleton w-full"
				style={{ height: CHART_HEIGHT }}
				data-testid="area-trend-loading"
			/>
		);
	}
	if (trend.isError) {
		return (
			<div
				role="status"
				className="flex flex-wrap items-center gap-2 text-sm text-base-content/70"
				data-testid="area-trend-failed"
			>
				<span>Couldn't load the 30-day trend.</span>
				<button type="button" className="btn btn-sm btn-ghost" onClick={() => void trend.refetch()}>
					Try again
				</button>
			</div>
		);
	}
	const data = trend.data;
	const days = data ? pricedDays(data) : [];
	if (!data || days.length === 0) return null;
	const change = weekChange(data.change, fuel);
	const first = data.days[0];
	const last = data.days.at(-1);
	return (
		// A div, not a figure: daisyUI centres a card's figures, and the line must take the card's width.
		<div className="flex flex-col gap-1" data-testid="area-trend">
			<p className="sr-only" data-testid="area-trend-summary">
				{trendSentence(data, fuel)}
			</p>
			{days.length > 1 && first && last && (
				<>
					<p aria-hidden="true" className="text-xs text-base-content/70">
						Last 30 days
					</p>
					<LazyLineChart
						series={[
							{
								label: `${FUEL_LABEL[fuel]} area average`,
								points: days.map((d) => [chartTime(d.date), d.average] as const),
								draw: "line",
								color: "primary",
							},
						]}
						formatValue={(value) => formatFuelPrice(value, fuel)}
						timeRange={[chartTime(first.date), chartTime(last.date)]}
						height={CHART_HEIGHT}
						compact
					/>
				</>
			)}
			{change && (
				<p className="text-sm font-medium" data-testid="area-trend-change">
					{change.arrow && (
						<>
							<span aria-hidden="true">{change.arrow} </span>
							<span className="sr-only">{change.direction} </span>
						</>
					)}
					{change.text}
				</p>
			)}
		</div>
	);
}
