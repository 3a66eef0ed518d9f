import { describe, expect, test } from "bun:test";
import {
	locToken,
	milesBetween,
	NEAREST_AREAS,
	nearTokens,
	neighbourhood,
	roundMiles,
	zipKind,
	zipNumber,
} from "./zip.ts";

describe("where a ZIP is", () => {
	test("US zips, with or without +4, are numbers; other postal codes are not", () => {
		expect(zipNumber("10001")).toBe(10001);
		expect(zipNumber("10001-1234")).toBe(10001);
		expect(zipNumber("02134")).toBe(2134);
		expect(zipNumber("SW1A 1AA")).toBeNull();
		expect(zipNumber("1234")).toBeNull();
	});

	test("a ZIP area, a PO box ZIP and a ZIP nobody uses are told apart", () => {
		expect(zipKind("90210")).toBe("us");
		expect(zipKind("10008")).toBe("us"); // a Manhattan PO box: no area of its own, but a place
		expect(zipKind("00000")).toBe("unknown-us");
		expect(zipKind("SW1A 1AA")).toBe("postal");
	});

	test("miles are great-circle miles between the ZIPs' centres, one decimal when shown", () => {
		expect(roundMiles(milesBetween("90210", "90069")!)).toBe(1.9);
		expect(milesBetween("10001-1234", "z10001")).toBe(0);
		expect(milesBetween("10001", "00000")).toBeNull();
		expect(milesBetween("10001", "94103")!).toBeGreaterThan(2500);
	});
});

describe("the neighbourhood", () => {
	test("is the ZIP itself, then its 20 nearest ZIP areas, nearest first", () => {
		const near = neighbourhood("90210");
		expect(near).toHaveLength(1 + NEAREST_AREAS);
		expect(near[0]).toEqual({ token: "z90210", miles: 0 });
		const miles = near.map((p) => p.miles);
		expect(miles).toEqual([...miles].sort((a, b) => a - b));
		expect(new Set(near.map((p) => p.token)).size).toBe(near.length);
	});

	test("is near on the map, not by number", () => {
		// West Hollywood is 141 numbers from Beverly Hills and two miles away.
		expect(nearTokens("90210")).toContain("z90069");
		// Acton and Bishop, California, are four numbers and two hundred miles apart.
		expect(nearTokens("93510")).not.toContain("z93514");
		expect(milesBetween("93510", "93514")!).toBeGreaterThan(200);
	});

	test("a PO box ZIP has neighbours but is nobody's neighbour", () => {
		const fromBox = neighbourhood("10008");
		expect(fromBox[0]!.token).toBe("z10008");
		expect(fromBox).toHaveLength(1 + NEAREST_AREAS);
		expect(fromBox.slice(1).every((p) => zipKind(p.token.slice(1)) === "us")).toBe(true);
		expect(nearTokens("10004")).not.toContain("z10008");
	});

	test("a ZIP nobody placed, or a postal code that is not a US ZIP, is near only itself", () => {
		expect(nearTokens("00000")).toEqual(["z00000"]);
		expect(nearTokens("SW1A 1AA")).toEqual(["xsw1a1aa"]);
		expect(locToken("sw1a1aa")).toBe("xsw1a1aa");
	});
});
