import { describe, expect, test } from "bun:test";
import { averageDollars, percentFromAverage } from "./stations.ts";

describe("area figures in whole mills", () => {
	test("percent from the average rounds to one decimal, halves away from zero, never -0", () => {
		expect(percentFromAverage(3000, 9900, 3)).toBe(-9.1);
		expect(percentFromAverage(3300, 9900, 3)).toBe(0);
		expect(percentFromAverage(3600, 9900, 3)).toBe(9.1);
		// Exactly 0.05% either side: a float could round these either way.
		expect(percentFromAverage(2001, 2000, 1)).toBe(0.1);
		expect(percentFromAverage(1999, 2000, 1)).toBe(-0.1);
		expect(Object.is(percentFromAverage(3150, 6300, 2), 0)).toBe(true);
	});

	test("averages are whole mills, halves up; none without prices", () => {
		expect(averageDollars({ sum: 8099, n: 2 })).toBe(4.05);
		expect(averageDollars({ sum: 9900, n: 3 })).toBe(3.3);
		expect(averageDollars({ sum: 0, n: 0 })).toBeNull();
	});
});
