import { describe, expect, test } from "bun:test";
import { trendSentence } from "./AreaTrend.tsx";

const trend = (averages: (number | null)[]) => ({
	fuelType: "regular" as const,
	zipCode: "59101",
	days: averages.map((average, i) => ({ date: `2026-11-${String(i + 1).padStart(2, "0")}`, average, stations: 1 })),
	now: averages.at(-1) ?? null,
	weekAgo: null,
	change: null,
});

describe("trendSentence", () => {
	test("sums up the line: from, to, and its range, over the days with prices", () => {
		expect(trendSentence(trend([null, 3.1, 2.98, 3.2, null, 3.04]), "regular")).toBe(
			"The Regular average near 59101 over the last 30 days went from $3.100 to $3.040, between $2.980 and $3.200.",
		);
	});

	test("one day of prices is said as such, and none says nothing", () => {
		expect(trendSentence(trend([null, 0.45]), "electric")).toBe(
			"Electric prices near 59101 were reported on one day of the last 30, averaging $0.450.",
		);
		expect(trendSentence(trend([null, null]), "regular")).toBe("");
	});
});
