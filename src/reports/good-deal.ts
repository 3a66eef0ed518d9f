/**
 * A good deal (camelcamelcamel's rule): a price within 5% of the lowest price of the same product
 * (normalised name and category) near the shopper over the last 90 days. The low counts only on a history of at
 * least 5 trustworthy prices, so that a product reported twice does not make everything a deal; and only a
 * report that can itself be trusted, and is in stock, is one.
 */

import { productLows } from "../data/price-history.ts";
import type { Db } from "../db.ts";
import { DAY_MS } from "../lib/time.ts";
import type { GoodDealLows } from "./good-deal-lows.ts";
import { type TrustInput, trustOf } from "./trust.ts";

export const GOOD_DEAL_DAYS = 90;
/** Within this many percent of the low. */
export const GOOD_DEAL_PERCENT = 5;
/** Fewer prices than this in the window say too little of what the product costs. */
export const GOOD_DEAL_MIN_PRICES = 5;

/** What the rule reads of a report: its product, its price, and what says whether it can be trusted. */
export type GoodDealCandidate = TrustInput & {
	id: number;
	/** The product's name as stored: normalizeText of the name its reporter typed. */
	normalizedName: string;
	categoryId: number;
	priceCents: number;
	availability: string;
};

/** Whether `cents` is within the percentage of `lowCents`, in integers: no float decides a cent. */
export const withinLow = (cents: number, lowCents: number) => cents * 100 <= lowCents * (100 + GOOD_DEAL_PERCENT);

function trustworthy(report: GoodDealCandidate): boolean {
	// The fresh period plays no part in what is read here.
	const trust = trustOf(report, 1);
	return !trust.flagged && !trust.unconfirmedUnusual && !trust.outOfStock && report.availability !== "out-of-stock";
}

/**
 * The ids of `reports` that are good deals for a shopper whose neighbourhood is `places` (location tokens). One
 * lookup per distinct product of the list, however many of its reports the list holds; through `lows`, only of
 * the products whose lows it does not remember.
 */
export function goodDealIds(
	db: Db,
	reports: readonly GoodDealCandidate[],
	places: readonly string[],
	now = Date.now(),
	lows?: GoodDealLows,
): Set<number> {
	const candidates = reports.filter(trustworthy);
	if (candidates.length === 0) return new Set();
	// Each candidate's product, once: a product's place in `asked` by its key.
	const asked: [name: string, category: number][] = [];
	const productOf = new Map<string, number>();
	const indexes = candidates.map((r) => {
		const name = r.normalizedName;
		const key = `${r.categoryId}\u0000${name}`;
		let at = productOf.get(key);
		if (at === undefined) {
			at = asked.push([name, r.categoryId]) - 1;
			productOf.set(key, at);
		}
		return at;
	});
	const window = { places: JSON.stringify(places), since: now - GOOD_DEAL_DAYS * DAY_MS };
	const found = lows ? lows.read(db, asked, window) : productLows(db, asked, window);
	const ids = new Set<number>();
	candidates.forEach((report, i) => {
		const low = found[indexes[i]!];
		if (low && low.prices >= GOOD_DEAL_MIN_PRICES && withinLow(report.priceCents, low.lowCents)) ids.add(report.id);
	});
	return ids;
}
