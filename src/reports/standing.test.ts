import { describe, expect, test } from "bun:test";
import { DAY_MS, HOUR_MS } from "../lib/time.ts";
import { type StandingInput, standingOf } from "./standing.ts";

// The rule's numbers written out (decision 0071): a test that read the exported constants would pass whatever
// they became.
const NOW = Date.UTC(2026, 10, 28, 12);
const account = (over: Partial<StandingInput> = {}): StandingInput => ({
	createdAt: NOW - 30 * DAY_MS,
	totalReports: 5,
	reportsUpheld: 0,
	reportsRefused: 0,
	source: null,
	isTerminated: false,
	...over,
});

describe("a shopper's standing", () => {
	test("a month and five reports that stood, none refused, is a whole shopper; more adds nothing", () => {
		expect(standingOf(account(), NOW)).toBe(1);
		expect(standingOf(account({ createdAt: NOW - 400 * DAY_MS, totalReports: 90 }), NOW)).toBe(1);
	});

	test("an account made within the day weighs nothing, whatever its record", () => {
		expect(standingOf(account({ createdAt: NOW - 23 * HOUR_MS, totalReports: 50 }), NOW)).toBe(0);
		expect(standingOf(account({ createdAt: NOW }), NOW)).toBe(0);
	});

	test("it grows with the account's age and its reports that stood, scaled by accuracy", () => {
		expect(standingOf(account({ createdAt: NOW - 15 * DAY_MS }), NOW)).toBeCloseTo(0.5);
		expect(standingOf(account({ totalReports: 2 }), NOW)).toBeCloseTo(0.4);
		expect(standingOf(account({ totalReports: 0 }), NOW)).toBe(0);
		// Ten made, five removed on flags: five stood of ten judged.
		expect(standingOf(account({ totalReports: 10, reportsUpheld: 5 }), NOW)).toBeCloseTo(0.5);
		// Five made and five refused by the check: five stood of ten judged.
		expect(standingOf(account({ reportsRefused: 5 }), NOW)).toBeCloseTo(0.5);
	});

	test("an open-data source account and a suspended one weigh nothing", () => {
		expect(standingOf(account({ source: "open-prices" }), NOW)).toBe(0);
		expect(standingOf(account({ isTerminated: 1 }), NOW)).toBe(0);
	});
});
