import { describe, expect, test } from "bun:test";
import {
	dimensionOf,
	formatSize,
	formatUnitPrice,
	perUnitOf,
	pricePerBase,
	spokenUnitPrice,
	unitPrice,
} from "./unit-price.ts";

describe("unit prices", () => {
	test("each unit is shown per itself, grams per 100 g and a count per item", () => {
		expect(formatUnitPrice(unitPrice(3.49, { quantity: 64, unit: "fl oz" }), "fl oz")).toBe("$0.055/fl oz");
		expect(formatUnitPrice(unitPrice(5.99, { quantity: 1, unit: "gal" }), "gal")).toBe("$5.99/gal");
		expect(formatUnitPrice(unitPrice(2.5, { quantity: 500, unit: "g" }), perUnitOf("g"))).toBe("$0.50/100 g");
		expect(formatUnitPrice(unitPrice(4.49, { quantity: 12, unit: "count" }), perUnitOf("count"))).toBe("$0.374/each");
		expect(formatUnitPrice(unitPrice(1299.99, { quantity: 1, unit: "count" }), "each")).toBe("$1,299.99/each");
		expect(formatUnitPrice(unitPrice(8.99, { quantity: 2, unit: "lb" }), "lb")).toBe("$4.50/lb");
		expect(formatUnitPrice(unitPrice(3, { quantity: 1.5, unit: "L" }), "L")).toBe("$2.00/L");
	});

	test("units of one dimension convert: a gallon and a half gallon, a pound and 500 g, compare as they should", () => {
		const gallon = pricePerBase(5.99, { quantity: 1, unit: "gal" });
		const halfGallon = pricePerBase(3.49, { quantity: 0.5, unit: "gal" });
		const quart = pricePerBase(1.4, { quantity: 32, unit: "fl oz" });
		expect(gallon).toBeLessThan(halfGallon);
		expect(quart).toBeLessThan(gallon);
		// A gallon is 128 fl oz: the same price per fluid ounce either way.
		expect(unitPrice(6.4, { quantity: 1, unit: "gal" }, "fl oz")).toBeCloseTo(0.05, 10);
		expect(unitPrice(0.4, { quantity: 8, unit: "fl oz" }, "gal")).toBeCloseTo(6.4, 10);
		// A pound is 453.59237 g; 16 oz is a pound.
		expect(unitPrice(4.5359237, { quantity: 1, unit: "lb" }, "100 g")).toBeCloseTo(1, 10);
		expect(unitPrice(3, { quantity: 16, unit: "oz" }, "lb")).toBeCloseTo(3, 10);
		expect(unitPrice(10, { quantity: 1, unit: "kg" }, "100 g")).toBeCloseTo(1, 10);
		expect(unitPrice(2, { quantity: 1, unit: "L" }, "L")).toBeCloseTo(
			unitPrice(2, { quantity: 1000, unit: "L" }) * 1000,
		);
	});

	test("dimensions: ounces weigh, fluid ounces hold, a count counts", () => {
		expect(["oz", "lb", "g", "kg"].map((u) => dimensionOf(u as "oz"))).toEqual([
			"weight",
			"weight",
			"weight",
			"weight",
		]);
		expect(["fl oz", "gal", "L"].map((u) => dimensionOf(u as "L"))).toEqual(["volume", "volume", "volume"]);
		expect(dimensionOf("count")).toBe("count");
	});

	test("said and written", () => {
		expect(spokenUnitPrice(0.0545, "fl oz")).toBe("$0.055 per fl oz");
		expect(formatUnitPrice(1.005, "lb")).toBe("$1.01/lb");
		expect(formatUnitPrice(0.9996, "lb")).toBe("$1.00/lb");
		expect(formatUnitPrice(0.9994, "lb")).toBe("$0.999/lb");
		expect(formatSize({ quantity: 64, unit: "fl oz" })).toBe("64 fl oz");
		expect(formatSize({ quantity: 0.5, unit: "gal" })).toBe("0.5 gal");
		expect(formatSize({ quantity: 1.125, unit: "lb" })).toBe("1.125 lb");
		expect(formatSize({ quantity: 100_000, unit: "g" })).toBe("100,000 g");
		expect(formatSize({ quantity: 12, unit: "count" })).toBe("12 count");
	});
});
