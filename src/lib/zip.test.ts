import { describe, expect, test } from "bun:test";
import { locToken, locTokensNear, zipDistance, zipNumber } from "./zip.ts";

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
});
