/**
 * The statistical check: a new price against the recent prices of the same product nearby. A robust
 * consensus (median and MAD, not the mean, so one typo cannot drag it), and where history is thin, sane
 * bounds per category or fuel. Works in integer units (cents, or thousandths for fuel).
 *
 * Three regimes, by how many shoppers were heard (scripts/eval-quality.ts measures them on labelled slips):
 * - 5 or more: the consensus decides in bands (bounds.ts, per kind of price). Too far off the median is refused
 *   whatever the spread; beyond the usual band the price is listed as unusual; within it, accepted.
 * - 3 or 4: too few for bands; a clear outlier (far in ratio and in robust deviations) is refused, and a price
 *   outside the band (as 5 voices would refuse it) is doubtful.
 * - fewer: the category's sane bounds refuse; a price outside its usual range (bounds.ts) is doubtful.
 * A doubtful price is asked about before it is saved (check.ts), and listed as unusual once its reporter confirms it.
 */
export const MIN_CONSENSUS_REPORTS = 3;
/** From this many voices the consensus judges in bands. */
export const MIN_BAND_REPORTS = 5;
/** With fewer voices, a price this many times the consensus (or this fraction of it) is a slip, not a bargain... */
const MAX_RATIO = 2.5;
const MIN_RATIO = 0.4;
/** ...provided it is also this many robust deviations away. */
const MAX_ROBUST_Z = 3.5;
/**
 * In bands, a usual price is also within this many robust deviations of the median. A sale 20% below is 4 of them
 * off the tightest consensus (the spread is floored at 5% of the median), so it stays usual.
 */
export const USUAL_Z = 4.5;
/** An unusual price is never more sure than this: far from AI Verified. */
export const UNUSUAL_CONFIDENCE = 0.4;
const UNTIL_CONFIRMED = "It's listed, but won't be a Best Deal until another shopper confirms it.";

/**
 * How 5 or more voices judge, in percent of their median: refused below `refuseBelow` or above `refuseAbove`
 * whatever the spread, unusual more than `usualOff` off it (or USUAL_Z robust deviations), else usual.
 */
export type Band = { refuseBelow: number; refuseAbove: number; usualOff: number };
/** A kind of price's sane range (min, max: refused outside, on thin history), its usual range, and its band. */
export type Bounds = { min: number; max: number; usual: Range; band: Band; label: string };
export type Range = { min: number; max: number };
type Accepted = {
	accepted: true;
	confidence: number;
	reason: string;
	consensus: number | null;
	/** Accepted, but outside the usual band: listed with `warning`, no Best Deal until confirmed. */
	unusual: boolean;
	warning: string | null;
	/** Too few voices to refuse it, too far off to take unasked: saved only once its reporter confirms it. */
	doubt?: Doubt;
};
/** Why a price is doubtful, and where it would have been likely (in the market's unit). */
export type Doubt = { reason: string; range: Range; reference: number | null };
export type Verdict = Accepted | { accepted: false; reason: string; suggestedRange: Range; consensus: number | null };

/**
 * One voice per shopper: of a history that comes newest first, the price of each other shopper's newest
 * report, never the reporter's own. Counted per report, one account could repeat a price until it was the
 * consensus, then walk it away step by step and expire its neighbours' honest prices as outliers.
 */
export function heardPrices(history: readonly { userId: string; price: number }[], reporterId: string): number[] {
	const heard = new Set<string>([reporterId]);
	const prices: number[] = [];
	for (const row of history) {
		if (heard.has(row.userId)) continue;
		heard.add(row.userId);
		prices.push(row.price);
	}
	return prices;
}

