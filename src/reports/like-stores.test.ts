import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { gasPriceReports, gasStations, priceReports, stores } from "../../db/schema.ts";
import { placeLookupKey } from "../lib/normalize.ts";
import { locToken } from "../lib/zip.ts";
import { expectBody, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";

let server: TestServer;
let ana: TestClient;
let ben: TestClient;
beforeAll(async () => {
	server = await startTestServer();
	// Neighbours in Rockford: 61107 and 61108 are each among the other's nearest zips.
	ana = (await registerUser(server, { zipCode: "61108" })).client;
	ben = (await registerUser(server, { zipCode: "61107" })).client;
});
afterAll(() => server.stop());

const count = (table: typeof stores | typeof gasStations | typeof priceReports | typeof gasPriceReports) =>
	server.db.select({ n: sql<number>`count(*)` }).from(table).get()!.n;

// One code path for both markets (reports/new-place.ts): each is asked the same questions.
const markets = [
	{
		name: "products",
		path: "/api/price-reports",
		places: stores,
		reports: priceReports,
		report: (name: string, address: string, zip: string, price: string, extra = {}) => ({
			productName: "Sourdough Loaf",
			price,
			categoryId: 3,
			storeName: name,
			storeAddress: address,
			storeZipCode: zip,
			...extra,
		}),
		placeName: (body: Record<string, unknown>) => (body.store as { name: string }).name,
	},
	{
		name: "fuel",
		path: "/api/gas/reports",
		places: gasStations,
		reports: gasPriceReports,
		report: (name: string, address: string, zip: string, price: string, extra = {}) => ({
			stationName: name,
			stationAddress: address,
			stationZipCode: zip,
			fuelType: "regular",
			price,
			...extra,
		}),
		placeName: (body: Record<string, unknown>) => body.stationName as string,
	},
] as const;

for (const [n, market] of markets.entries()) {
	describe(`a place typed like one already known nearby (${market.name})`, () => {
		const address = `${4350 + n * 10} E State St`;
		// Either market's route, its answer read as the plain JSON it is.
		const post = async (client: TestClient, body: unknown) => {
			const { status, data } = await client.requestRaw("POST", market.path, { json: body });
			return { status, data: data as Record<string, unknown> };
		};
		let hilander: { id: number; name: string; address: string; zipCode: string | null };

		beforeAll(async () => {
			expectBody(await post(ana, market.report("Hilander Foods", address, "61108", "3.10")), 201);
			const [row] = server.db.select().from(market.places).all();
			hilander = { id: row!.id, name: row!.name, address: row!.address, zipCode: row!.zipCode };
		});

		test("'Hilander' at Hilander Foods' address is asked about, and nothing is written", async () => {
			const [places, reports] = [count(market.places), count(market.reports)];
			const res = await post(ben, market.report("Hilander", address.replace(/St$/, "Street"), "61107", "3.20"));
			expect({ status: res.status, body: res.data }).toEqual({
				status: 409,
				body: { message: `Did you mean Hilander Foods at ${address}?`, candidate: hilander },
			});
			expect([count(market.places), count(market.reports)]).toEqual([places, reports]);
		});

		test("sent again with the place it meant, the report is at Hilander Foods: one place", async () => {
			const places = count(market.places);
			const { name, address: at, zipCode } = hilander;
			const res = await post(ben, market.report(name, at, zipCode ?? "", "3.20"));
			expect(res.status).toBe(201);
			expect(market.placeName(res.data)).toBe("Hilander Foods");
			expect(count(market.places)).toBe(places);
		});

		test("said to be new (confirmNewPlace), it is made; asked once, not again", async () => {
			const places = count(market.places);
			const report = market.report("Hilander", address, "61107", "3.30", { confirmNewPlace: true });
			const res = await post(ben, report);
			expect(res.status).toBe(201);
			expect(market.placeName(res.data)).toBe("Hilander");
			expect(count(market.places)).toBe(places + 1);
			// Now known by its own name: the next report of it is filed there, unasked.
			expect((await post(ana, market.report("hilander", address, "61107", "3.40"))).status).toBe(201);
			expect(count(market.places)).toBe(places + 1);
		});

		test("the same name in another town, or another shop at the same address, is not asked about", async () => {
			const places = count(market.places);
			const chicago = await post(ana, market.report("Hilander Foods", address, "60601", "3.50"));
			const mall = await post(ana, market.report("Target", address, "61108", "3.50"));
			expect([chicago.status, mall.status]).toEqual([201, 201]);
			expect(count(market.places)).toBe(places + 2);
		});

		test("confirmNewPlace must be true or false", async () => {
			const res = await post(ana, market.report("Hilander", address, "61107", "3.50", { confirmNewPlace: "yes" }));
			expect({ status: res.status, body: res.data }).toMatchObject({
				status: 400,
				body: { message: "confirmNewPlace must be true or false" },
			});
		});
	});
}

test("a station no list shows (no report there is counted) is not offered: the one typed is made", async () => {
	const address = "4500 E State St";
	const row = { name: "Hilander Foods", address, zipCode: "61108", locToken: locToken("61108") };
	server.db
		.insert(gasStations)
		.values({ ...row, lookupKey: placeLookupKey(row.name, address) })
		.run();
	const places = count(gasStations);
	const report = { stationName: "Hilander", stationAddress: address, stationZipCode: "61107", fuelType: "regular" };
	const { status, data } = await ben.requestRaw("POST", "/api/gas/reports", { json: { ...report, price: "3.15" } });
	expect({ status, stationName: (data as { stationName?: string }).stationName }).toEqual({
		status: 201,
		stationName: "Hilander",
	});
	expect(count(gasStations)).toBe(places + 1);
});
