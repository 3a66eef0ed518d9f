import { useId } from "react";
import { plural } from "../../src/lib/plural.ts";
import { chartTime, LazyLineChart } from "../components/charts/LazyLineChart.tsx";
import { FUEL_LABEL, type FuelType, formatFuelPrice } from "../gas/index.ts";
import { Figure } from "./Parts.tsx";
import { PriceTable } from "./PriceTable.tsx";
import type { FuelHistory } from "./queries.ts";
import { figureTitles, fuelSummaryText, lastWindow } from "./words.ts";

const DAY_SECONDS = 86_400;

/** One fuel's prices at the station over the window: the figures, the chart, its sentence and its table. */
export function FuelChart({
	history,
	days,
	stationName,
	updatedAt,
}: {
	history: FuelHistory;
	days: number;
	stationName: string;
	updatedAt: number;
}) {
	const headingId = useId();
	const fuel: FuelType = history.fuelType;
	const label = FUEL_LABEL[fuel];
	// Fuel to the tenth of a cent, as the Gas page prices it.
	const money = (value: number) => formatFuelPrice(value, fuel);
	const { lowest, typical, highest, reports } = history.summary;
	const titles = figureTitles(days);
	const to = Math.round(updatedAt / 1000);
	const series = [
		{
			label: `${label} price`,
			draw: "line-dots" as const,
			points: history.points.map((p) => [chartTime(p.reportedAt), p.price] as const),
		},
	];
	// On a wide screen the figures span both of the page's columns (this wrapper steps aside), so the chart and the
	// reports beside it start level however tall the figures grow.
	return (
		<div className="flex flex-col gap-4 lg:contents">
			<dl className="grid grid-cols-3 gap-2 sm:gap-4 lg:col-span-2">
				<Figure title={titles.lowest} value={lowest === null ? "—" : money(lowest)} testId="history-lowest" />
				<Figure
					title={titles.typical}
					value={typical === null ? "—" : money(typical)}
					note={`Median of ${plural(reports, "report")}`}
					testId="history-typical"
				/>
				<Figure title={titles.highest} value={highest === null ? "—" : money(highest)} testId="history-highest" />
			</dl>
			<section aria-labelledby={headingId} className="card bg-base-100 shadow-sm">
				<div className="card-body gap-3 p-4">
					<h2 id={headingId} className="font-semibold">
						{label} over {lastWindow(days)}
					</h2>
					<p className="sr-only" data-testid="history-summary">
						{fuelSummaryText(label, days, history.summary, money)}
					</p>
					<LazyLineChart series={series} formatValue={money} timeRange={[to - days * DAY_SECONDS, to]} />
					<PriceTable
						caption={`${label} prices reported at ${stationName} over ${lastWindow(days)}`}
						rows={history.points.map((p) => ({ id: p.reportId, reportedAt: p.reportedAt, price: p.price }))}
						formatPrice={money}
					/>
				</div>
			</section>
		</div>
	);
}
