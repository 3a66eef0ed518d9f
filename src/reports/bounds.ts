import type { FuelType } from "../../db/schema.ts";
import type { Bounds } from "./consensus.ts";

/** Sane prices per category, in cents, for products with too little history for a consensus. */
const CATEGORY_BOUNDS_DOLLARS: Record<string, [number, number]> = {
	groceries: [0.1, 200],
	produce: [0.05, 60],
	dairy: [0.25, 60],
	"meat-seafood": [0.5, 300],
	bakery: [0.25, 100],
	beverages: [0.25, 200],
	household: [0.25, 300],
	"personal-care": [0.25, 300],
	electronics: [1, 10_000],
	restaurants: [0.5, 500],
};
const DEFAULT_DOLLARS: [number, number] = [0.05, 10_000];

export function categoryBounds(slug: string, name: string): Bounds {
	const [min, max] = CATEGORY_BOUNDS_DOLLARS[slug] ?? DEFAULT_DOLLARS;
	return { min: Math.round(min * 100), max: Math.round(max * 100), label: name };
}

/** Sane fuel prices in thousandths of a dollar: per gallon, and per kWh for electric charging. */
const FUEL_BOUNDS_DOLLARS: Record<FuelType, [number, number, string]> = {
	regular: [1.5, 9, "regular gas per gallon"],
	premium: [1.8, 10, "premium gas per gallon"],
	diesel: [1.8, 10, "diesel per gallon"],
	e85: [1.2, 8, "E85 per gallon"],
	electric: [0.05, 1.5, "charging per kWh"],
};

export function fuelBounds(fuel: FuelType): Bounds {
	const [min, max, label] = FUEL_BOUNDS_DOLLARS[fuel];
	return { min: Math.round(min * 1000), max: Math.round(max * 1000), label };
}
