import { describe, expect, test } from "bun:test";
import { FUEL_TYPES } from "../../db/enums.ts";
import { TAXONOMY } from "../../db/taxonomy.ts";
import { DAY_MS } from "../lib/time.ts";
import { FUEL_MAX_AGE_DAYS, maxAgeDays } from "./markets.ts";
import { fuelFreshDays, productFreshDays, type TrustInput, trustOf } from "./trust.ts";

const NOW = Date.UTC(2026, 10, 28, 12);
const report = (over: Partial<TrustInput> = {}): TrustInput => ({
	verificationConfidence: 0.9,
	createdAt: NOW,
	confirmedAt: null,
	confirmCount: 0,
	confirmWeight: 0,
	changedCount: 0,
	unavailableCount: 0,
	unavailableAt: null,
	flagCount: 0,
	flagWeight: 0,
	isUnusual: false,
	...over,
});
const ago = (days: number) => NOW - days * DAY_MS;

describe("a price's trust", () => {
	test("a new price keeps the check's confidence and may be the Best Deal", () => {
		const t = trustOf(report(), productFreshDays("dairy"), NOW);
		expect(t).toEqual({
			confidence: 0.9,
			seenAt: NOW,
			fresh: true,
			unconfirmedUnusual: false,
			flagged: false,
			outOfStock: false,
			bestDeal: true,
		});
	});

	test("an old price loses AI Verified, then Best Deal, before its category's age expires it", () => {
		const dairy = productFreshDays("dairy");
		expect(trustOf(report({ createdAt: ago(2) }), dairy, NOW).confidence).toBeGreaterThanOrEqual(0.7);
		const week = trustOf(report({ createdAt: ago(4) }), dairy, NOW);
		expect(week.confidence).toBeLessThan(0.7);
		expect(week.bestDeal).toBe(true);
		const stale = trustOf(report({ createdAt: ago(dairy + 1) }), dairy, NOW);
		expect(stale).toMatchObject({ fresh: false, bestDeal: false });
		// Every fresh period is well within the age that expires the price.
		for (const { slug } of TAXONOMY) expect(productFreshDays(slug)).toBeLessThanOrEqual(maxAgeDays(slug) / 2);
		expect(productFreshDays("other")).toBeLessThanOrEqual(maxAgeDays("other") / 2);
		for (const fuel of FUEL_TYPES) expect(fuelFreshDays(fuel)).toBeLessThanOrEqual(FUEL_MAX_AGE_DAYS / 2);
	});

	test("fuel goes stale within a day or two", () => {
		const yesterday = trustOf(report({ createdAt: ago(1.5) }), fuelFreshDays("regular"), NOW);
		expect(yesterday).toMatchObject({ fresh: false, bestDeal: false });
		expect(yesterday.confidence).toBeLessThan(0.7);
		expect(trustOf(report({ createdAt: ago(1.5) }), fuelFreshDays("electric"), NOW).fresh).toBe(true);
	});

	test("a confirmation restarts the freshness and raises the confidence by its shopper's standing", () => {
		const dairy = productFreshDays("dairy");
		const old = report({ createdAt: ago(10), verificationConfidence: 0.5 });
		expect(trustOf(old, dairy, NOW)).toMatchObject({ fresh: false, bestDeal: false });
		const confirmed = trustOf({ ...old, confirmCount: 1, confirmWeight: 1, confirmedAt: ago(0) }, dairy, NOW);
		expect(confirmed).toMatchObject({ seenAt: NOW, fresh: true, bestDeal: true });
		expect(confirmed.confidence).toBe(0.7);
		const three = { ...old, confirmCount: 3, confirmWeight: 3, confirmedAt: NOW };
		expect(trustOf(three, dairy, NOW).confidence).toBeGreaterThan(0.85);
		// New accounts weigh nothing: however many, they restart the freshness and leave the confidence.
		const byNew = trustOf({ ...old, confirmCount: 3, confirmWeight: 0, confirmedAt: NOW }, dairy, NOW);
		expect(byNew).toMatchObject({ fresh: true, confidence: 0.5 });
		expect(trustOf({ ...old, confirmCount: 2, confirmWeight: 0.5, confirmedAt: NOW }, dairy, NOW).confidence).toBe(
			0.61,
		);
	});

	test("an unusual price is held low and is no Best Deal until someone of standing confirms it", () => {
		const unusual = trustOf(report({ isUnusual: true }), 7, NOW);
		expect(unusual).toMatchObject({ unconfirmedUnusual: true, bestDeal: false });
		expect(unusual.confidence).toBeLessThanOrEqual(0.3);
		const byNew = trustOf(report({ isUnusual: 1, confirmCount: 1, confirmedAt: NOW }), 7, NOW);
		expect(byNew).toMatchObject({ unconfirmedUnusual: true, bestDeal: false });
		const confirmed = trustOf(report({ isUnusual: 1, confirmCount: 1, confirmWeight: 1, confirmedAt: NOW }), 7, NOW);
		expect(confirmed).toMatchObject({ unconfirmedUnusual: false, bestDeal: true });
	});

	test("flags of standing and price changes lower it; a flagged price is no Best Deal", () => {
		const flagged = trustOf(report({ flagCount: 1, flagWeight: 1 }), 7, NOW);
		expect(flagged.confidence).toBeLessThan(0.7);
		expect(flagged).toMatchObject({ flagged: true, bestDeal: false });
		// A flag that weighs nothing leaves the price as it stands; the moderator still sees it.
		expect(trustOf(report({ flagCount: 1 }), 7, NOW)).toMatchObject({
			flagged: false,
			bestDeal: true,
			confidence: 0.9,
		});
		expect(trustOf(report({ changedCount: 2 }), 7, NOW).confidence).toBeLessThan(0.5);
	});

	test("out of stock until a later confirmation says it is back", () => {
		const gone = report({ unavailableCount: 1, unavailableAt: ago(0.1) });
		expect(trustOf(gone, 7, NOW)).toMatchObject({ outOfStock: true, bestDeal: false });
		const back = { ...gone, confirmCount: 1, confirmedAt: NOW };
		expect(trustOf(back, 7, NOW)).toMatchObject({ outOfStock: false, bestDeal: true });
	});

	test("never certain, whatever the confirmations", () => {
		expect(trustOf(report({ confirmCount: 20, confirmWeight: 20, confirmedAt: NOW }), 7, NOW).confidence).toBe(0.99);
	});
});
