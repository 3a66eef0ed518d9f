/**
 * How far a price can be trusted now (decision 0054): the quality check's confidence when it was reported,
 * raised by the shoppers who confirmed it and lowered by those who flagged it, each as much as their
 * standing (decision 0071), lowered by each who said it changed, and halving every "fresh" period of its kind since it was last seen
 * (reported or confirmed). A price is a Best Deal only while fresh, unflagged, in stock, and not an unusual
 * price nobody has confirmed. Products and fuel alike; nothing here reads the database.
 */
import type { FuelType } from "../../db/enums.ts";
import type { TrustInput } from "../data/report-columns.ts";
import { DAY_MS } from "../lib/time.ts";

/** How long a product price of a category stays fresh, in days: shelf prices of fresh food move fastest. */
export const FRESH_DAYS: Record<string, number> = {
	produce: 5,
	bakery: 5,
	dairy: 7,
	"meat-seafood": 7,
	restaurants: 7,
	groceries: 10,
	beverages: 10,
	household: 14,
	"personal-care": 14,
	electronics: 14,
};
const DEFAULT_FRESH_DAYS = 10;
/** How long a fuel price stays fresh, in days: pump prices move daily; charging tariffs change less often. */
export const FUEL_FRESH_DAYS: Record<FuelType, number> = { regular: 1, premium: 1, diesel: 1, e85: 1, electric: 3 };

export const productFreshDays = (categorySlug: string) => FRESH_DAYS[categorySlug] ?? DEFAULT_FRESH_DAYS;
export const fuelFreshDays = (fuel: FuelType) => FUEL_FRESH_DAYS[fuel];

/** Each confirmation of a shopper of full standing takes this share of the remaining doubt away... */
const CONFIRM_KEEPS_DOUBT = 0.6;
/** ...and each "changed" or open flag keeps this share of the confidence. */
const CHALLENGE_KEEPS = 0.7;
/** An unusual price nobody has confirmed is never trusted more than this. */
const UNUSUAL_CEILING = 0.3;
/** Whatever the evidence, never certain. */
const MAX_CONFIDENCE = 0.99;

export type { TrustInput };

export type Trust = {
	/** The confidence now, two decimals: what "AI Verified" (0.7 or more) reads. */
	confidence: number;
	/** When the price was last seen: reported, or confirmed since. */
	seenAt: number;
	/** Seen within its kind's fresh period. */
	fresh: boolean;
	/** Unusual and not yet confirmed by anyone of standing: no Best Deal, and no savings are counted with it. */
	unconfirmedUnusual: boolean;
	/** Flagged by someone of standing: no Best Deal, and out of the prices that are stood behind. */
	flagged: boolean;
	/** The latest word about its stock is "unavailable" (a confirmation after it says it is back). */
	outOfStock: boolean;
	/** May wear the Best Deal badge. */
	bestDeal: boolean;
};

const round2 = (x: number) => Math.round(x * 100) / 100;

export function trustOf(report: TrustInput, freshDays: number, now = Date.now()): Trust {
	const seenAt = Math.max(report.createdAt, report.confirmedAt ?? 0);
	const unconfirmedUnusual = Boolean(report.isUnusual) && report.confirmWeight <= 0;
	const flagged = report.flagWeight > 0;
	const outOfStock = report.unavailableAt !== null && report.unavailableAt > (report.confirmedAt ?? 0);
	const fresh = now - seenAt <= freshDays * DAY_MS;
	let confidence = 1 - (1 - (report.verificationConfidence ?? 0.5)) * CONFIRM_KEEPS_DOUBT ** report.confirmWeight;
	if (unconfirmedUnusual) confidence = Math.min(confidence, UNUSUAL_CEILING);
	confidence *= 0.5 ** (Math.max(0, now - seenAt) / (freshDays * DAY_MS));
	confidence *= CHALLENGE_KEEPS ** (report.changedCount + report.flagWeight);
	return {
		confidence: round2(Math.min(MAX_CONFIDENCE, Math.max(0, confidence))),
		seenAt,
		fresh,
		unconfirmedUnusual,
		flagged,
		outOfStock,
		bestDeal: fresh && !unconfirmedUnusual && !outOfStock && !flagged,
	};
}
