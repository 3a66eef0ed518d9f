import { expect, test } from "bun:test";
import { zipPlacesText } from "../../scripts/zip-places.ts";
import text from "./zip-places.txt" with { type: "text" };

test("the committed ZIP table is what the two packages give (bun scripts/zip-places.ts remakes it)", () => {
	expect(text === zipPlacesText()).toBe(true);
	expect(text).toContain("\n90210 34.1005 -118.4146\n");
	expect(text).toContain("10008 ");
});
