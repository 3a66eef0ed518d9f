/** How the app writes a fuel price (spec §9), wherever a fuel shows: the Gas page, stations, alerts. */
import type { FuelType } from "../../db/enums.ts";
import { formatCurrency } from "./format.ts";

// The fuels' list and names are db/enums.ts's: a layer takes only its types.
export type { FuelType };

/** What a fuel is priced per: "/kWh" for charging, "/gal" at the pump. */
export const unitOf = (fuel: FuelType) => (fuel === "electric" ? "/kWh" : "/gal");

/**
 * The one way a fuel price is written: always to the tenth of a cent, per gallon and per kWh alike ("$3.040",
 * "$0.390"), so that prices side by side read at one precision. `fuel` names what is priced, so that a call
 * site cannot pass a product's price without saying it is fuel.
 */
export const formatFuelPrice = (value: number, _fuel: FuelType) => formatCurrency(value, 3);

/** A fuel price with its unit, as a sentence says it: "$3.040/gal". */
export const fuelPriceText = (value: number, fuel: FuelType) => `${formatFuelPrice(value, fuel)}${unitOf(fuel)}`;
