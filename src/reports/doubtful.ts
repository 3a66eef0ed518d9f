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

/**
 * A multi-buy's question or refusal in the bundle's terms: the check judged one's share, but the shopper typed
 * (and will correct) the bundle's price, so the prices it names are the bundle's.
 */
export function inBundle(
	error: unknown,
	market: Pick<Market<unknown>, "format">,
	bundle: { quantity: number; price: number } | null,
): unknown {
	if (!bundle || !(error instanceof HttpError) || error.status !== 422 || !("suggestedRange" in error.extra))
		return error;
	const body = error.extra as Omit<DoubtfulPriceBody, keyof ErrorBody | "confirmable"> & { confirmable?: true };
	const times = (dollars: number) => Math.round(dollars * bundle.quantity * 100) / 100;
	const meant = body.suggestedPrice === undefined ? undefined : times(body.suggestedPrice);
	const asked = body.confirmable
		? meant === undefined
			? `Is ${market.format(bundle.price)} for ${bundle.quantity} right?`
			: `Did you mean ${market.format(Math.round(meant * 100))} for ${bundle.quantity}?`
		: error.message;
	return new HttpError(422, asked, {
		...body,
		...(meant !== undefined && { suggestedPrice: meant }),
		suggestedRange: { min: times(body.suggestedRange.min), max: times(body.suggestedRange.max) },
	});
}
