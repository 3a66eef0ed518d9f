/**
 * The statistical check: a new price against the recent prices of the same product nearby. A robust
 * consensus (median and MAD, not the mean, so one typo cannot drag it), and where history is thin, sane
 * bounds per category or fuel. Works in integer units (cents, or thousandths for fuel).
 */
export const MIN_CONSENSUS_REPORTS = 3;
/** A price this many times the consensus (or this fraction of it) is a slip, not a bargain... */
const MAX_RATIO = 2.5;
const MIN_RATIO = 0.4;
/** ...provided it is also this many robust deviations away. */
const MAX_ROBUST_Z = 3.5;

export type Bounds = { min: number; max: number; label: string };
export type Range = { min: number; max: number };
export type Verdict =
	| {
			accepted: true;
			confidence: number;
			reason: string;
			consensus: number | null;
			/** Accepted, but outside the usual band: listed with `warning`, no Best Deal until confirmed. */
			unusual: boolean;
			warning: string | null;
	  }
	| { accepted: false; reason: string; suggestedRange: Range; consensus: number | null };

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

export function judgePrice(
	price: number,
	history: readonly number[],
	bounds: Bounds,
	format: (units: number) => string,
): Verdict {
	if (history.length >= MIN_CONSENSUS_REPORTS) {
		const c = consensusOf(history);
		const typical: Range = {
			min: Math.max(bounds.min, Math.round(Math.min(quantile(history, 0.1), c.median * 0.75))),
			max: Math.min(bounds.max, Math.round(Math.max(quantile(history, 0.9), c.median * 1.25))),
		};
		if (isOutlier(price, c)) {
			const how = howFar(price / c.median);
			return {
				accepted: false,
				reason: `${format(price)} is ${how} the price ${history.length} nearby reports agree on (${format(Math.round(c.median))}).`,
				suggestedRange: typical,
				consensus: c.median,
			};
		}
		const z = Math.abs(price - c.median) / c.spread;
		const depth = Math.min(1, (history.length - 2) / 8);
		const confidence = round2(Math.min(0.99, Math.max(0.05, (0.6 + 0.35 * depth) * (1 - Math.min(z, 6) / 12))));
		return {
			accepted: true,
			confidence,
			reason: `In line with ${history.length} recent reports nearby (typically ${format(Math.round(c.median))}).`,
			consensus: c.median,
			unusual: false,
			warning: null,
		};
	}
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

/**
 * The model's opinion folded into an accepted statistical verdict. With a consensus the statistics decide and
 * the model only moves the confidence; with thin history a confident "implausible" from the model rejects.
 */
export function combineWithModel(
	verdict: Extract<Verdict, { accepted: true }>,
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
	return {
		...verdict,
		confidence: round2((1 - weight) * verdict.confidence + weight * agreement),
		reason: `${verdict.reason} AI check: ${model.reason}`,
	};
}
