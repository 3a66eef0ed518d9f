import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { gasPriceReports } from "../../db/schema.ts";
import { DAY_MS } from "../lib/time.ts";
import { expireByAge } from "../reports/expiry.ts";
import { FUEL } from "../reports/markets.ts";
import { expectStatus, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
});
afterAll(() => server.stop());

/** A fuel price at a named station in `zip`, made `daysAgo` days before now. */
async function reported(zip: string, stationName: string, price: number, daysAgo: number, fuelType = "regular") {
	const { client } = await registerUser(server, { zipCode: zip });
	const res = await client.post("/api/gas/reports", {
		stationName,
		stationAddress: `${stationName} Rd`,
		stationZipCode: zip,
		fuelType,
		price,
	});
	if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.data)}`);
	server.db
		.update(gasPriceReports)
		.set({ createdAt: new Date(Date.now() - daysAgo * DAY_MS) })
		.where(eq(gasPriceReports.id, res.data.id))
		.run();
}

type Day = { date: string; average: number | null; stations: number };
type Trend = { fuelType: string; zipCode: string; days: Day[]; now: number | null; weekAgo: number | null };
const trend = async (client: TestClient, query: `?${string}` | "" = "") => {
	const res = await client.get(`/api/gas/trend${query}`);
	expectStatus(res, 200);
	return res.data;
};
/** The trend's day `daysAgo` days before today (today is the last). */
const day = (t: Trend, daysAgo: number) => t.days[t.days.length - 1 - daysAgo]!;
const shopper = async (zipCode: string | null) => (await registerUser(server, { zipCode })).client;

describe("GET /api/gas/trend", () => {
	test("a station's price stands for 7 days after the day it was reported, then drops out", async () => {
		await reported("30310", "Alpha", 3.0, 12);
		// Expired by age, the station has no live price now; on the days it was fresh, it stood.
		expect(await expireByAge(server.db, FUEL)).toBeGreaterThanOrEqual(1);
		const t = await trend(await shopper("30310"));
		expect(t.days).toHaveLength(30);
		const today = new Date().toISOString().slice(0, 10);
		expect(t.days.at(-1)?.date).toBe(today);
		expect(t.days[0]?.date).toBe(new Date(Date.parse(today) - 29 * DAY_MS).toISOString().slice(0, 10));
		const standing = t.days.map((d) => d.average);
		expect(standing).toEqual([
			...Array(17).fill(null),
			// Reported 12 days ago, and each of the 7 days after.
			...Array(8).fill(3),
			...Array(5).fill(null),
		]);
		expect(day(t, 12)).toEqual({ date: day(t, 12).date, average: 3, stations: 1 });
		expect([t.now, t.weekAgo, t.change]).toEqual([null, 3, null]);
	});

	test("the stations' prices averaged (whole mills, halves up), far stations left out, against a week ago", async () => {
		const home = "90210";
		// Alpha changed its price; Bravo is in one of the nearest ZIP areas; the cheap one is far on the map.
		await reported(home, "Alpha", 3.0, 9);
		await reported(home, "Alpha", 3.2, 1);
		await reported("90069", "Bravo", 3.101, 6);
		await reported("90224", "Too Far", 2.0, 0);
		await reported(home, "Alpha", 4.1, 0, "premium");
		const t = await trend(await shopper(home));
		expect(t).toMatchObject({ fuelType: "regular", zipCode: home });
		// Today: 3.200 and 3.101 average 3.1505.
		expect(day(t, 0)).toMatchObject({ average: 3.151, stations: 2 });
		expect(day(t, 1)).toMatchObject({ average: 3.151, stations: 2 });
		// Alpha's 3.000 stands until 7 days after its day; Bravo joined 6 days ago.
		expect(day(t, 2)).toMatchObject({ average: 3.051, stations: 2 });
		expect(day(t, 5)).toMatchObject({ average: 3.051, stations: 2 });
		expect(day(t, 7)).toMatchObject({ average: 3, stations: 1 });
		expect(day(t, 9)).toMatchObject({ average: 3, stations: 1 });
		expect(day(t, 10)).toMatchObject({ average: null, stations: 0 });
		expect([t.now, t.weekAgo, t.change]).toEqual([3.151, 3, 0.151]);

		const premium = await trend(await shopper(home), "?fuelType=premium");
		expect([premium.fuelType, premium.now, premium.weekAgo, premium.change]).toEqual(["premium", 4.1, null, null]);
		const bad = await (await shopper(home)).get("/api/gas/trend?fuelType=kerosene");
		expect([bad.status, bad.data.message]).toEqual([
			400,
			"Fuel type must be one of regular, premium, diesel, e85, electric",
		]);
	});

	test("the shopper's preferred fuel unless asked; an area without prices is empty every day", async () => {
		const client = await shopper("59001");
		expect((await client.put("/api/profile/fuel-preference", { preferredFuelType: "diesel" })).status).toBe(200);
		const t = await trend(client);
		expect(t.fuelType).toBe("diesel");
		expect(t.days).toHaveLength(30);
		expect(t.days.every((d) => d.average === null && d.stations === 0)).toBe(true);
		expect([t.now, t.weekAgo, t.change]).toEqual([null, null, null]);
	});

	test("without a zip: 400 with the Gas page's message", async () => {
		const res = await (await shopper(null)).get("/api/gas/trend");
		expect([res.status, res.data.message]).toEqual([400, "Set your zip code to see fuel prices near you."]);
		expect((await server.client().get("/api/gas/trend")).status).toBe(401);
	});
});
