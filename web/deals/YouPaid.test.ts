import { describe, expect, test } from "bun:test";
import { youPaidText } from "./YouPaid.tsx";

const thisYear = new Date().getFullYear();
// Local noon: the same day in every time zone the test may run in.
const paidAt = (year: number) => new Date(year, 10, 3, 12).toISOString();
const paid = { price: 3.49, storeName: "Corner Shop", typicalNow: 3.79, change: 0.3 };

describe("youPaidText", () => {
	test("a report is what the shopper reported; a deal taken, what they paid", () => {
		expect(youPaidText({ ...paid, source: "report", paidAt: paidAt(thisYear) })).toBe(
			"You reported $3.49 at Corner Shop on Nov 3 · typical now $3.79 (up $0.30)",
		);
		expect(youPaidText({ ...paid, source: "deal", paidAt: paidAt(thisYear) })).toBe(
			"You paid $3.49 at Corner Shop on Nov 3 · typical now $3.79 (up $0.30)",
		);
	});

	test("says down, no change, or nothing of a typical price there is none of; an earlier year's date has its year", () => {
		const at = paidAt(thisYear - 1);
		expect(youPaidText({ ...paid, source: "deal", paidAt: at, typicalNow: 3.19, change: -0.3 })).toBe(
			`You paid $3.49 at Corner Shop on Nov 3, ${thisYear - 1} · typical now $3.19 (down $0.30)`,
		);
		expect(youPaidText({ ...paid, source: "deal", paidAt: at, typicalNow: 3.49, change: 0 })).toEndWith(
			"typical now $3.49 (no change)",
		);
		expect(youPaidText({ ...paid, source: "report", paidAt: at, typicalNow: null, change: null })).toBe(
			`You reported $3.49 at Corner Shop on Nov 3, ${thisYear - 1}`,
		);
	});
});
