/**
 * GET /api/v1/fuel/prices and GET /api/v1/stations/{id}/prices (decision 0068): what the Gas page and a station
 * show, each price with the freshness and trust of the report it stands on. The list and the area average are
 * the Gas page's own (src/gas): its cheapest-first order and its Area Average card. The lowest is the first
 * price of the list that can be stood behind (freshness.ts standsUp), as a product's lowest is its first
 * trustworthy, in-stock offer.
 */
import { FUEL_TYPES, type FuelType } from "../../db/enums.ts";
import { type CurrentFuelRow, currentFuelReports, historyStation } from "../data/fuel-prices.ts";
import type { Db } from "../db.ts";
import { averageDollars, nearbyWithArea } from "../gas/index.ts";
import type { Car } from "../lib/car.ts";
import { millsToNumber } from "../lib/money.ts";
import { fuelFreshDays } from "../reports/index.ts";
import { freshnessOf, standsUp } from "./freshness.ts";
import type { FuelPrices, StationPrices } from "./schemas.ts";

/** What a fuel's price is of. */
export const unitOf = (fuel: FuelType) => (fuel === "electric" ? "kWh" : "gallon");

/** The current price of `fuel` at each station near the ZIP, cheapest first, with the area's average. */
export async function fuelPrices(db: Db, zip: string, fuel: FuelType, car: Car, now = Date.now()): Promise<FuelPrices> {
	// The Gas page's list sorted by price: the stations without this fuel's price come last, and are left out.
	const nearby = await nearbyWithArea(db, zip, fuel, "price", car);
	const listed = nearby.stations.filter((s) => s[`${fuel}Price` as const] !== null);
	const current = new Map(
		(await currentFuelReports(db, { stations: listed.map((s) => s.id), fuels: [fuel] })).map((r) => [r.stationId, r]),
	);
	const stations = listed.flatMap((s) => {
		const report = current.get(s.id);
		if (!report) return [];
		const { id, name, address, zipCode, distanceMiles } = s;
		return [{ station: { id, name, address, zipCode, distanceMiles }, ...priceOf(report, now) }];
	});
	return {
		zipCode: zip,
		fuel,
		unit: unitOf(fuel),
		currency: "USD",
		average: averageDollars(nearby.area),
		lowest: stations.find(standsUp) ?? null,
		stations,
	};
}

/** The station's current price of each fuel; null when there is no such station. */
export async function stationPrices(db: Db, stationId: number, now = Date.now()): Promise<StationPrices | null> {
	const station = await historyStation(db, stationId);
	if (!station) return null;
	const reports = await currentFuelReports(db, { stations: [stationId], fuels: FUEL_TYPES });
	return {
		station: { id: station.id, name: station.name, address: station.address, zipCode: station.zipCode },
		currency: "USD",
		prices: reports.map((r) => ({ fuel: r.fuelType, unit: unitOf(r.fuelType), ...priceOf(r, now) })),
	};
}

/** A report's price in dollars (to the tenth of a cent), whether it is for cash or card only, its freshness and trust. */
const priceOf = (r: CurrentFuelRow, now: number) => ({
	price: millsToNumber(r.priceMills),
	payment: r.payment,
	...freshnessOf(r, fuelFreshDays(r.fuelType), now),
});
