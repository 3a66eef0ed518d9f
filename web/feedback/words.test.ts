import { describe, expect, test } from "bun:test";
import { countsText, mineText, parseNewPrice } from "./words.ts";

describe("the feedback row's words", () => {
	const none = { confirm: 0, changed: 0, unavailable: 0, wrong: 0, mine: null };
	test("counts name only what someone said, fuel's stock as sold out", () => {
		expect(countsText(none, "product")).toBe("");
		expect(countsText({ ...none, confirm: 3, wrong: 1 }, "product")).toBe("3 confirmed · 1 flagged");
		expect(countsText({ ...none, changed: 2, unavailable: 1 }, "fuel")).toBe("2 said it changed · 1 said sold out");
	});

	test("the shopper's own word, in the words of its kind", () => {
		expect(mineText({ kind: "confirm", reason: null }, "$3.459", "fuel")).toBe("You said it's still $3.459.");
		expect(mineText({ kind: "unavailable", reason: null }, "$3.459", "fuel")).toBe("You said it's sold out.");
		expect(mineText({ kind: "wrong", reason: "wrong-store" }, "$1.00", "product")).toBe("You flagged it: Wrong store.");
		expect(mineText(null, "$1.00", "product")).toBe("");
	});

	test("a new price has at most the cents of a product or the tenths of a cent of fuel", () => {
		expect(parseNewPrice(" 3.49 ", "product")).toBe(3.49);
		expect(parseNewPrice("3.499", "product")).toBeNull();
		expect(parseNewPrice("3.499", "fuel")).toBe(3.499);
		expect(parseNewPrice("0", "fuel")).toBeNull();
		expect(parseNewPrice("", "product")).toBeNull();
		expect(parseNewPrice("3,49", "product")).toBeNull();
	});
});
