import { describe, expect, test } from "bun:test";
import type { SizeUnit } from "../../db/enums.ts";
import { bestDealId, compareResults, savingsText } from "./best-deal.ts";

let next = 0;
const result = (
	price: number,
	size: [number, SizeUnit] | null = null,
	bestDeal = true,
	product: [string, number] = ["Whole Milk", 3],
) => ({
	id: ++next,
	price,
	size: size && { quantity: size[0], unit: size[1] },
	bestDeal,
	productName: product[0],
	categoryId: product[1],
});

describe("Best Deal and the savings", () => {
	test("one price has nothing to compare: no Best Deal, no savings", () => {
		expect(compareResults([])).toBeNull();
		expect(compareResults([result(3.49)])).toBeNull();
		expect(compareResults([result(3.49, [64, "fl oz"])])).toBeNull();
	});

	test("without sizes: the lowest price that may wear it, and the spread of prices", () => {
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

	test("Best Deal is the lowest eligible price whatever the order: sorted by distance, $3.99 beats $4.29", () => {
		const near = result(4.29);
		const far = result(3.99);
		const nearest = result(4.59);
		expect(compareResults([near, far, nearest])).toEqual({ by: "price", bestId: far.id, savings: 0.6 });
		// A cheaper price that may not wear it (stale, flagged, out of stock) gives way to the next eligible one.
		const stale = result(2.5, null, false);
		expect(bestDealId([near, stale, far])).toBe(far.id);
		// On a tie, the first in the list's order.
		const twin = result(3.99);
		expect(bestDealId([near, twin, far])).toBe(twin.id);
	});

	test("savings only of one product: earbuds and a charger have a Best Deal and no savings", () => {
		const earbuds = result(49.99, null, true, ["Wireless Earbuds", 7]);
		const charger = result(19.99, null, true, ["USB-C Charger", 7]);
		const comparison = compareResults([earbuds, charger]);
		expect(comparison).toEqual({ by: "price", bestId: charger.id, savings: null });
		expect(savingsText(comparison!)).toBeNull();
		// Case and spacing aside, one name is one product; the same name in another category is another.
		const a = result(3, null, true, ["Oat  Milk", 3]);
		const b = result(4, null, true, ["oat milk", 3]);
		expect(savingsText(compareResults([a, b])!)).toBe("$1.00");
		expect(compareResults([a, result(4, null, true, ["Oat Milk", 9])])?.savings).toBeNull();
	});

	test("unit prices of one kind: two brands of milk per gallon have savings per unit", () => {
		const oat = result(5.99, [1, "gal"], true, ["Oat Milk", 3]);
		const soy = result(3.49, [64, "fl oz"], true, ["Soy Milk", 3]);
		const comparison = compareResults([soy, oat]);
		expect(comparison).toMatchObject({ by: "unit", bestId: oat.id });
		expect(savingsText(comparison!)).toBe("$0.99/gal");
	});

	test("unit prices of two categories: Best Deal per unit, no savings", () => {
		const milk = result(5.99, [1, "gal"], true, ["Oat Milk", 3]);
		const soap = result(3.49, [64, "fl oz"], true, ["Dish Soap", 12]);
		expect(compareResults([soap, milk])).toMatchObject({ by: "unit", bestId: milk.id, savings: null });
	});
});
