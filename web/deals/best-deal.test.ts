import { describe, expect, test } from "bun:test";
import type { SizeUnit } from "../../db/enums.ts";
import { bestDealId, compareResults, savingsText } from "./best-deal.ts";

let next = 0;
const result = (price: number, size: [number, SizeUnit] | null = null, bestDeal = true) => ({
	id: ++next,
	price,
	size: size && { quantity: size[0], unit: size[1] },
	bestDeal,
});

describe("Best Deal and the savings", () => {
	test("one price has nothing to compare: no Best Deal, no savings", () => {
		expect(compareResults([])).toBeNull();
		expect(compareResults([result(3.49)])).toBeNull();
		expect(compareResults([result(3.49, [64, "fl oz"])])).toBeNull();
	});

	test("without sizes: the first that may wear it, and the spread of prices", () => {
		const stale = result(2.99, null, false);
		const first = result(3.49);
		const comparison = compareResults([stale, first, result(3.89)]);
		expect(comparison).toEqual({ by: "price", bestId: first.id, savings: 0.9 });
		expect(savingsText(comparison!)).toBe("$0.90");
		expect(bestDealId([result(1, null, false), result(2, null, false)])).toBeUndefined();
	});

	test("every eligible result sized in one dimension: the lowest unit price, savings per its unit", () => {
		// A half gallon at $3.49 is dearer by the ounce than a gallon at $5.99 (as 64 fl oz at $3.49 is).
		const halfGallon = result(3.49, [0.5, "gal"]);
		const gallon = result(5.99, [1, "gal"]);
		const bottle = result(3.49, [64, "fl oz"]);
		const comparison = compareResults([halfGallon, bottle, gallon]);
		expect(comparison).toMatchObject({ by: "unit", bestId: gallon.id, per: "gal" });
		// $6.98/gal against $5.99/gal.
		expect(savingsText(comparison!)).toBe("$0.99/gal");
	});

	test("an ineligible result's size does not decide, but its unit price is in the spread", () => {
		const cheapButStale = result(4, [1, "gal"], false);
		const quart = result(1.5, [32, "fl oz"]);
		const half = result(3.2, [64, "fl oz"]);
		expect(compareResults([cheapButStale, quart, half])).toMatchObject({ by: "unit", bestId: quart.id, per: "fl oz" });
		// From the stale gallon's $0.03125 to the half gallon's $0.05 per fl oz.
		expect(savingsText(compareResults([cheapButStale, quart, half])!)).toBe("$0.019/fl oz");
	});

	test("sizes of two dimensions, or an eligible result without one, compare by price", () => {
		const weighed = result(3.99, [1, "lb"]);
		const counted = result(2.99, [12, "count"]);
		expect(compareResults([counted, weighed])).toEqual({ by: "price", bestId: counted.id, savings: 1 });
		const unsized = result(2.5);
		expect(compareResults([unsized, result(3, [1, "L"])])).toMatchObject({ by: "price", bestId: unsized.id });
	});

	test("one eligible sized result and an unsized one compare by price: two unit prices are needed", () => {
		const sized = result(3, [1, "L"]);
		const unsized = result(2, null, false);
		expect(compareResults([unsized, sized])).toEqual({ by: "price", bestId: sized.id, savings: 1 });
	});

	test("metric and US units of a dimension compare: 500 g at $2.50 beats a pound at $2.49", () => {
		const pound = result(2.49, [1, "lb"]);
		const grams = result(2.5, [500, "g"]);
		const comparison = compareResults([pound, grams]);
		expect(comparison).toMatchObject({ by: "unit", bestId: grams.id, per: "100 g" });
		expect(savingsText(comparison!)).toBe("$0.049/100 g");
	});
});
