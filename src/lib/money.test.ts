import { describe, expect, test } from "bun:test";
import { formatCents, parseDecimal } from "./money.ts";

describe("parseDecimal keeps every cent", () => {
	test.each([
		["3.49", 2, 349],
		["3.5", 2, 350],
		["3", 2, 300],
		[" 12.30 ", 2, 1230],
		[0.1 + 0.2, 2, 30],
		[19.99, 2, 1999],
		[1.005, 3, 1005],
		["3.459", 3, 3459],
		["2.50", 2, 250],
		["4.100", 2, 410],
	])("%p with %p decimals is %p", (input, decimals, expected) => {
		expect(parseDecimal(input, decimals)).toBe(expected);
	});

	test.each([["3.499"], ["-1"], ["abc"], [""], ["1e3"], [Number.NaN], [Number.POSITIVE_INFINITY], ["1.2.3"]])(
		"%p is not an exact amount",
		(input) => {
			expect(parseDecimal(input, 2)).toBeNull();
		},
	);
});

describe("formatCents writes prices as the web app does", () => {
	test.each([
		[429, "$4.29"],
		[5, "$0.05"],
		[129999, "$1,299.99"],
		[123456789, "$1,234,567.89"],
	])("%p cents is %p", (cents, text) => {
		expect(formatCents(cents)).toBe(text);
	});
});
