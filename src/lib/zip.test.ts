import { describe, expect, test } from "bun:test";
import { locToken, locTokenRange, locTokensNear, zipDistance, zipNumber } from "./zip.ts";

describe("zip proximity", () => {
	test("US zips, with or without +4, are numbers; other postal codes are not", () => {
		expect(zipNumber("10001")).toBe(10001);
		expect(zipNumber("10001-1234")).toBe(10001);
		expect(zipNumber("02134")).toBe(2134);
		expect(zipNumber("SW1A 1AA")).toBeNull();
		expect(zipNumber("1234")).toBeNull();
	});

	test("a US zip's window is the 41 zips 20 either side, clamped at 00000", () => {
		const near = locTokensNear("10001");
		expect(near).toHaveLength(41);
		expect(near[0]).toBe("z09981");
		expect(near.at(-1)).toBe("z10021");
		expect(locTokensNear("00005")[0]).toBe("z00000");
	});

	test("a postal code that is not numeric matches only itself, however it is spaced", () => {
		expect(locTokensNear("SW1A 1AA")).toEqual(["xsw1a1aa"]);
		expect(locToken("sw1a1aa")).toBe("xsw1a1aa");
		expect(zipDistance("SW1A 1AA", "sw1a1aa")).toBe(0);
		expect(zipDistance("SW1A 1AA", "10001")).toBe(Number.POSITIVE_INFINITY);
		expect(zipDistance("10001", "10021")).toBe(20);
	});

	test("the window as one token range holds exactly the window's tokens", () => {
		expect(locTokenRange("10001-1234")).toEqual(["z09981", "z10021"]);
		expect(locTokenRange("00005")).toEqual(["z00000", "z00025"]);
		expect(locTokenRange("99990")).toEqual(["z99970", "z99999"]);
		expect(locTokenRange("SW1A 1AA")).toEqual(["xsw1a1aa", "xsw1a1aa"]);
		const [from, to] = locTokenRange("10001");
		const inRange = (t: string) => t >= from && t <= to;
		expect(locTokensNear("10001").every(inRange)).toBe(true);
		expect(["z09980", "z10022", "x10001", "xsw1a1aa"].some(inRange)).toBe(false);
	});
});
