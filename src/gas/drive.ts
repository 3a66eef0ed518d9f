/**
 * Worth the drive: what filling up at a station saves against the area average once the round
 * trip's fuel is paid for, from the shopper's car. Pure arithmetic; the nearby list hands it its figures.
 */
import type { FuelType } from "../../db/enums.ts";
import type { Car } from "../lib/car.ts";

/** How far the car goes on a unit of the fuel, and how many units a fill-up takes. */
export type FillUp = { milesPerUnit: number; unitsPerFill: number };

/** A charger fills a battery, by the kWh; every pump fuel fills a tank, by the gallon. */
export const fillUpOf = (car: Car, fuel: FuelType): FillUp =>
	fuel === "electric"
		? { milesPerUnit: car.milesPerKwh, unitsPerFill: car.batteryKwh }
		: { milesPerUnit: car.milesPerGallon, unitsPerFill: car.tankGallons };

/**
 * Dollars saved (negative: lost) by a fill-up at `priceMills` instead of at `averageMills`, less the fuel
 * bought there for the drive there and back: (average - price) x fill - (2 x miles / efficiency) x price.
 * Worked in mills, then rounded to the cent.
 */
export function worthTheDrive(priceMills: number, averageMills: number, miles: number, fill: FillUp): number {
	const savedMills = (averageMills - priceMills) * fill.unitsPerFill;
	const driveMills = ((2 * miles) / fill.milesPerUnit) * priceMills;
	const cents = Math.round((savedMills - driveMills) / 10);
	// Never -0: a station at the average next door neither saves nor costs.
	return cents === 0 ? 0 : cents / 100;
}
