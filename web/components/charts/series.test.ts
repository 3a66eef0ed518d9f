import { describe, expect, test } from "bun:test";
import { alignSeries, chartTime, seriesColors } from "./series.ts";

describe("alignSeries", () => {
	test("shares one sorted time axis and leaves a gap where a series has no point", () => {
		const data = alignSeries([
			{
				label: "A",
				draw: "dots",
				points: [
					[30, 2.5],
					[10, 2],
				],
			},
			{ label: "B", draw: "line", points: [[20, 3]] },
		]);
		expect(data).toEqual([
			[10, 20, 30],
			[2, null, 2.5],
			[null, 3, null],
		]);
	});
});

describe("seriesColors", () => {
	test("gives series without a colour the palette's colours no other series wears", () => {
		const colors = seriesColors([
			{ label: "A", draw: "dots", points: [] },
			{ label: "Median", draw: "line", points: [], color: "primary" },
			{ label: "B", draw: "dots", points: [] },
		]);
		expect(colors).toEqual(["secondary", "primary", "info"]);
	});
});

describe("chartTime", () => {
	test("puts a day at its UTC noon and an instant where it is", () => {
		expect(chartTime("2024-03-01")).toBe(Date.UTC(2024, 2, 1, 12) / 1000);
		expect(chartTime("2024-03-01T08:00:00.000Z")).toBe(Date.UTC(2024, 2, 1, 8) / 1000);
	});
});
