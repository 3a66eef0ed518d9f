/**
 * Unit prices ("like with like"), for the server and the web alike (pure: no server code, no Intl).
 * A size's unit belongs to a dimension (weight, volume or a count), each with a base unit (the gram, the
 * millilitre, one item); prices compare per base unit, so a gallon and a half gallon, or a pound and 500 g,
 * compare as they should. A unit price is shown per the size's own unit as shoppers read shelf labels: $/oz,
 * $/lb, $/kg, $/fl oz, $/gal, $/L and $/each, but per 100 g for grams (a cent a gram says too little).
 */
import type { SizeUnit } from "../../db/enums.ts";

export type Size = { quantity: number; unit: SizeUnit };
export type Dimension = "weight" | "volume" | "count";
/** What a unit price is per, as shown after its slash: "oz", "100 g", "each". */
export type PerUnit = "oz" | "lb" | "100 g" | "kg" | "fl oz" | "gal" | "L" | "each";

/** Each unit's dimension, its size in the dimension's base unit, and what its unit price is per. */
const UNITS: Record<SizeUnit, { dimension: Dimension; base: number; per: PerUnit }> = {
	oz: { dimension: "weight", base: 28.349523125, per: "oz" },
	lb: { dimension: "weight", base: 453.59237, per: "lb" },
	g: { dimension: "weight", base: 1, per: "100 g" },
	kg: { dimension: "weight", base: 1000, per: "kg" },
	"fl oz": { dimension: "volume", base: 29.5735295625, per: "fl oz" },
	gal: { dimension: "volume", base: 3785.411784, per: "gal" },
	L: { dimension: "volume", base: 1000, per: "L" },
	count: { dimension: "count", base: 1, per: "each" },
};
/** How many base units each PerUnit is. */
const PER_BASE: Record<PerUnit, number> = {
	oz: UNITS.oz.base,
	lb: UNITS.lb.base,
	"100 g": 100,
	kg: UNITS.kg.base,
	"fl oz": UNITS["fl oz"].base,
	gal: UNITS.gal.base,
	L: UNITS.L.base,
	each: 1,
};

export const dimensionOf = (unit: SizeUnit): Dimension => UNITS[unit].dimension;
/** What a size's unit price is per: its own unit, but 100 g for grams and "each" for a count. */
export const perUnitOf = (unit: SizeUnit): PerUnit => UNITS[unit].per;

/** Dollars per base unit (gram, millilitre, item): the figure prices of one dimension compare by. */
/** How many base units (grams, millilitres, items) a size is. */
export const baseUnitsOf = (size: Size): number => size.quantity * UNITS[size.unit].base;

export const pricePerBase = (price: number, size: Size): number => price / (size.quantity * UNITS[size.unit].base);

/** A price per base unit, in dollars per `per`. */
export const perBaseIn = (perBase: number, per: PerUnit): number => perBase * PER_BASE[per];

/** A price's unit price per `per` (the size's own by default); `per` must be of the size's dimension. */
export function unitPrice(price: number, size: Size, per: PerUnit = perUnitOf(size.unit)): number {
	return perBaseIn(pricePerBase(price, size), per);
}

/** An amount rounded half up to `decimals`, a division's binary noise (54.49999… thousandths for 0.0545) taken off first. */
const roundTo = (amount: number, decimals: number) =>
	Math.round(Number((amount * 10 ** decimals).toPrecision(12))) / 10 ** decimals;

/** "1,299.99" from 1299.99 at two decimals: the digits of an amount, rounded half up and grouped by thousands. */
function digits(amount: number, decimals: number): string {
	const [whole = "0", fraction] = roundTo(amount, decimals).toFixed(decimals).split(".");
	return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${fraction ? `.${fraction}` : ""}`;
}

/**
 * A unit price as written beside a price: "$5.99/gal", "$0.055/fl oz", "$0.50/100 g". Under a dollar it keeps a
 * tenth of a cent when there is one, which is often what tells two sizes apart; from a dollar, cents.
 */
export function formatUnitPrice(amount: number, per: PerUnit): string {
	const text = roundTo(amount, 3) < 1 ? digits(amount, 3).replace(/(\.\d\d)0$/, "$1") : digits(amount, 2);
	return `$${text}/${per}`;
}

/** How a screen reader should hear it: "$0.055 per fl oz" (a slash is read as "slash"). */
export const spokenUnitPrice = (amount: number, per: PerUnit): string =>
	formatUnitPrice(amount, per).replace("/", " per ");

/** A size as a card writes it: "64 fl oz", "0.5 gal", "12 count". */
export const formatSize = (size: Size): string => `${digits(size.quantity, 3).replace(/\.?0+$/, "")} ${size.unit}`;
