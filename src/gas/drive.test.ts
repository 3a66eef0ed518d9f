import { describe, expect, test } from "bun:test";
import { fillUpOf, worthTheDrive } from "./drive.ts";

const car = { milesPerGallon: 25, tankGallons: 12, milesPerKwh: 3.5, batteryKwh: 60 };

describe("worth the drive", () => {
	test("a pump fuel fills the tank by the gallon; charging fills the battery by the kWh", () => {
		expect(fillUpOf(car, "regular")).toEqual({ milesPerUnit: 25, unitsPerFill: 12 });
		expect(fillUpOf(car, "e85")).toEqual({ milesPerUnit: 25, unitsPerFill: 12 });
		expect(fillUpOf(car, "electric")).toEqual({ milesPerUnit: 3.5, unitsPerFill: 60 });
	});

	test("the fill-up's saving, less the fuel for the drive there and back, to the cent", () => {
		const tank = fillUpOf(car, "regular");
		// 30 cents under the average on 12 gallons, next door: $3.60.
		expect(worthTheDrive(3000, 3300, 0, tank)).toBe(3.6);
		// The same 10 miles away: 20 miles at 25 mpg is 0.8 gallons at $3.000, $2.40 of it: $1.20 left.
		expect(worthTheDrive(3000, 3300, 10, tank)).toBe(1.2);
		// 40 miles away the drive costs more than the fill-up saves.
		expect(worthTheDrive(3000, 3300, 40, tank)).toBe(-6);
		// Dearer than the average: it costs even next door.
		expect(worthTheDrive(3400, 3300, 0, tank)).toBe(-1.2);
	});

	test("halves of a cent round, and a saving of nothing is 0, never -0", () => {
		// 5 mills x 1 gallon = half a cent.
		expect(worthTheDrive(3295, 3300, 0, { milesPerUnit: 25, unitsPerFill: 1 })).toBe(0.01);
		expect(Object.is(worthTheDrive(3300, 3300, 0, fillUpOf(car, "regular")), 0)).toBe(true);
		expect(Object.is(worthTheDrive(3301, 3300, 0, { milesPerUnit: 25, unitsPerFill: 1 }), 0)).toBe(true);
	});
});
