/** How the app names and prices fuel (spec §9), wherever a fuel shows: the Gas page, alerts. */
import { FUEL_LABEL, FUEL_TYPES, type FuelType } from "../../db/enums.ts";
import { formatCurrency } from "./format.ts";

export { FUEL_LABEL, FUEL_TYPES, type FuelType };

export const isFuelType = (value: string): value is FuelType => (FUEL_TYPES as readonly string[]).includes(value);

export const unitOf = (fuel: FuelType) => (fuel === "electric" ? "/kWh" : "/gal");

/** Charging per kWh always to 3 decimals; pump prices as currency with 2 to 3 decimals. */
export const formatFuelPrice = (value: number, fuel: FuelType) =>
	fuel === "electric" ? `$${value.toFixed(3)}` : formatCurrency(value, 3);
