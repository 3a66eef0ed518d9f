/**
 * The question a doubtful price gets instead of a save (consensus.ts says which are doubtful): too few voices to
 * refuse it, too far off to list it unasked. The 422 says what the shopper most likely meant and where the price
 * would have been likely; resent with `confirmUnusual: true`, it is saved as unusual (check.ts).
 */
import { type DoubtfulPriceBody, type ErrorBody, HttpError } from "../lib/errors.ts";
import type { Doubt, Range } from "./consensus.ts";
import type { Market } from "./market.ts";

/** The readings a slip most often hides: the decimal point one or two places off, or two adjacent digits swapped. */
export function slipReadings(units: number): number[] {
	const shifts = [units * 10, units * 100, units / 10, units / 100].filter(Number.isInteger);
	const digits = String(units);
	const swaps: number[] = [];
	for (let i = 0; i + 1 < digits.length; i++) {
		if (digits[i] === digits[i + 1]) continue;
		swaps.push(Number(digits.slice(0, i) + digits[i + 1] + digits[i] + digits.slice(i + 2)));
	}
	return [...new Set([...shifts, ...swaps])].filter((n) => n > 0 && n !== units);
}

/**
 * The price most likely meant: of the readings within `range`, the nearest in ratio to `reference` (the
 * consensus, else the middle of the range); null when no reading lands in it.
 */
export function likeliestMeant(units: number, range: Range, reference: number | null): number | null {
	const middle = reference ?? Math.sqrt(range.min * range.max);
	const off = (n: number) => Math.abs(Math.log(n / middle));
	const within = slipReadings(units).filter((n) => n >= range.min && n <= range.max);
	return within.sort((a, b) => off(a) - off(b))[0] ?? null;
}

/** The 422 that asks: "Did you mean $3.49?", with why and the likely range, in dollars as the API writes prices. */
export function doubtfulPrice(
	market: Pick<Market<unknown>, "format" | "toDollars">,
	price: number,
	doubt: Doubt,
): HttpError {
	const meant = likeliestMeant(price, doubt.range, doubt.reference);
	const message = meant === null ? `Is ${market.format(price)} right?` : `Did you mean ${market.format(meant)}?`;
	return new HttpError(422, message, {
		reason: doubt.reason,
		confirmable: true,
		...(meant !== null && { suggestedPrice: market.toDollars(meant) }),
		suggestedRange: { min: market.toDollars(doubt.range.min), max: market.toDollars(doubt.range.max) },
	} satisfies Omit<DoubtfulPriceBody, keyof ErrorBody>);
}
