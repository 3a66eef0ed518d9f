import { describe, expect, test } from "bun:test";
import { productWords, stem } from "./words.ts";

describe("productWords", () => {
	test("lower case, no diacritics, split on punctuation, each word once", () => {
		expect(productWords("Milk, Organic Whole")).toEqual(["milk", "organic", "whole"]);
		expect(productWords("  Crème Fraîche — CRÈME ")).toEqual(["creme", "fraich"]);
		expect(productWords("Jalapeño 2% milk-1/2 gal")).toEqual(["jalapeno", "2", "milk", "1", "gal"]);
		expect(productWords("!!! ...")).toEqual([]);
	});

	test.each([
		["eggs", "egg"],
		["boxes", "box"],
		["peaches", "peach"],
		["berries", "berry"],
		["tomatoes", "tomato"],
		["cookies", "cookie"],
		["apples", "apple"],
		["shoes", "shoe"],
		["glasses", "glass"],
		["kiwis", "kiwi"],
		["chilis", "chili"],
		["skis", "ski"],
		["lenses", "lens"],
		["knives", "knife"],
		["leaves", "leaf"],
		["loaves", "loaf"],
		["mice", "mouse"],
		["halves", "half"],
		["shelves", "shelf"],
		["geese", "goose"],
		["teeth", "tooth"],
		["feet", "foot"],
	])("%s and %s fold to one word", (plural, singular) => {
		expect(stem(plural)).toBe(stem(singular));
	});

	test("words that name an object's own properties are plain words", () => {
		expect(productWords("LEGO constructor toString valueOf")).toEqual(["lego", "constructor", "tostring", "valueof"]);
	});

	test.each(["glass", "hummus", "swiss", "gas", "bus", "oats"])("%s keeps a stable stem", (word) => {
		expect(stem(stem(word))).toBe(stem(word));
		expect(stem(word).length).toBeGreaterThanOrEqual(3);
	});
});
