import { describe, expect, test } from "bun:test";
import { formatCurrency } from "../components/format.ts";
import { productSearch, stationSearch } from "./search.ts";
import { againstTypicalText, asksText, figureTitles, fuelSummaryText, productSummaryText } from "./words.ts";

describe("productSummaryText", () => {
	test("says the window, the count, the place and the three figures with their stores", () => {
		const noted = (price: number, storeName: string) => ({
			price,
			priceType: "regular" as const,
			saleEnds: null,
			multiBuy: null,
			storeName,
			reportedAt: new Date().toISOString(),
		});
		const text = productSummaryText(
			{
				days: 365,
				zipCode: "10001",
				summary: {
					reports: 1,
					stores: 1,
					lowest: noted(2.99, "Corner"),
					typical: 2.99,
					highest: noted(2.99, "Corner"),
				},
			},
			(v) => formatCurrency(v),
		);
		expect(text).toMatch(
			/^Over the last year, 1 report at 1 store near 10001: lowest \$2\.99 at Corner on \w{3} \d+, typical \$2\.99, highest \$2\.99 at Corner on \w{3} \d+\.$/,
		);
	});

	test("a member, sale or multi-buy figure says what it asks", () => {
		const at = { storeName: "Club", reportedAt: new Date().toISOString(), saleEnds: null, multiBuy: null };
		const member = { ...at, price: 2.49, priceType: "member" as const };
		const bundle = { ...at, price: 2.5, priceType: "multi-buy" as const, multiBuy: { quantity: 2, price: 5 } };
		const summary = { reports: 2, stores: 1, lowest: member, typical: 2.5, highest: bundle };
		const text = productSummaryText({ days: 30, zipCode: "10001", summary }, (v) => formatCurrency(v));
		expect(text).toContain("lowest $2.49 (member price) at Club on ");
		expect(text).toContain("highest $2.50 (2 for $5.00) at Club on ");
		expect(asksText({ ...at, price: 1.99, priceType: "sale", saleEnds: "2026-12-05" })).toBe(" (sale until Dec 5)");
		expect(asksText({ ...at, price: 3, priceType: "regular" })).toBe("");
	});
});

describe("fuelSummaryText", () => {
	test("leaves out a figure it does not have", () => {
		const summary = { reports: 2, lowest: 3.199, typical: null, highest: 3.299 };
		expect(fuelSummaryText("Regular", 7, summary, (v) => `$${v.toFixed(3)}`)).toBe(
			"Over the last 7 days, 2 reports of Regular at this station: lowest $3.199, highest $3.299.",
		);
	});
});

describe("figures and the typical price name their window", () => {
	test("each figure's title says its window", () => {
		expect(figureTitles(90)).toEqual({
			lowest: "Lowest in the last 90 days",
			typical: "Typical over the last 90 days",
			highest: "Highest in the last 90 days",
		});
		expect(figureTitles(365).typical).toBe("Typical over the last year");
	});

	test("what the shopper paid is under, above or the same as the typical price of the window", () => {
		const money = (v: number) => formatCurrency(v);
		expect(againstTypicalText(0.2, 90, money)).toBe("$0.20 under typical over the last 90 days");
		expect(againstTypicalText(-0.1, 30, money)).toBe("$0.10 above typical over the last 30 days");
		expect(againstTypicalText(0.001, 365, money)).toBe("same as typical over the last year");
	});
});

describe("search params", () => {
	test("keep what an address can mean and drop the rest", () => {
		expect(productSearch({ name: " Milk ", category: "3", days: "30" })).toEqual({
			name: "Milk",
			category: 3,
			days: 30,
		});
		expect(productSearch({ name: 5, category: "dairy", days: "-1" })).toEqual({ name: "5", category: 0 });
		expect(stationSearch({ fuel: "diesel", days: 90 })).toEqual({ fuel: "diesel", days: 90 });
		expect(stationSearch({ fuel: "kerosene" })).toEqual({});
	});
});
