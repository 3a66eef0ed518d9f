/** How the Gas page names, prices and dates fuel (spec §9); the price formats are shared (components/fuel.ts). */
import { FUEL_LABEL, FUEL_TYPES, type FuelType } from "../../db/enums.ts";
import type { Car } from "../../src/lib/car.ts";
import { formatCurrency } from "../components/format.ts";
import { formatFuelPrice, fuelPriceText, unitOf } from "../components/fuel.ts";

export { FUEL_LABEL, FUEL_TYPES, type FuelType, formatFuelPrice, fuelPriceText, unitOf };

export const isFuelType = (value: string): value is FuelType => (FUEL_TYPES as readonly string[]).includes(value);

/** The station column that holds each fuel's price. */
export const PRICE_FIELD = {
	regular: "regularPrice",
	premium: "premiumPrice",
	diesel: "dieselPrice",
	e85: "e85Price",
	electric: "electricPrice",
} as const satisfies Record<FuelType, string>;

/** Spec §2's header, after the fuel the page shows (docs/decisions/0065): chargers are not gas stations. */
export const pageTitle = (fuel: FuelType) => (fuel === "electric" ? "Charging Station Prices" : "Gas Prices");

/** A station's price of `fuel`, or null when nobody has reported one there. */
export const priceAt = (station: Record<(typeof PRICE_FIELD)[FuelType], number | null>, fuel: FuelType) =>
	station[PRICE_FIELD[fuel]];

/** Spec §9: red above +5%, green below -5%, neutral between. */
export function comparisonBadge(percent: number) {
	const sign = percent > 0 ? "+" : percent < 0 ? "−" : "±";
	const text = `${sign}${Math.abs(percent).toFixed(1)}%`;
	if (percent > 5)
		return { text, tone: "badge-error", label: `${Math.abs(percent).toFixed(1)}% above the area average` };
	if (percent < -5)
		return { text, tone: "badge-success", label: `${Math.abs(percent).toFixed(1)}% below the area average` };
	const near =
		percent === 0
			? "At the area average"
			: `${Math.abs(percent).toFixed(1)}% ${percent > 0 ? "above" : "below"} the area average`;
	// Ghost, not neutral-soft: the neutral colour is dark in both themes, unreadable as text on the night page.
	return { text, tone: "badge-ghost", label: near };
}

/** The car the worth-the-drive figures assume, in words: "25 mpg, 12-gallon tank" or "3.5 mi/kWh, 60 kWh battery". */
export const carText = (car: Car, fuel: FuelType) =>
	fuel === "electric"
		? `${car.milesPerKwh} mi/kWh, ${car.batteryKwh} kWh battery`
		: `${car.milesPerGallon} mpg, ${car.tankGallons}-gallon tank`;

/** What a fill-up (a charge) at a station saves or costs against the area average once the drive is paid. */
export function worthTheDriveText(dollars: number, fuel: FuelType) {
	const fill = fuel === "electric" ? "a charge" : "a fill-up";
	if (dollars > 0) return `Saves ${formatCurrency(dollars)} ${fill} after the drive`;
	if (dollars < 0) return `Costs ${formatCurrency(-dollars)} more after the drive`;
	return "Breaks even after the drive";
}

/** The report's price field's words for a fuel: its unit, and what a price of it looks like. */
export const priceWordsOf = (fuel: FuelType) =>
	fuel === "electric"
		? { hint: `${FUEL_LABEL[fuel]}, per kWh charged`, placeholder: "e.g. 0.429" }
		: { hint: `${FUEL_LABEL[fuel]}, per gallon`, placeholder: "e.g. 3.459" };
