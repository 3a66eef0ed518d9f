import type { User } from "../../db/schema.ts";

/** The shopper's car, for what a drive to a station costs (worth the drive). */
export type Car = { milesPerGallon: number; tankGallons: number; milesPerKwh: number; batteryKwh: number };

export const carOf = (user: User): Car => ({
	milesPerGallon: user.carMilesPerGallon,
	tankGallons: user.carTankGallons,
	milesPerKwh: user.carMilesPerKwh,
	batteryKwh: user.carBatteryKwh,
});
