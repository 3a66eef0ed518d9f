import { describe, expect, test } from "bun:test";
import { editDistance, houseNumberOf, similarAddresses, similarNames, similarPlace } from "./similar-place.ts";
import { locToken } from "./zip.ts";

// 61107 and 61108 are neighbouring parts of Rockford, Illinois; 60601 is Chicago, 70 miles away.
const HILANDER = { id: 7, name: "Hilander Foods", address: "4350 E State St", locToken: locToken("61108") };
const at = (name: string, address: string, zip = "61107") => ({ name, address, locToken: locToken(zip) });

describe("a place typed that is likely one already known", () => {
	test("'Hilander' typed at Hilander Foods' address, in the next zip, is Hilander Foods", () => {
		expect(similarPlace(at("Hilander", "4350 E State St"), [HILANDER])).toBe(HILANDER);
	});

	test("the name or the address written another way is the same place", () => {
		const cases: [string, string][] = [
			["hilander foods.", "4350 East State Street"],
			["Hilandr Foods", "4350 E State St"],
			["Hi-Lander Foods", "4350 E. State St."],
			["Hilander", "4350 E State"],
			["Hilander Foods #12", "4350 E State St Suite 2"],
		];
		for (const [name, address] of cases) expect(similarPlace(at(name, address), [HILANDER])).toBe(HILANDER);
	});

	test("the same name in another town is another store", () => {
		expect(similarPlace(at("Hilander Foods", "4350 E State St", "60601"), [HILANDER])).toBeUndefined();
	});

	test("another shop at the same address (a mall) is another store", () => {
		expect(similarPlace(at("Target", "4350 E State St"), [HILANDER])).toBeUndefined();
		expect(similarPlace(at("Foods Plus", "4350 E State St"), [HILANDER])).toBeUndefined();
	});

	test("the same chain at another address is another branch", () => {
		expect(similarPlace(at("Hilander Foods", "4352 E State St"), [HILANDER])).toBeUndefined();
		expect(similarPlace(at("Hilander Foods", "1200 N Main St"), [HILANDER])).toBeUndefined();
	});

	test("of several, the name nearest to what was typed, then the oldest", () => {
		const older = { ...HILANDER, id: 3, name: "Hilander" };
		const exact = { ...HILANDER, id: 9, name: "Hilander Food" };
		expect(similarPlace(at("Hilander Foods", "4350 E State St"), [HILANDER, older, exact])).toBe(HILANDER);
		expect(similarPlace(at("Hilander Fod", "4350 E State St"), [exact, { ...exact, id: 8 }])?.id).toBe(8);
	});

	test("a neighbourhood of unrelated places offers none", () => {
		const words = ["Market", "Foods", "Grocery", "Deli", "Mart", "Pharmacy", "Bakery", "Shop"];
		const streets = ["Main St", "E State St", "N Alpine Rd", "Harrison Ave", "Broadway"];
		const zips = ["61107", "61108", "61109", "61101"];
		const known = Array.from({ length: 2000 }, (_, i) => ({
			id: i + 10,
			name: `${words[i % 8]} ${words[(i * 3 + 1) % 8]} ${i}`,
			address: `${4000 + i} ${streets[i % 5]}`,
			locToken: locToken(zips[i % 4]!),
		}));
		// Beside them, the same shop next door and another shop at the same address.
		known.push({ ...HILANDER, id: 3, address: "4352 E State St" }, { ...HILANDER, id: 4, name: "Target" });
		expect(similarPlace(at("Hilander", "4350 E State St"), known)).toBeUndefined();
		expect(similarPlace(at("Hilander", "4350 E State St"), [...known, HILANDER])).toBe(HILANDER);
	});
});

describe("names", () => {
	test("numbers tell shops apart; a short name has no room for a slip", () => {
		expect(similarNames("Shell 2", "Shell 3")).toBe(false);
		expect(similarNames("Corner Market -1", "Corner Market 0")).toBe(false);
		expect(similarNames("Shell", "Shell 2")).toBe(true);
		expect(similarNames("Aldi", "Alda")).toBe(false);
		expect(similarNames("Costco", "Costko")).toBe(true);
	});

	test("one name's first letters are not its first words", () => {
		expect(similarNames("Shop", "Shoprite")).toBe(false);
		expect(similarNames("Corner Shop", "Corner Deli")).toBe(false);
	});
});

describe("addresses", () => {
	test("a house number is never a slip", () => {
		expect(similarAddresses("12 Oak St", "14 Oak St")).toBe(false);
		expect(similarAddresses("12 Oak St", "12 Oka St")).toBe(true);
		expect(similarAddresses("12 Oak Avenue", "12 Oak Av")).toBe(true);
	});

	test("the house number places like it are read by is the address's first number", () => {
		expect(houseNumberOf("#4350 E. State St, Suite 2")).toBe("4350");
		expect(houseNumberOf("E State St")).toBeNull();
	});

	test("edit distance counts a swap of neighbours as one slip", () => {
		expect(editDistance("hilander", "hialnder")).toBe(1);
		expect(editDistance("", "abc")).toBe(3);
	});
});
