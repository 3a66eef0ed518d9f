/**
 * The history pages' search params as the router reads them from the address. Loose on purpose: the router is
 * in every signed-in screen's script, so it only types the values; each page then keeps a window it knows.
 */
import { FUEL_TYPES, type FuelType } from "../../db/enums.ts";

/** A product by its name, or by its barcode (a normalised GTIN) with the name to show, and its category. */
export type ProductSearch = { name: string; barcode?: string; category: number; days?: number };
export type StationSearch = { fuel?: FuelType; days?: number };

const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value).trim() : "");
const wholeNumber = (value: unknown) => {
	const n = Number(text(value));
	return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

export function productSearch(search: Record<string, unknown>): ProductSearch {
	const days = wholeNumber(search.days);
	const barcode = text(search.barcode);
	return {
		name: text(search.name),
		...(/^\d{8,14}$/.test(barcode) ? { barcode } : {}),
		category: wholeNumber(search.category) ?? 0,
		...(days ? { days } : {}),
	};
}

export function stationSearch(search: Record<string, unknown>): StationSearch {
	const fuel = FUEL_TYPES.find((f) => f === search.fuel);
	const days = wholeNumber(search.days);
	return { ...(fuel ? { fuel } : {}), ...(days ? { days } : {}) };
}
