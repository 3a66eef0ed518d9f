import "uplot/dist/uPlot.min.css";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import uPlot from "uplot";
import {
	alignSeries,
	type ChartColor,
	type ChartSeries,
	DEFAULT_CHART_HEIGHT,
	type LineChartProps,
	seriesColors,
} from "./series.ts";

/**
 * A theme colour as the canvas draws it. daisyUI writes its colours in oklch, which an older canvas cannot
 * parse: one pixel painted and read back gives the same colour as rgba.
 */
function canvasColor(element: Element, name: ChartColor | "base-300", alpha = 1) {
	const value = getComputedStyle(element).getPropertyValue(`--color-${name}`).trim();
	const probe = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
	if (!value || !probe) return `rgba(128, 128, 128, ${alpha})`;
	probe.fillStyle = value;
	probe.fillRect(0, 0, 1, 1);
	const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
	return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

const DARK = "(prefers-color-scheme: dark)";
const subscribeScheme = (onChange: () => void) => {
	const query = matchMedia(DARK);
	query.addEventListener("change", onChange);
	return () => query.removeEventListener("change", onChange);
};
/** The system's light or dark: the theme follows it, so the chart is drawn again in the other colours. */
const useDark = () => useSyncExternalStore(subscribeScheme, () => matchMedia(DARK).matches);

/** Money steps for the value axis, so every label is a round price. */
const VALUE_STEPS = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500];
const FONT = "12px system-ui, sans-serif";
const dayText = (seconds: number) =>
	new Date(seconds * 1000).toLocaleDateString("en-US", { month: "short", day: "numeric" });

type Drawn = {
	series: readonly ChartSeries[];
	timeRange: readonly [number, number] | null;
	height: number;
	compact: boolean;
};

function chartOptions(
	element: Element,
	{ series, timeRange, height, compact }: Drawn,
	formatValue: (value: number) => string,
	onCursor: (text: string) => void,
): uPlot.Options {
	const text = canvasColor(element, "base-content", 0.75);
	const grid = canvasColor(element, "base-300");
	const colors = seriesColors(series).map((c) => canvasColor(element, c));
	const axis = {
		show: !compact,
		stroke: text,
		font: FONT,
		grid: { stroke: grid, width: 1 },
		ticks: { stroke: grid, width: 1, size: 4 },
	};
	return {
		width: Math.max(element.clientWidth, 1),
		height,
		legend: { show: false },
		cursor: compact ? { show: false } : { drag: { x: false, y: false }, points: { size: 9 } },
		...(compact ? { padding: [4, 2, 4, 2] as uPlot.Padding } : {}),
		scales: {
			x: { time: true, ...(timeRange ? { range: (): uPlot.Range.MinMax => [timeRange[0], timeRange[1]] } : {}) },
			y: { range: (_u, min, max) => uPlot.rangeNum(min, max, 0.1, true) },
		},
		axes: [
			{ ...axis, space: 60 },
			{
				...axis,
				incrs: VALUE_STEPS,
				// Rounded to the decimals shown, two steps could read alike: the repeat is left out.
				values: (_u, splits) =>
					splits.map((v, i) => (i > 0 && formatValue(splits[i - 1] ?? v) === formatValue(v) ? "" : formatValue(v))),
				size: (_u, values) => 14 + 7 * Math.max(4, ...(values ?? []).map((v) => v.length)),
			},
		],
		series: [
			{},
			...series.map((s, i): uPlot.Series => {
				const stroke = colors[i] ?? text;
				if (s.draw === "dots")
					return {
						label: s.label,
						stroke,
						paths: () => null,
						points: { show: true, size: 7, space: 0, fill: stroke, stroke },
					};
				const points =
					s.draw === "line-dots" ? { show: true, size: 6, space: 0, fill: stroke, stroke } : { show: false };
				return { label: s.label, stroke, width: 2, spanGaps: true, points };
			}),
		],
		hooks: {
			setCursor: [
				(u) => {
					const idx = u.cursor.idx;
					const time = idx === null || idx === undefined ? undefined : u.data[0][idx];
					if (idx === null || idx === undefined || time === undefined) return onCursor("");
					const values = series.flatMap((s, i) => {
						const value = u.data[i + 1]?.[idx];
						return value === null || value === undefined ? [] : [`${s.label} ${formatValue(value)}`];
					});
					onCursor(`${dayText(time)}: ${values.join(" · ")}`);
				},
			],
		},
	};
}

/**
 * A chart over time (uPlot on a canvas): dots for reported prices, lines for a median or an average, the
 * theme's colours, the container's width. For the eye only: the canvas is hidden from screen readers, whose
 * users read the page's text summary and table of the same figures.
 */
export function LineChart({
	series,
	formatValue,
	timeRange,
	height = DEFAULT_CHART_HEIGHT,
	compact = false,
}: LineChartProps) {
	const holder = useRef<HTMLDivElement>(null);
	const format = useRef(formatValue);
	format.current = formatValue;
	const [readout, setReadout] = useState("");
	const dark = useDark();
	// The chart is made again when what it draws changes, not on every render with equal figures.
	const drawn = JSON.stringify({ series, timeRange: timeRange ?? null, height, compact } satisfies Drawn);

	useEffect(() => {
		const element = holder.current;
		if (!element) return;
		const figures = JSON.parse(drawn) as Drawn;
		const chart = new uPlot(
			chartOptions(element, figures, (v) => format.current(v), setReadout),
			alignSeries(figures.series) as uPlot.AlignedData,
			element,
		);
		const observer = new ResizeObserver(([entry]) => {
			const width = Math.floor(entry?.contentRect.width ?? 0);
			if (width > 0 && width !== chart.width) chart.setSize({ width, height: figures.height });
		});
		observer.observe(element);
		return () => {
			observer.disconnect();
			chart.destroy();
		};
	}, [drawn, dark]);

	const colors = seriesColors(series);
	return (
		<div aria-hidden="true" className="flex flex-col gap-2" data-testid="line-chart">
			<div ref={holder} className="w-full overflow-hidden" style={{ height }} />
			{!compact && <p className="min-h-5 text-xs text-base-content/75 tabular-nums">{readout}</p>}
			{!compact && (
				<ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-base-content/80">
					{series.map((s, i) => (
						// By place, not label: two stores may share a name.
						<li key={i} className="flex min-w-0 items-center gap-1.5">
							<span
								className={s.draw === "dots" ? "size-2.5 shrink-0 rounded-full" : "h-0.5 w-4 shrink-0"}
								style={{ background: `var(--color-${colors[i]})` }}
							/>
							<span className="truncate">{s.label}</span>
						</li>
					))}
				</ul>
			)}
		</div>
	);
}