export function median(values: readonly number[]): number {
	const s = [...values].sort((a, b) => a - b);
	const mid = s.length >> 1;
	return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function quantile(values: readonly number[], q: number): number {
	const s = [...values].sort((a, b) => a - b);
	const pos = (s.length - 1) * q;
	const lo = Math.floor(pos);
	return s[lo]! + (s[Math.ceil(pos)]! - s[lo]!) * (pos - lo);
}

/** Median and a robust spread: 1.4826 x MAD (the standard deviation for normal data), floored at 5%. */
export function consensusOf(history: readonly number[]) {
	const m = median(history);
	const mad = median(history.map((h) => Math.abs(h - m)));
	return { median: m, spread: Math.max(1.4826 * mad, 0.05 * m, 1) };
}

/** Is `price` an outlier against a consensus? Both far in ratio and far in robust deviations. */
export function isOutlier(price: number, c: { median: number; spread: number }): boolean {
	const ratio = price / c.median;
	const z = Math.abs(price - c.median) / c.spread;
	return (ratio > MAX_RATIO || ratio < MIN_RATIO) && z > MAX_ROBUST_Z;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** "3.0x" or "25% of", never rounded onto the limit itself: 2.505x reads 2.51x, not 2.5x, which passes. */
function howFar(ratio: number): string {
	if (ratio > 1) {
		const tenths = ratio.toFixed(1);
		return Number(tenths) > MAX_RATIO ? `${tenths}x` : `${(Math.ceil(ratio * 100) / 100).toFixed(2)}x`;
	}
	const percent = Math.round(ratio * 100);
	return `${percent < MIN_RATIO * 100 ? percent : Math.floor(ratio * 100)}% of`;
}

/** Whether `price` is more than `percent`% off `median`, in exact arithmetic: exactly 30% off is not more. */
const offBy = (price: number, median: number, percent: number) => Math.abs(price - median) * 100 > percent * median;
/** Whether `price` is refused in `band`: in exact arithmetic, so exactly half the median is not below 50%. */
const outsideBand = (price: number, median: number, band: Band) =>
	price * 100 < band.refuseBelow * median || price * 100 > band.refuseAbove * median;

/** How many percent `price` is off `median`, unrounded. */
const offPercent = (price: number, median: number) => (Math.abs(price - median) * 100) / median;

/** "70% above" or "40% below": how far off the median, to the nearest percent. */
const percentOff = (price: number, median: number) =>
	`${Math.round(offPercent(price, median))}% ${price > median ? "above" : "below"}`;

/** A refused price in bands: "3.0x", else "51% above" or "62% below", never rounded onto the band's limit. */
function bandFar(price: number, median: number, band: Band): string {
	const ratio = price / median;
	if (ratio >= 2) {
		const tenths = ratio.toFixed(1);
		return Number(tenths) * 100 > band.refuseAbove ? `${tenths}x` : `${(Math.ceil(ratio * 100) / 100).toFixed(2)}x`;
	}
	const above = price > median;
	const off = offPercent(price, median);
	const limit = above ? band.refuseAbove - 100 : 100 - band.refuseBelow;
	return `${Math.round(off) > limit ? Math.round(off) : Math.ceil(off)}% ${above ? "above" : "below"}`;
}

/** The prices most nearby reports fall in, within the sane bounds: what a refusal suggests. */
function typicalRange(history: readonly number[], median: number, bounds: Bounds): Range {
	return {
		min: Math.max(bounds.min, Math.round(Math.min(quantile(history, 0.1), median * 0.75))),
		max: Math.min(bounds.max, Math.round(Math.max(quantile(history, 0.9), median * 1.25))),
	};
}

/** Surer with more voices and closer to the median. */
const consensusConfidence = (voices: number, z: number) => {
	const depth = Math.min(1, (voices - 2) / 8);
	return round2(Math.min(0.99, Math.max(0.05, (0.6 + 0.35 * depth) * (1 - Math.min(z, 6) / 12))));
};

export function judgePrice(
	price: number,
	history: readonly number[],
	bounds: Bounds,
	format: (units: number) => string,
): Verdict {
	if (history.length >= MIN_BAND_REPORTS) return judgeInBands(price, history, bounds, format);
	const verdict =
		history.length >= MIN_CONSENSUS_REPORTS
			? judgeOnFewVoices(price, history, bounds, format)
			: judgeOnBounds(price, bounds, format);
	return verdict.accepted ? heldIfOutsideUsual(verdict, price, bounds, format) : verdict;
}

/** Five voices or more: refused outside the band, unusual past its usual part, else accepted. */
function judgeInBands(price: number, history: readonly number[], bounds: Bounds, format: (units: number) => string) {
	const c = consensusOf(history);
	const typical = format(Math.round(c.median));
	const z = Math.abs(price - c.median) / c.spread;
	const { band } = bounds;
	if (outsideBand(price, c.median, band)) {
		return {
			accepted: false,
			reason: `${format(price)} is ${bandFar(price, c.median, band)} the price ${history.length} nearby reports agree on (${typical}).`,
			suggestedRange: typicalRange(history, c.median, bounds),
			consensus: c.median,
		} satisfies Verdict;
	}
	const confidence = consensusConfidence(history.length, z);
	if (offBy(price, c.median, band.usualOff) || z > USUAL_Z) {
		return {
			accepted: true,
			confidence: Math.min(UNUSUAL_CONFIDENCE, confidence),
			reason: `Unusual: ${percentOff(price, c.median)} the ${history.length} recent reports nearby (typically ${typical}).`,
			consensus: c.median,
			unusual: true,
			warning: `${format(price)} is ${percentOff(price, c.median)} the ${typical} nearby shoppers report. ${UNTIL_CONFIRMED}`,
		} satisfies Verdict;
	}
	return {
		accepted: true,
		confidence,
		reason: `In line with ${history.length} recent reports nearby (typically ${typical}).`,
		consensus: c.median,
		unusual: false,
		warning: null,
	} satisfies Verdict;
}

/** Three or four voices: only a clear outlier (far in ratio and in spread) is refused. */
function judgeOnFewVoices(
	price: number,
	history: readonly number[],
	bounds: Bounds,
	format: (units: number) => string,
): Verdict {
	const c = consensusOf(history);
	const typical = format(Math.round(c.median));
	if (isOutlier(price, c)) {
		return {
			accepted: false,
			reason: `${format(price)} is ${howFar(price / c.median)} the price ${history.length} nearby reports agree on (${typical}).`,
			suggestedRange: typicalRange(history, c.median, bounds),
			consensus: c.median,
		};
	}
	if (outsideBand(price, c.median, bounds.band)) {
		const said = `${format(price)} is ${percentOff(price, c.median)} the ${typical} nearby shoppers report.`;
		const z = Math.abs(price - c.median) / c.spread;
		return {
			accepted: true,
			confidence: Math.min(UNUSUAL_CONFIDENCE, consensusConfidence(history.length, z)),
			reason: `Unusual: ${percentOff(price, c.median)} the ${history.length} recent reports nearby (typically ${typical}).`,
			consensus: c.median,
			unusual: true,
			warning: `${said} ${UNTIL_CONFIRMED}`,
			doubt: { reason: said, range: typicalRange(history, c.median, bounds), reference: c.median },
		};
	}
	return {
		accepted: true,
		confidence: consensusConfidence(history.length, Math.abs(price - c.median) / c.spread),
		reason: `In line with ${history.length} recent reports nearby (typically ${typical}).`,
		consensus: c.median,
		unusual: false,
		warning: null,
	};
}

/** Fewer voices than a consensus: the sane bounds refuse. */
function judgeOnBounds(price: number, bounds: Bounds, format: (units: number) => string): Verdict {
	if (price < bounds.min || price > bounds.max) {
		return {
			accepted: false,
			reason: `${format(price)} is outside the usual range for ${bounds.label}.`,
			suggestedRange: { min: bounds.min, max: bounds.max },
			consensus: null,
		};
	}
	return {
		accepted: true,
		confidence: 0.5,
		reason: `Within the usual range for ${bounds.label}; too few nearby reports for a consensus yet.`,
		consensus: null,
		unusual: false,
		warning: null,
	};
}

/** With fewer than 5 voices, a price outside the category's usual range is listed as unusual until confirmed. */
function heldIfOutsideUsual(verdict: Accepted, price: number, bounds: Bounds, format: (units: number) => string) {
	const { usual } = bounds;
	if (verdict.doubt || (price >= usual.min && price <= usual.max)) return verdict;
	const where = `far ${price > usual.max ? "above" : "below"} the prices usually reported for ${bounds.label}`;
	const said = `${format(price)} is ${where} (${format(usual.min)} to ${format(usual.max)}).`;
	return {
		...verdict,
		confidence: Math.min(UNUSUAL_CONFIDENCE, verdict.confidence),
		reason: `Unusual: ${where}; too few nearby reports to tell.`,
		unusual: true,
		warning: `${said} ${UNTIL_CONFIRMED}`,
		// With a consensus of 3 or 4 near it, the neighbours say the price is likely, whatever the category's range.
		...(verdict.consensus === null && { doubt: { reason: said, range: usual, reference: null } }),
	} satisfies Accepted;
}

/**
 * The model's opinion folded into an accepted statistical verdict. With a consensus the statistics decide and
 * the model only moves the confidence; with thin history a confident "implausible" from the model rejects. An
 * unusual price stays unusual, its confidence within UNUSUAL_CONFIDENCE.
 */
export function combineWithModel(
	verdict: Accepted,
	model: { plausible: boolean; confidence: number; reason: string } | null,
	bounds: Bounds,
): Verdict {
	if (!model) return verdict;
	const agreement = model.plausible ? model.confidence : 1 - model.confidence;
	if (verdict.consensus === null && !model.plausible && model.confidence >= 0.8) {
		return {
			accepted: false,
			reason: `AI check: ${model.reason}`,
			suggestedRange: { min: bounds.min, max: bounds.max },
			consensus: null,
		};
	}
	const weight = verdict.consensus === null ? 0.5 : 0.3;
	const confidence = round2((1 - weight) * verdict.confidence + weight * agreement);
	return {
		...verdict,
		confidence: verdict.unusual ? Math.min(UNUSUAL_CONFIDENCE, confidence) : confidence,
		reason: `${verdict.reason} AI check: ${model.reason}`,
	};
}
