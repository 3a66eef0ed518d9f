import { describe, expect, test } from "bun:test";
import { BARCODE_FORMAT_MESSAGE, checkDigit, normalizeGtin, upcEToUpcA } from "./gtin.ts";

describe("normalised GTINs", () => {
	test("a UPC-A and its EAN-13 are one code; a wrong check digit is named", () => {
		expect(normalizeGtin("036000291452")).toEqual({ gtin: "0036000291452" });
		expect(normalizeGtin("0036000291452")).toEqual({ gtin: "0036000291452" });
		expect(normalizeGtin("0 36000 29145 2")).toEqual({ gtin: "0036000291452" });
		expect(normalizeGtin("00036000291452")).toEqual({ gtin: "0036000291452" });
		expect(normalizeGtin("036000291453")).toEqual({
			error: "The barcode 036000291453 does not add up: its last digit, the check digit, should be 2",
		});
	});

	test("EAN-13, EAN-8 and UPC-E", () => {
		expect(normalizeGtin("4006381333931")).toEqual({ gtin: "4006381333931" });
		expect(normalizeGtin("96385074")).toEqual({ gtin: "0000096385074" });
		// A UPC-E is its UPC-A: 0425261 4 is 04210000526 4.
		expect(upcEToUpcA("04252614")).toBe("042100005264");
		expect(normalizeGtin("04252614")).toEqual({ gtin: "0042100005264" });
		expect(normalizeGtin("04252614", "upc_e")).toEqual({ gtin: "0042100005264" });
		// Told it is an EAN-8, the same digits are one with a wrong check digit.
		expect(normalizeGtin("04252614", "ean_8")).toEqual({
			error: "The barcode 04252614 does not add up: its last digit, the check digit, should be 0",
		});
		expect(checkDigit("03600029145")).toBe(2);
	});

	test("not a barcode: letters, a length no format has, a case code", () => {
		for (const bad of ["abc", "12345", "123456789012345", "10036000291459", ""])
			expect(normalizeGtin(bad)).toEqual({ error: BARCODE_FORMAT_MESSAGE });
	});
});
