/** The gas feature's front door: how a fuel is named and priced, for the station pages' history. */
export { FUEL_LABEL, FUEL_TYPES, type FuelType, formatFuelPrice, unitOf } from "./fuel.ts";
