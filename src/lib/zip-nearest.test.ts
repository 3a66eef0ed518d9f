import { describe, expect, test } from "bun:test";
import { milesFromZip, nearestZip, roundMiles } from "./zip.ts";
import { milesFromPoint, zipTable } from "./zip-places.ts";

const RADIANS = Math.PI / 180;

/** The nearest ZIP area by reading them all: what the grid's ring search must agree with. */
function nearestByReadingAll(latitude: number, longitude: number) {
	const t = zipTable();
	const from = { lat: latitude * RADIANS, lng: longitude * RADIANS };
	let best = { zip: "", miles: Number.POSITIVE_INFINITY };
	for (let place = 0; place < t.zips.length; place++) {
		if (t.isArea[place] === 0) continue;
		const miles = milesFromPoint(t, from, place);
		if (miles < best.miles) best = { zip: String(t.zips[place]).padStart(5, "0"), miles };
	}
	return best;
}

describe("the ZIP nearest to a point", () => {
	test("a ZIP's own centre is in that ZIP, and a shop on a street is in the ZIP area nearest it", () => {
		expect(nearestZip(34.1005, -118.4146)).toEqual({ zip: "90210", miles: 0 });
		const shop = nearestZip(34.0903, -118.3842)!; // West Hollywood, on Santa Monica Blvd
		expect(shop.zip).toBe("90069");
		expect(shop.miles).toBeLessThan(1);
		expect(nearestZip(40.7506, -73.9971)!.zip).toBe("10001"); // by Penn Station
	});

	test("agrees with reading every ZIP area, anywhere in the country", () => {
		// A fixed walk over the map (no randomness, so a failure repeats): the contiguous states, Alaska, Hawaii.
		const points: [number, number][] = [];
		for (let lat = 25.5; lat <= 48.5; lat += 2.3) for (let lng = -124; lng <= -67; lng += 3.7) points.push([lat, lng]);
		points.push([61.2, -149.9], [21.3, -157.85], [64.8, -147.7], [18.4, -66.1]);
		for (const [lat, lng] of points) {
			const found = nearestZip(lat, lng)!;
			const expected = nearestByReadingAll(lat, lng);
			expect({ at: [lat, lng], miles: roundMiles(found.miles) }).toEqual({
				at: [lat, lng],
				miles: roundMiles(expected.miles),
			});
		}
	});

	test("a point far from every ZIP says how far, and a point off the map has none", () => {
		expect(nearestZip(48.8566, 2.3522)!.miles).toBeGreaterThan(3000); // Paris
		expect(nearestZip(91, 0)).toBeNull();
		expect(nearestZip(Number.NaN, 0)).toBeNull();
	});

	test("miles from a point to a ZIP's centre; none for a ZIP without a place", () => {
		expect(roundMiles(milesFromZip(34.1005, -118.4146, "90069")!)).toBe(1.9);
		expect(milesFromZip(34.1005, -118.4146, "90210-1234")).toBe(0);
		expect(milesFromZip(34.1005, -118.4146, "00000")).toBeNull();
		expect(milesFromZip(34.1005, -118.4146, "SW1A 1AA")).toBeNull();
	});
});
