import { lazy, Suspense } from "react";
import { DEFAULT_CHART_HEIGHT, type LineChartProps } from "./series.ts";

export type { ChartColor, ChartSeries, LineChartProps } from "./series.ts";
export { chartTime } from "./series.ts";

// uPlot and its styles load with the first chart shown, never with the first screen.
const LineChart = lazy(() => import("./LineChart.tsx").then((m) => ({ default: m.LineChart })));

/** The chart, loaded on first use; a placeholder of the same height holds its room until then. */
export function LazyLineChart(props: LineChartProps) {
	const height = props.height ?? DEFAULT_CHART_HEIGHT;
	return (
		<Suspense
			fallback={
				<div aria-hidden="true" data-testid="chart-loading">
					<div className="skeleton w-full" style={{ height }} />
				</div>
			}
		>
			<LineChart {...props} />
		</Suspense>
	);
}
