import { describe, expect, test } from "bun:test";
import { categoryBounds, fuelBounds } from "./bounds.ts";
import { consensusOf, isOutlier, judgePrice, median } from "./consensus.ts";

const dairy = categoryBounds("dairy", "Dairy");
const fmt = (c: number) => `$${(c / 100).toFixed(2)}`;
const milkHistory = [349, 359, 339, 369, 349, 329, 379, 349];

describe("the statistical check", () => {
	test("median and a robust spread ignore a single wild value", () => {
		expect(median([1, 3, 2])).toBe(2);
		expect(median([1, 2, 3, 4])).toBe(2.5);
		const c = consensusOf([...milkHistory, 34900]);
		expect(c.median).toBe(349);
		expect(c.spread).toBeLessThan(30);
	});

	test("a decimal in the wrong place is rejected with the typical range", () => {
		for (const slip of [3490, 35, 34900]) {
			const verdict = judgePrice(slip, milkHistory, dairy, fmt);
			expect(verdict.accepted).toBe(false);
			if (!verdict.accepted) {
				expect(verdict.suggestedRange.min).toBeLessThanOrEqual(330);
				expect(verdict.suggestedRange.max).toBeGreaterThanOrEqual(370);
				expect(verdict.reason).toContain("8 nearby reports");
			}
		}
	});

	test("a genuine bargain (half price) and an ordinary price are accepted; closer means surer", () => {
		const bargain = judgePrice(179, milkHistory, dairy, fmt);
		const usual = judgePrice(349, milkHistory, dairy, fmt);
		expect(bargain.accepted).toBe(true);
		expect(usual.accepted).toBe(true);
		if (bargain.accepted && usual.accepted) {
			expect(usual.confidence).toBeGreaterThan(bargain.confidence);
			expect(usual.confidence).toBeGreaterThanOrEqual(0.7);
			expect(Number(usual.confidence.toFixed(2))).toBe(usual.confidence);
		}
	});

	test("with thin history, the category's sane bounds decide, with middling confidence", () => {
		const ok = judgePrice(399, [349], dairy, fmt);
		expect(ok).toMatchObject({ accepted: true, confidence: 0.5 });
		const absurd = judgePrice(900000, [], dairy, fmt);
		expect(absurd).toMatchObject({ accepted: false, suggestedRange: { min: 25, max: 6000 } });
	});

	test("fuel bounds are per gallon, and per kWh for charging", () => {
		expect(fuelBounds("regular")).toMatchObject({ min: 1500, max: 9000 });
		expect(judgePrice(4290, [], fuelBounds("electric"), fmt).accepted).toBe(false);
		expect(judgePrice(420, [], fuelBounds("electric"), fmt).accepted).toBe(true);
	});

	test("a rejection never states the very ratio that would have been accepted", () => {
		const steady = [200, 200, 200];
		const reason = (cents: number) => {
			const verdict = judgePrice(cents, steady, dairy, fmt);
			return verdict.accepted ? "accepted" : verdict.reason;
		};
		expect(reason(500)).toBe("accepted"); // exactly 2.5x
		expect(reason(80)).toBe("accepted"); // exactly 40%
		expect(reason(501)).toBe("$5.01 is 2.51x the price 3 nearby reports agree on ($2.00).");
		expect(reason(79)).toBe("$0.79 is 39% of the price 3 nearby reports agree on ($2.00).");
		expect(reason(600)).toBe("$6.00 is 3.0x the price 3 nearby reports agree on ($2.00).");
		expect(reason(50)).toBe("$0.50 is 25% of the price 3 nearby reports agree on ($2.00).");
		// Just past the limit, rounding would say the limit itself (2.5002x as "2.50x"): it is rounded away from it.
		expect(judgePrice(2502, [1000, 1000, 1000], dairy, fmt)).toMatchObject({
			reason: expect.stringContaining("is 2.51x the price"),
		});
		// Far below it, the nearest percent (26.5% as 27%).
		expect(reason(53)).toBe("$0.53 is 27% of the price 3 nearby reports agree on ($2.00).");
	});

	test("outliers must be far both in ratio and in spread", () => {
		const c = consensusOf(milkHistory);
		expect(isOutlier(1000, c)).toBe(true);
		expect(isOutlier(600, c)).toBe(false);
	});
});
