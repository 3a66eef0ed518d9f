import { describe, expect, test } from "bun:test";
import { formatMills } from "../lib/money.ts";
import { categoryBounds, fuelBounds } from "./bounds.ts";
import { combineWithModel, consensusOf, isOutlier, judgePrice, median, type Verdict } from "./consensus.ts";

const dairy = categoryBounds("dairy", "Dairy");
const bakery = categoryBounds("bakery", "Bakery");
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

	test("a bargain near half price is listed as unusual; an ordinary price is usual; closer means surer", () => {
		const bargain = judgePrice(179, milkHistory, dairy, fmt);
		const usual = judgePrice(349, milkHistory, dairy, fmt);
		expect(bargain).toMatchObject({ accepted: true, unusual: true });
		expect(usual).toMatchObject({ accepted: true, unusual: false, warning: null });
		if (bargain.accepted && usual.accepted) {
			expect(usual.confidence).toBeGreaterThan(bargain.confidence);
			expect(usual.confidence).toBeGreaterThanOrEqual(0.7);
			expect(Number(usual.confidence.toFixed(2))).toBe(usual.confidence);
		}
	});

	test("with thin history, the category's sane bounds decide, with middling confidence", () => {
		const ok = judgePrice(399, [349], dairy, fmt);
		expect(ok).toMatchObject({ accepted: true, confidence: 0.5, unusual: false, warning: null });
		const absurd = judgePrice(900000, [], dairy, fmt);
		expect(absurd).toMatchObject({ accepted: false, suggestedRange: { min: 25, max: 6000 } });
	});

	test("fuel bounds are per gallon, and per kWh for charging", () => {
		expect(fuelBounds("regular")).toMatchObject({ min: 1500, max: 9000, usual: { min: 2000, max: 6500 } });
		expect(judgePrice(4290, [], fuelBounds("electric"), fmt).accepted).toBe(false);
		expect(judgePrice(420, [], fuelBounds("electric"), fmt)).toMatchObject({ accepted: true, unusual: false });
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

const UNTIL = "It's listed, but won't be a Best Deal until another shopper confirms it.";
const five = (units: number) => Array(5).fill(units);
const outcome = (v: Verdict) => (!v.accepted ? "refused" : v.unusual ? "unusual" : "usual");

describe("with 5 or more voices, the consensus judges in bands", () => {
	test("more than half off the median is refused whatever the spread; exactly half off is listed", () => {
		const wide = [100, 150, 200, 250, 300]; // a spread so wide that no price here is many deviations off
		expect(outcome(judgePrice(300, five(200), dairy, fmt))).toBe("unusual");
		expect(outcome(judgePrice(100, five(200), dairy, fmt))).toBe("unusual");
		expect(judgePrice(301, five(200), dairy, fmt)).toMatchObject({
			accepted: false,
			reason: "$3.01 is 51% above the price 5 nearby reports agree on ($2.00).",
		});
		expect(judgePrice(99, five(200), dairy, fmt)).toMatchObject({
			accepted: false,
			reason: "$0.99 is 51% below the price 5 nearby reports agree on ($2.00).",
		});
		expect(outcome(judgePrice(301, wide, dairy, fmt))).toBe("refused");
		expect(outcome(judgePrice(99, wide, dairy, fmt))).toBe("refused");
		// Just past the limit, the nearest percent would be the limit itself (50.1% as "50%"): rounded away from it.
		expect(judgePrice(1501, five(1000), dairy, fmt)).toMatchObject({ reason: expect.stringContaining("is 51% above") });
		expect(judgePrice(3490, five(349), dairy, fmt)).toMatchObject({ reason: expect.stringContaining("is 10.0x the") });
	});

	test("a real sale 20% below is usual, even against the tightest consensus", () => {
		const sale = judgePrice(160, five(200), dairy, fmt);
		expect(sale).toMatchObject({ accepted: true, unusual: false, warning: null });
		expect(sale.accepted && sale.confidence).toBeGreaterThan(0.4);
		expect(outcome(judgePrice(279, milkHistory, dairy, fmt))).toBe("usual");
	});

	test("between the usual band and the refusal, a price is listed as unusual with a plain warning", () => {
		const dear = judgePrice(179, five(129), dairy, fmt);
		expect(dear).toMatchObject({
			accepted: true,
			unusual: true,
			warning: `$1.79 is 39% above the $1.29 nearby shoppers report. ${UNTIL}`,
			reason: "Unusual: 39% above the 5 recent reports nearby (typically $1.29).",
		});
		expect(dear.accepted && dear.confidence).toBeLessThanOrEqual(0.4);
		expect(judgePrice(130, five(200), dairy, fmt)).toMatchObject({
			unusual: true,
			warning: `$1.30 is 35% below the $2.00 nearby shoppers report. ${UNTIL}`,
		});
	});

	test("the usual band ends at 30% off, and nearer on a tight consensus at 4.5 robust deviations", () => {
		const spread = [160, 180, 200, 220, 240]; // robust deviation $0.30
		expect(outcome(judgePrice(260, spread, dairy, fmt))).toBe("usual"); // exactly 30% above
		expect(outcome(judgePrice(140, spread, dairy, fmt))).toBe("usual"); // exactly 30% below
		expect(outcome(judgePrice(261, spread, dairy, fmt))).toBe("unusual");
		expect(outcome(judgePrice(139, spread, dairy, fmt))).toBe("unusual");
		// All five at $2.00: the deviation is its floor, $0.10, so 25% off is 5 of them.
		expect(outcome(judgePrice(155, five(200), dairy, fmt))).toBe("usual");
		expect(outcome(judgePrice(150, five(200), dairy, fmt))).toBe("unusual");
	});

	test("the category's usual range does not apply: five voices vouch for a dear cake", () => {
		const cakes = [2400, 2500, 2600, 2450, 2550];
		expect(outcome(judgePrice(2550, cakes, bakery, fmt))).toBe("usual");
	});

	test("fuel too, per gallon; charging, two markets in one, only refuses from 2.5x and 40%", () => {
		const regular = fuelBounds("regular");
		const pumps = [3149, 3199, 3099, 3149, 3179];
		expect(judgePrice(4749, pumps, regular, formatMills)).toMatchObject({
			accepted: false,
			reason: "$4.749 is 51% above the price 5 nearby reports agree on ($3.149).",
		});
		expect(outcome(judgePrice(2519, pumps, regular, formatMills))).toBe("usual"); // 20% below
		expect(judgePrice(4199, pumps, regular, formatMills)).toMatchObject({
			unusual: true,
			warning: `$4.199 is 33% above the $3.149 nearby shoppers report. ${UNTIL}`,
		});
		const charging = fuelBounds("electric");
		expect(outcome(judgePrice(700, five(300), charging, formatMills))).toBe("unusual");
		expect(outcome(judgePrice(750, five(300), charging, formatMills))).toBe("unusual"); // exactly 2.5x
		expect(outcome(judgePrice(520, [300, 320, 480, 500, 290], charging, formatMills))).toBe("usual");
		expect(judgePrice(780, five(300), charging, formatMills)).toMatchObject({
			accepted: false,
			reason: "$0.780 is 2.6x the price 5 nearby reports agree on ($0.300).",
		});
		expect(judgePrice(110, five(300), charging, formatMills)).toMatchObject({
			accepted: false,
			reason: "$0.110 is 63% below the price 5 nearby reports agree on ($0.300).",
		});
	});
});

describe("with fewer than 5 voices, a price far outside its category's usual range is listed as unusual", () => {
	test("the $59.90 loaf on thin history", () => {
		for (const history of [[], [449], [449, 459]]) {
			const loaf = judgePrice(5990, history, bakery, fmt);
			expect(loaf).toMatchObject({
				accepted: true,
				unusual: true,
				warning: `$59.90 is far above the prices usually reported for Bakery ($1.00 to $20.00). ${UNTIL}`,
			});
			expect(loaf.accepted && loaf.confidence).toBeLessThanOrEqual(0.4);
		}
		expect(outcome(judgePrice(449, [], bakery, fmt))).toBe("usual");
		expect(judgePrice(15, [], categoryBounds("produce", "Produce"), fmt)).toMatchObject({
			unusual: true,
			warning: expect.stringContaining("$0.15 is far below the prices usually reported for Produce ($0.20 to"),
		});
	});

	test("with 3 or 4 voices, a clear outlier is still refused, and the usual range holds the rest", () => {
		expect(outcome(judgePrice(5990, [449, 459, 439, 449], bakery, fmt))).toBe("refused");
		expect(outcome(judgePrice(2550, [2400, 2500, 2600], bakery, fmt))).toBe("unusual");
		// Twice the median: past the bands' refusal, but 3 voices only refuse a clear outlier, and ask about the rest.
		expect(judgePrice(898, [449, 459, 439], bakery, fmt)).toMatchObject({
			accepted: true,
			unusual: true,
			doubt: { reason: "$8.98 is 100% above the $4.49 nearby shoppers report.", reference: 449 },
		});
		// Near what they report, though outside the category's usual range: the neighbours know, nobody is asked.
		expect(judgePrice(2550, [2400, 2500, 2600], bakery, fmt)).not.toHaveProperty("doubt");
	});

	test("fuel: outside the fuel's usual range on thin history, still within its sane bounds", () => {
		expect(judgePrice(7000, [], fuelBounds("regular"), formatMills)).toMatchObject({
			accepted: true,
			unusual: true,
			warning: `$7.000 is far above the prices usually reported for regular gas per gallon ($2.000 to $6.500). ${UNTIL}`,
			doubt: { range: { min: 2000, max: 6500 }, reference: null },
		});
		expect(outcome(judgePrice(9500, [], fuelBounds("regular"), formatMills))).toBe("refused");
	});
});

describe("the model's advice", () => {
	const plausible = { plausible: true, confidence: 0.99, reason: "Looks right." };
	const implausible = { plausible: false, confidence: 0.9, reason: "Far too dear for bread." };
	const accepted = (v: Verdict) => {
		if (!v.accepted) throw new Error(v.reason);
		return v;
	};

	test("never makes an unusual price usual, nor lifts its confidence past the ceiling", () => {
		const dear = accepted(judgePrice(179, five(129), dairy, fmt));
		expect(combineWithModel(dear, plausible, dairy)).toMatchObject({ accepted: true, unusual: true });
		const loaf = accepted(judgePrice(5990, [], bakery, fmt));
		const combined = combineWithModel(loaf, plausible, bakery);
		expect(combined).toMatchObject({ accepted: true, unusual: true, warning: loaf.warning });
		expect(combined.accepted && combined.confidence).toBeLessThanOrEqual(0.4);
	});

	test("still refuses on thin history when it is sure the price is wrong", () => {
		const loaf = accepted(judgePrice(5990, [], bakery, fmt));
		expect(combineWithModel(loaf, implausible, bakery)).toMatchObject({ accepted: false });
	});
});
