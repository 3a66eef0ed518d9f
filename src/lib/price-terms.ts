/**
 * What a price asks of the shopper (decision 0093): a product price may be regular, a sale (with its last
 * day), member-only, or a multi-buy ("2 for $5"); a fuel price cash or card. The report schemas take these
 * entries and rules; the write stores a multi-buy as the price of one beside the bundle it came in.
 */
import * as v from "valibot";
import { FUEL_PAYMENTS, type FuelPayment, PRICE_TYPES, type PriceType } from "../../db/enums.ts";
import { centsToNumber } from "./money.ts";
import { DAY_MS, HOUR_MS } from "./time.ts";

/** A multi-buy is for 2 to this many. */
export const MULTI_BUY_MAX = 24;
/**
 * A sale that gives no last day lives this long after it was last reported or confirmed, rather than as long
 * as a regular price: sales are short, and a stale one would undercut the store's price of today.
 */
export const UNDATED_SALE_DAYS = 7;
/** A sale's last day is at most this far ahead. */
const SALE_DAYS_AHEAD = 366;

export const PRICE_TERMS_MESSAGES = {
	type: `Price type must be one of ${PRICE_TYPES.join(", ")}`,
	saleEndsFormat: "Sale's last day must be a date like 2026-12-31",
	saleEndsPassed: "The sale's last day has passed",
	saleEndsFar: "The sale's last day must be within a year",
	saleEndsOnlySale: "Only a sale has a last day",
	multiNeeded: `Say how many the multi-buy price is for, 2 to ${MULTI_BUY_MAX}`,
	multiRange: `A multi-buy is for 2 to ${MULTI_BUY_MAX}`,
	multiOnly: "Only a multi-buy price is for several",
	payment: `Payment must be one of ${FUEL_PAYMENTS.join(", ")}`,
} as const;

/**
 * When a sale that ends on `day` (YYYY-MM-DD) stops being live: once its last day is over everywhere in the
 * US, at midnight in Hawaii (UTC-10), so no shopper loses a sale still on where they stand.
 */
export function saleOverAt(day: string): number {
	return Date.parse(`${day}T00:00:00Z`) + DAY_MS + 10 * HOUR_MS;
}

/** The day (YYYY-MM-DD) whose sales are over at `now`: every sale ending before or on it. */
export function lastOverSaleDay(now: number): string {
	return new Date(now - DAY_MS - 10 * HOUR_MS).toISOString().slice(0, 10);
}

const isCalendarDay = (day: string) => {
	const at = Date.parse(`${day}T00:00:00Z`);
	return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day;
};

/** Blank (a form's empty field) is none. */
const blankIsNull = (value: string | number | null) =>
	value === null || (typeof value === "string" && value.trim() === "") ? null : value;

/** A product report's price terms, as the object schema takes them (from JSON, or a form's text). */
export const priceTermsEntries = {
	priceType: v.optional(v.picklist(PRICE_TYPES, PRICE_TERMS_MESSAGES.type), "regular"),
	saleEnds: v.pipe(
		v.optional(v.nullable(v.string(PRICE_TERMS_MESSAGES.saleEndsFormat)), null),
		v.transform((day) => (blankIsNull(day) === null ? null : (day as string).trim())),
		v.nullable(
			v.pipe(
				v.string(),
				v.check(isCalendarDay, PRICE_TERMS_MESSAGES.saleEndsFormat),
				v.check((day) => saleOverAt(day) > Date.now(), PRICE_TERMS_MESSAGES.saleEndsPassed),
				v.check(
					(day) => Date.parse(`${day}T00:00:00Z`) < Date.now() + SALE_DAYS_AHEAD * DAY_MS,
					PRICE_TERMS_MESSAGES.saleEndsFar,
				),
			),
		),
	),
	multiBuyQuantity: v.pipe(
		v.optional(v.nullable(v.union([v.number(), v.string()], PRICE_TERMS_MESSAGES.multiRange)), null),
		v.transform((n) => {
			const value = blankIsNull(n);
			return value === null ? null : Number(value);
		}),
		v.nullable(
			v.pipe(
				v.number(PRICE_TERMS_MESSAGES.multiRange),
				v.integer(PRICE_TERMS_MESSAGES.multiRange),
				v.minValue(2, PRICE_TERMS_MESSAGES.multiRange),
				v.maxValue(MULTI_BUY_MAX, PRICE_TERMS_MESSAGES.multiRange),
			),
		),
	),
};

type TermsInput = { priceType: PriceType; saleEnds: string | null; multiBuyQuantity: number | null };

/** The rules between the terms, each with the field it is answered on (the schema forwards each there). */
export const TERMS_RULES = {
	saleEndsOnlySale: (input: TermsInput) => input.saleEnds === null || input.priceType === "sale",
	multiNeeded: (input: TermsInput) => input.priceType !== "multi-buy" || input.multiBuyQuantity !== null,
	multiOnly: (input: TermsInput) => input.priceType === "multi-buy" || input.multiBuyQuantity === null,
};

/** A product price's terms as they are stored. */
export type PriceTerms = {
	type: PriceType;
	saleEnds: string | null;
	/** A multi-buy's bundle: how many, for what (cents). */
	multiQuantity: number | null;
	multiPriceCents: number | null;
};

export const REGULAR_TERMS: PriceTerms = {
	type: "regular",
	saleEnds: null,
	multiQuantity: null,
	multiPriceCents: null,
};

/**
 * The price of one and the terms, from a checked input whose `price` is what the shelf says: for a multi-buy,
 * the bundle's price, of which one costs its share (rounded to the cent) for every comparison.
 */
export function withTerms<T extends TermsInput & { price: number }>(input: T) {
	const { priceType, saleEnds, multiBuyQuantity, ...rest } = input;
	const bundle = priceType === "multi-buy" && multiBuyQuantity !== null ? multiBuyQuantity : null;
	const terms: PriceTerms = {
		type: priceType,
		saleEnds: priceType === "sale" ? saleEnds : null,
		multiQuantity: bundle,
		multiPriceCents: bundle === null ? null : input.price,
	};
	return { ...rest, price: bundle === null ? input.price : Math.round(input.price / bundle), terms };
}

/** A fuel price's payment, as the object schema takes it; null (or a form's blank) is either. */
export const fuelPaymentEntry = {
	payment: v.pipe(
		v.optional(v.nullable(v.string(PRICE_TERMS_MESSAGES.payment)), null),
		v.transform((value) => (blankIsNull(value) === null ? null : value)),
		v.nullable(v.picklist(FUEL_PAYMENTS, PRICE_TERMS_MESSAGES.payment)),
	),
};
export type { FuelPayment };

/**
 * What the price asks, as every read shape says it: its type, a sale's last day, and a multi-buy's bundle
 * ("2 for $5": quantity 2, price 5), of which the shape's `price` is one's share.
 */
export function termsJson(row: {
	priceType: string;
	saleEnds: string | null;
	multiQuantity: number | null;
	multiPriceCents: number | null;
}) {
	return {
		// Only the schema's types are ever written.
		priceType: row.priceType as PriceType,
		saleEnds: row.saleEnds,
		multiBuy:
			row.multiQuantity !== null && row.multiPriceCents !== null
				? { quantity: row.multiQuantity, price: centsToNumber(row.multiPriceCents) }
				: null,
	};
}
