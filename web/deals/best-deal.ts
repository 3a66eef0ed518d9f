/**
 * Which result is the Best Deal, and what "Potential savings" says (like with like, and nothing to
 * award with one price). The rule:
 * - The results compare by unit price when every result that may wear Best Deal (`bestDeal`, from the server:
 *   fresh, unflagged, in stock, not an unconfirmed unusual price) has a size of one dimension (weight, volume or
 *   count), and at least two results have a size of it. Best Deal goes to the lowest unit price among those that
 *   may wear it (the first in the list's order on a tie), and the savings are the spread of the unit prices of
 *   the results of that dimension, per the Best Deal's unit ("$0.02/fl oz").
 * - Otherwise they compare by price when there are at least two results: Best Deal goes to the lowest price
 *   among those that may wear it, whatever the list's order (sorted by distance, the cheapest still wears it;
 *   the first in the list's order on a tie), and the savings are the spread of their prices.
 * - With fewer than two results there is nothing to compare: no Best Deal, no savings.
 * - Savings are only of like with like: by price, every result one product (its name, case and spacing aside,
 *   and its category); by unit price, unit prices of one kind: the sized results of one dimension and one
 *   category (two milk sizes, or two brands of milk per gallon). A chip's results mix products (earbuds and a
 *   charger), whose spread saves nobody anything: `savings` is then null, and the summary says nothing of savings.
 */

import { normalizeText } from "../../src/lib/normalize.ts";
import {
	type Dimension,
	dimensionOf,
	formatUnitPrice,
	type PerUnit,
	perBaseIn,
	perUnitOf,
	pricePerBase,
} from "../../src/lib/unit-price.ts";
import { formatCurrency } from "../components/format.ts";
import type { Report } from "./queries.ts";

type Comparable = Pick<Report, "id" | "price" | "size" | "bestDeal" | "productName" | "categoryId">;
type Sized = Comparable & { size: NonNullable<Comparable["size"]> };

/**
 * How a list's results compare: the Best Deal's id (none when none may wear it) and the spread between them
 * (null when the results are of more than one product).
 */
export type Comparison =
	| { by: "price"; bestId: number | undefined; savings: number | null }
	| { by: "unit"; bestId: number; per: PerUnit; savings: number | null };

/** Whether every result is one product: what "the same product" is everywhere (name and category). */
const oneProduct = (list: readonly Comparable[]) =>
	new Set(list.map((r) => `${r.categoryId}|${normalizeText(r.productName)}`)).size <= 1;

/** The one dimension every result that may wear Best Deal has a size of; null when there is none. */
function sharedDimension(list: readonly Comparable[]): Dimension | null {
	const eligible = list.filter((r) => r.bestDeal);
	const dimensions = new Set(eligible.map((r) => (r.size ? dimensionOf(r.size.unit) : null)));
	const [only] = dimensions;
	return dimensions.size === 1 && only ? only : null;
}

function byUnitPrice(list: readonly Comparable[], dimension: Dimension): Comparison | null {
	const sized = list.filter((r): r is Sized => r.size !== null && dimensionOf(r.size.unit) === dimension);
	if (sized.length < 2) return null;
	const perBase = new Map(sized.map((r) => [r.id, pricePerBase(r.price, r.size)]));
	const at = (r: Sized) => perBase.get(r.id) ?? 0;
	// The dimension is shared by every result that may wear it, so there is one among the sized.
	const best = sized.filter((r) => r.bestDeal).reduce((low, r) => (at(r) < at(low) ? r : low));
	const per = perUnitOf(best.size.unit);
	const spread = Math.max(...perBase.values()) - Math.min(...perBase.values());
	const oneKind = new Set(sized.map((r) => r.categoryId)).size === 1;
	return { by: "unit", bestId: best.id, per, savings: oneKind ? perBaseIn(spread, per) : null };
}

/** How `list` compares (see above); null when it holds fewer than two prices to compare. */
export function compareResults(list: readonly Comparable[]): Comparison | null {
	const dimension = sharedDimension(list);
	const unit = dimension ? byUnitPrice(list, dimension) : null;
	if (unit) return unit;
	if (list.length < 2) return null;
	const prices = list.map((r) => r.price);
	// Prices are cents on the server; rounding here undoes the float subtraction's noise.
	const savings = oneProduct(list) ? Math.round((Math.max(...prices) - Math.min(...prices)) * 100) / 100 : null;
	const best = list
		.filter((r) => r.bestDeal)
		.reduce<Comparable | undefined>((low, r) => (low && low.price <= r.price ? low : r), undefined);
	return { by: "price", bestId: best?.id, savings };
}

/** The result that wears Best Deal, if any. */
export const bestDealId = (list: readonly Comparable[]): number | undefined => compareResults(list)?.bestId;

/** The savings as the summary writes them: "$0.40", or per unit, "$0.020/fl oz"; null when of mixed products. */
export function savingsText(comparison: Comparison): string | null {
	if (comparison.savings === null) return null;
	return comparison.by === "unit"
		? formatUnitPrice(comparison.savings, comparison.per)
		: formatCurrency(comparison.savings);
}
