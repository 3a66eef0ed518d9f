/**
 * What a chart draws, apart from the chart library: the lazy chart's callers import these types and helpers
 * without pulling uPlot into their own chunk.
 */

/** The theme colours a series can wear (daisyUI's variables), so light and dark both read. */
export type ChartColor = "primary" | "secondary" | "accent" | "info" | "success" | "warning" | "error" | "base-content";

/** One series: its name in the legend, its points as [time in seconds, value], and how it is drawn. */
export type ChartSeries = {
	label: string;
	points: readonly (readonly [x: number, y: number])[];
	/**
	 * "dots": one dot per point (reported prices of several stores); "line": points joined (a median, an
	 * average); "line-dots": both (one station's reported prices over time).
	 */
	draw: "dots" | "line" | "line-dots";
	/** Its colour; by default the next of the palette, in order. */
	color?: ChartColor;
};

export type LineChartProps = {
	series: readonly ChartSeries[];
	/** A value as the axis writes it: two decimals for products, three for fuel. */
	formatValue: (value: number) => string;
	/** The time axis from and to, in seconds (the chosen window); the points' own span when not given. */
	timeRange?: readonly [from: number, to: number];
	/** Height in CSS pixels; the width follows the container. */
	height?: number;
	/** A sparkline: the line alone, without axes, legend or the pointer's readout (a card's small trend). */
	compact?: boolean;
};

export const DEFAULT_CHART_HEIGHT = 240;

/** The colours given to series without one, in order: distinct in both themes. */
export const PALETTE: readonly ChartColor[] = ["primary", "secondary", "info", "accent", "error", "warning", "success"];

/** Each series' colour: its own, or the next of the palette not taken by another series. */
export function seriesColors(series: readonly ChartSeries[]): ChartColor[] {
	const taken = new Set(series.flatMap((s) => (s.color ? [s.color] : [])));
	const free = PALETTE.filter((c) => !taken.has(c));
	let next = 0;
	return series.map((s) => s.color ?? free[next++ % Math.max(free.length, 1)] ?? "primary");
}

/**
 * uPlot's data: one sorted array of times shared by every series, and per series its value at each time (null
 * where it has none). Two points of a series at the same time keep the later one.
 */
export function alignSeries(series: readonly ChartSeries[]): [number[], ...(number | null)[][]] {
	const times = [...new Set(series.flatMap((s) => s.points.map(([x]) => x)))].sort((a, b) => a - b);
	const index = new Map(times.map((x, i) => [x, i]));
	const columns = series.map((s) => {
		const column: (number | null)[] = times.map(() => null);
		for (const [x, y] of s.points) column[index.get(x) as number] = y;
		return column;
	});
	return [times, ...columns];
}

/** Seconds since the epoch of an ISO time or a "YYYY-MM-DD" day (its UTC noon, so it sits in its own day). */
export function chartTime(iso: string): number {
	const day = /^\d{4}-\d{2}-\d{2}$/.test(iso);
	return Math.round(Date.parse(day ? `${iso}T12:00:00Z` : iso) / 1000);
}
