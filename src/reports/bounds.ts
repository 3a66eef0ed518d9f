import type { FuelType } from "../../db/schema.ts";
import type { Band, Bounds } from "./consensus.ts";

type Dollars = { sane: [number, number]; usual: [number, number] };

/**
 * With 5 or more voices: refused beyond half off the median either way, whatever the spread;
 * usual within 30% of it. Measured on scripts/eval-quality.ts's labelled slips (its output has the figures): every
 * decimal slip and every swap of digits past half off is refused, and hardly an honest price; between 30% and half
 * off, the honest prices held as unusual are mostly deep sales at dear stores, which one confirmation frees, and a
 * narrower usual part would hold many more of them for few more of the swaps that stay within half.
 */
export const BAND: Band = { refuseBelow: 50, refuseAbove: 150, usualOff: 30 };
/**
 * Charging nearby is two markets in one (level 2 chargers, and fast ones at nearly twice the price), so half or one
 * and a half times its median are honest prices: its band is wider, and its slips only refused from x2.5 and x0.4.
 */
const CHARGING_BAND: Band = { refuseBelow: 40, refuseAbove: 250, usualOff: 100 };

/**
 * Per category, in dollars, for products with fewer nearby voices than a consensus needs: the sane range (outside
 * it a price is refused) and the narrower usual range (outside it a price is listed as unusual, no Best Deal and no
 * savings until another shopper confirms it). The usual range holds the regular prices, the sales and the big
 * packs of the category's everyday products; a price beyond it is most often a slipped decimal.
 */
const CATEGORY_DOLLARS: Record<string, Dollars> = {
	groceries: { sane: [0.1, 200], usual: [0.4, 40] },
	produce: { sane: [0.05, 60], usual: [0.2, 20] },
	dairy: { sane: [0.25, 60], usual: [0.5, 20] },
	"meat-seafood": { sane: [0.5, 300], usual: [1, 60] },
	bakery: { sane: [0.25, 100], usual: [1, 20] },
	beverages: { sane: [0.25, 200], usual: [0.5, 40] },
	household: { sane: [0.25, 300], usual: [0.75, 50] },
	"personal-care": { sane: [0.25, 300], usual: [0.75, 60] },
	electronics: { sane: [1, 10_000], usual: [3, 3000] },
	restaurants: { sane: [0.5, 500], usual: [1, 100] },
};
const DEFAULT_DOLLARS: Dollars = { sane: [0.05, 10_000], usual: [0.05, 10_000] };

const units = ([min, max]: [number, number], perDollar: number) => ({
	min: Math.round(min * perDollar),
	max: Math.round(max * perDollar),
});

export function categoryBounds(slug: string, name: string): Bounds {
	const { sane, usual } = CATEGORY_DOLLARS[slug] ?? DEFAULT_DOLLARS;
	return { ...units(sane, 100), usual: units(usual, 100), band: BAND, label: name };
}

/** Fuel prices in thousandths of a dollar: per gallon, and per kWh for electric charging. */
const FUEL_DOLLARS: Record<FuelType, Dollars & { label: string }> = {
	regular: { sane: [1.5, 9], usual: [2, 6.5], label: "regular gas per gallon" },
	premium: { sane: [1.8, 10], usual: [2.5, 7.5], label: "premium gas per gallon" },
	diesel: { sane: [1.8, 10], usual: [2.5, 7.5], label: "diesel per gallon" },
	e85: { sane: [1.2, 8], usual: [1.6, 5.5], label: "E85 per gallon" },
	electric: { sane: [0.05, 1.5], usual: [0.1, 0.8], label: "charging per kWh" },
};

export function fuelBounds(fuel: FuelType): Bounds {
	const { sane, usual, label } = FUEL_DOLLARS[fuel];
	const band = fuel === "electric" ? CHARGING_BAND : BAND;
	return { ...units(sane, 1000), usual: units(usual, 1000), band, label };
}
