import { describe, expect, test } from "bun:test";
import { lastOverSaleDay, saleOverAt } from "../lib/price-terms.ts";
import { canPay, type Offer, type PlanItem, pricesAt } from "./plan.ts";

const item = (quantity: number): PlanItem => ({ id: 1, name: "cola", quantity, size: null });
const offer = (storeId: number, priceCents: number, terms: Partial<Offer> = {}): Offer => ({
	storeId,
	reportId: storeId * 10 + priceCents,
	priceCents,
	priceType: "regular",
	saleEnds: null,
	multiBuy: null,
	size: null,
	reportedAt: 0,
	confidence: null,
	confirmations: 0,
	...terms,
});

describe("when a sale ends", () => {
	test("at midnight in Hawaii after its last day: live a millisecond before, over at it", () => {
		const over = Date.parse("2026-12-06T10:00:00Z");
		expect(saleOverAt("2026-12-05")).toBe(over);
		expect(lastOverSaleDay(over - 1)).toBe("2026-12-04");
		expect(lastOverSaleDay(over)).toBe("2026-12-05");
	});
});

describe("what a shopper can pay", () => {
	const member = offer(2, 250, { priceType: "member" });
	const bundle = offer(3, 200, { priceType: "multi-buy", multiBuy: { quantity: 3, cents: 600 } });
	test("a member price only at a store they are a member of; a multi-buy only from its quantity", () => {
		expect(canPay(item(1), member, new Set())).toBe(false);
		expect(canPay(item(1), member, new Set([2]))).toBe(true);
		expect(canPay(item(2), bundle, new Set())).toBe(false);
		expect(canPay(item(3), bundle, new Set())).toBe(true);
	});

	test("each store's cheapest payable offer, and the stores whose member prices were left out", () => {
		const offers = [offer(2, 300), member, offer(3, 280), bundle];
		const one = pricesAt(item(1), offers, new Set());
		expect([...one.at].map(([store, p]) => [store, p.cents, p.offer.priceType])).toEqual([
			[2, 300, "regular"],
			[3, 280, "regular"],
		]);
		expect([...one.memberOnly]).toEqual([2]);
		const three = pricesAt(item(3), offers, new Set([2]));
		expect([...three.at].map(([store, p]) => [store, p.cents, p.offer.priceType])).toEqual([
			[2, 750, "member"],
			[3, 600, "multi-buy"],
		]);
		expect([...three.memberOnly]).toEqual([]);
	});
});
