import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";

let server: TestServer;
let sunsetReport: Report & { id: number };
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	sunsetReport = await beverlyHills();
});
afterAll(() => server.stop());

type Report = { stationName: string; distanceMiles: number | null };

async function post(client: TestClient, stationName: string, zip: string, fuelType: string, price: number) {
	const res = await client.post("/api/gas/reports", {
		stationName,
		stationAddress: `${stationName} Blvd`,
		stationZipCode: zip,
		fuelType,
		price,
	});
	expectStatus(res, 201);
	return res.data;
}
const stations = async (client: TestClient, query: `?${string}` | "" = "") => {
	const res = await client.get(`/api/gas/nearby${query}`);
	expectStatus(res, 200);
	return res.data;
};
const names = (list: { name?: string; stationName?: string }[]) => list.map((s) => s.name ?? s.stationName);

/**
 * Around Beverly Hills, regular at 3.499 at home, 3.399 in West Hollywood (1.9 mi) and 3.199 in Rancho Park
 * (90064, 4.6 mi) average 3.366 (whole mills); Bel Air (90077, 2.5 mi) prices only premium. Charging at
 * 0.450 in West Hollywood and 0.350 in Rancho Park averages 0.400. Each test has a shopper of its own there.
 * Answers the report of regular in West Hollywood.
 */
async function beverlyHills() {
	const { client: reporter } = await registerUser(server, { zipCode: "90210" });
	await post(reporter, "Home Gas", "90210", "regular", 3.499);
	const sunset = await post(reporter, "Sunset Fuel", "90069", "regular", 3.399);
	await post(reporter, "Rancho Gas", "90064", "regular", 3.199);
	await post(reporter, "Bel Air Premium", "90077", "premium", 4.299);
	await post(reporter, "Sunset Fuel", "90069", "electric", 0.45);
	await post(reporter, "Rancho Gas", "90064", "electric", 0.35);
	return sunset;
}
const shopperInBeverlyHills = async () => (await registerUser(server, { zipCode: "90210" })).client;

describe("near is read on the map", () => {
	test("West Hollywood, 141 ZIP numbers off and 1.9 miles away, is near Beverly Hills, with its miles", async () => {
		// The reporter's answer counts from their own ZIP too.
		expect(sunsetReport.distanceMiles).toBe(1.9);
		const shopper = await shopperInBeverlyHills();
		expect((await stations(shopper)).find((s) => s.name === "Sunset Fuel")?.distanceMiles).toBe(1.9);
		const recent = expectBody(await shopper.get("/api/gas/reports/nearby"), 200);
		expect(recent.find((r) => r.id === sunsetReport.id)).toMatchObject({
			stationName: "Sunset Fuel",
			distanceMiles: 1.9,
		});
		expect((await shopper.get("/api/gas/summary")).data).toMatchObject({ stationsTracked: 4, recentReports: 6 });
	});

	test("Bishop, 4 ZIP numbers from Acton and 210 miles away, is not near it", async () => {
		const { client: bishop } = await registerUser(server, { zipCode: "93514" });
		await post(bishop, "Eastern Sierra Gas", "93514", "regular", 4.899);
		const { client: acton } = await registerUser(server, { zipCode: "93510" });
		expect(await stations(acton)).toEqual([]);
		expect((await acton.get("/api/gas/reports/nearby")).data).toEqual([]);
		expect((await acton.get("/api/gas/summary")).data).toMatchObject({ stationsTracked: 0, recentReports: 0 });
		// At home in Bishop it is 0 miles away.
		expect((await stations(bishop)).map((s) => [s.name, s.distanceMiles])).toEqual([["Eastern Sierra Gas", 0]]);
	});

	test("a PO box ZIP is a home with neighbours: a station next door shows, with its miles", async () => {
		const { client } = await registerUser(server, { zipCode: "10008" });
		await post(client, "Church St Gas", "10007", "regular", 4.299);
		expect((await stations(client)).map((s) => [s.name, s.distanceMiles])).toEqual([["Church St Gas", 0.1]]);
	});
});

describe("the station list's orders, and worth the drive", () => {
	test("nearest first by default, cheapest first, or the biggest saving after the drive; nothing priced last", async () => {
		const shopper = await shopperInBeverlyHills();
		const nearest = await stations(shopper, "?fuelType=regular");
		expect(nearest.map((s) => [s.name, s.distanceMiles])).toEqual([
			["Home Gas", 0],
			["Sunset Fuel", 1.9],
			["Bel Air Premium", 2.5],
			["Rancho Gas", 4.6],
		]);
		expect(names(await stations(shopper, "?fuelType=regular&sort=distance"))).toEqual(names(nearest));
		expect(names(await stations(shopper, "?fuelType=regular&sort=price"))).toEqual([
			"Rancho Gas",
			"Sunset Fuel",
			"Home Gas",
			"Bel Air Premium",
		]);
		// The default car, 25 mpg and a 12-gallon tank:
		// Home Gas:    (3.366 - 3.499) x 12                          = -1.596 -> -1.60
		// Sunset Fuel: (3.366 - 3.399) x 12 - (2 x 1.9 / 25) x 3.399 = -0.913 -> -0.91
		// Rancho Gas:  (3.366 - 3.199) x 12 - (2 x 4.6 / 25) x 3.199 =  0.827 ->  0.83
		const savings = await stations(shopper, "?fuelType=regular&sort=savings");
		expect(savings.map((s) => [s.name, s.worthTheDriveDollars])).toEqual([
			["Rancho Gas", 0.83],
			["Sunset Fuel", -0.91],
			["Home Gas", -1.6],
			["Bel Air Premium", null],
		]);
	});

	test("a thirstier car changes the figures and the order; electric counts miles per kWh and the battery", async () => {
		const shopper = await shopperInBeverlyHills();
		expect((await shopper.put("/api/profile/car", { milesPerGallon: 10, batteryKwh: 80, milesPerKwh: 5 })).status).toBe(
			200,
		);
		// 10 mpg: Rancho Gas 2.004 - 0.92 x 3.199 = -0.939; Sunset Fuel -0.396 - 0.38 x 3.399 = -1.688.
		const savings = await stations(shopper, "?fuelType=regular&sort=savings");
		expect(savings.map((s) => [s.name, s.worthTheDriveDollars])).toEqual([
			["Rancho Gas", -0.94],
			["Home Gas", -1.6],
			["Sunset Fuel", -1.69],
			["Bel Air Premium", null],
		]);
		// 5 mi/kWh and 80 kWh: Rancho Gas 0.05 x 80 - (9.2 / 5) x 0.35 = 3.356; Sunset Fuel -4 - 0.76 x 0.45 = -4.342.
		const charging = await stations(shopper, "?fuelType=electric&sort=savings");
		expect(charging.map((s) => [s.name, s.worthTheDriveDollars])).toEqual([
			["Rancho Gas", 3.36],
			["Sunset Fuel", -4.34],
			["Home Gas", null],
			["Bel Air Premium", null],
		]);
	});

	test("an unknown order is refused with the orders there are", async () => {
		const { client } = await registerUser(server, { zipCode: "90210" });
		for (const sort of ["cheapest", "", "DISTANCE"]) {
			const res = await client.get(`/api/gas/nearby?sort=${sort}`);
			expect(res.status).toBe(400);
			expect(res.data.message).toBe("Sort must be one of distance, price, savings");
			expect(res.data.issues).toContainEqual({ path: "sort", message: "Sort must be one of distance, price, savings" });
		}
	});
});
