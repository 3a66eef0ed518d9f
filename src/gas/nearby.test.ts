import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { gasPriceReports, users } from "../../db/schema.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
});
afterAll(() => server.stop());

type Station = { name: string; regularPrice: number | null; priceComparison: number | null };
const post = async (
	client: TestClient,
	stationName: string,
	zip: string,
	fuelType: string,
	price: number,
	extra = {},
) => {
	const res = await client.post("/api/gas/reports", {
		stationName,
		stationAddress: `${stationName} Rd`,
		stationZipCode: zip,
		fuelType,
		price,
		...extra,
	});
	expectStatus(res, 201);
	return res.data.id;
};
const names = (list: Station[]) => list.map((s) => s.name);

/**
 * A neighbourhood of real ZIPs: Alpha at the shopper's home, Bravo and Charlie in two of its nearest ZIP
 * areas, and a cheap station a few ZIP numbers off that lies far away on the map, which must never show.
 */
type Area = { home: string; bravo: string; charlie: string; farByNumber: string };
async function area({ home, bravo, charlie, farByNumber }: Area) {
	const reporter = (await registerUser(server, { zipCode: home })).client;
	const ids = {
		alphaRegular: await post(reporter, "Alpha", home, "regular", 3.0),
		alphaPremium: await post(reporter, "Alpha", home, "premium", 3.999),
		bravoRegular: await post(reporter, "Bravo", bravo, "regular", 3.3),
		bravoPremium: await post(reporter, "Bravo", bravo, "premium", 4.1),
		bravoDiesel: await post(reporter, "Bravo", bravo, "diesel", 4.1, { defPrice: 3.49 }),
		charlieRegular: await post(reporter, "Charlie", charlie, "regular", 3.6),
		charlieElectric: await post(reporter, "Charlie", charlie, "electric", 0.42),
	};
	// A hair below regular's usual range on thin history: kept when the quality check asks.
	await post(reporter, "Too Far", farByNumber, "regular", 1.999, { confirmUnusual: true });
	const viewer = await registerUser(server, { zipCode: home });
	return { ids, viewer: viewer.client, viewerId: viewer.user.id as string, reporter };
}
// Each test's own metro, far from the others': [home, two of its nearest areas, a near number far away].
const BEVERLY_HILLS = { home: "90210", bravo: "90069", charlie: "90077", farByNumber: "90224" };
const ATLANTA = { home: "30310", bravo: "30314", charlie: "30311", farByNumber: "30292" };
const MANASSAS = { home: "20110", bravo: "20111", charlie: "20109", farByNumber: "20130" };
const CHICAGO = { home: "60614", bravo: "60657", charlie: "60610", farByNumber: "60597" };
const SEATTLE = { home: "98101", bravo: "98154", charlie: "98121", farByNumber: "98092" };
const AUSTIN = { home: "78701", bravo: "78712", charlie: "78705", farByNumber: "78682" };
const MINNEAPOLIS = { home: "55401", bravo: "55402", charlie: "55415", farByNumber: "55381" };

describe("GET /api/gas/nearby", () => {
	test("three stations at 3.000, 3.300, 3.600: nearest first, -9.1, 0 and +9.1 against 3.300; far on the map never shows", async () => {
		const { viewer } = await area(BEVERLY_HILLS);
		const res = await viewer.get("/api/gas/nearby");
		expectStatus(res, 200);
		expect(names(res.data)).toEqual(["Alpha", "Bravo", "Charlie"]);
		expect(res.data.map((s) => s.distanceMiles)).toEqual([0, 1.9, 2.5]);
		expect(res.data.map((s: Station) => [s.regularPrice, s.priceComparison])).toEqual([
			[3, -9.1],
			[3.3, 0],
			[3.6, 9.1],
		]);
		expect(res.data[0]).toEqual({
			id: expect.any(Number),
			name: "Alpha",
			address: "Alpha Rd",
			zipCode: "90210",
			distanceMiles: 0,
			// (3.300 - 3.000) x a 12-gallon tank, no drive.
			worthTheDriveDollars: 3.6,
			lastUpdated: expect.stringMatching(/^\d{4}-/),
			reportsCount: 2,
			priceComparison: -9.1,
			regularPrice: 3,
			premiumPrice: 3.999,
			dieselPrice: null,
			e85Price: null,
			electricPrice: null,
			starred: false,
		});
	});

	test("the fuel asked for compares and sorts; stations without it come last, freshest first", async () => {
		const { viewer } = await area(ATLANTA);
		// Premium at 3.999 and 4.100 average 4.0495: -1.2% and +1.2%.
		const premium = expectBody(await viewer.get("/api/gas/nearby?fuelType=premium&sort=price"), 200);
		expect(premium.map((s) => [s.name, s.premiumPrice, s.priceComparison])).toEqual([
			["Alpha", 3.999, -1.2],
			["Bravo", 4.1, 1.2],
			["Charlie", null, null],
		]);
		const diesel = expectBody(await viewer.get("/api/gas/nearby?fuelType=diesel&sort=price"), 200);
		expect(diesel.map((s: Station) => [s.name, s.priceComparison])).toEqual([
			["Bravo", 0],
			["Charlie", null],
			["Alpha", null],
		]);
		const bad = await viewer.get("/api/gas/nearby?fuelType=kerosene");
		expect(bad.status).toBe(400);
		expect(bad.data.message).toBe("Fuel type must be one of regular, premium, diesel, e85, electric");
	});

	test("at most 100 stations, the cheapest (README, Gas figures)", async () => {
		const { client } = await registerUser(server, { zipCode: "33139" });
		for (let i = 0; i < 101; i++) await post(client, `Station ${i}`, "33139", "regular", 3 + i / 1000);
		const list = expectBody(await client.get("/api/gas/nearby?fuelType=regular&sort=price"), 200);
		expect(list).toHaveLength(100);
		expect(names(list)).not.toContain("Station 100");
	});

	test("without a fuel asked for, the user's preferred fuel decides", async () => {
		const { viewer, viewerId } = await area(MANASSAS);
		server.db.update(users).set({ preferredFuelType: "electric" }).where(eq(users.id, viewerId)).run();
		const list = expectBody(await viewer.get("/api/gas/nearby?sort=price"), 200);
		expect(list.map((s) => [s.name, s.electricPrice, s.priceComparison])).toEqual([
			["Charlie", 0.42, 0],
			["Bravo", null, null],
			["Alpha", null, null],
		]);
	});
});

describe("GET /api/gas/summary", () => {
	test("each fuel's average over the stations that price it, stations tracked and the week's reports", async () => {
		const { viewer } = await area(CHICAGO);
		const res = await viewer.get("/api/gas/summary");
		expect(res.status).toBe(200);
		expect(res.data).toEqual({
			zipCode: "60614",
			averages: { regular: 3.3, premium: 4.05, diesel: 4.1, e85: null, electric: 0.42 },
			stationsWithPrice: { regular: 3, premium: 2, diesel: 1, e85: 0, electric: 1 },
			stationsTracked: 3,
			recentReports: 7,
			recentDays: 7,
		});
	});
});

describe("expired and inactive reports never count", () => {
	test("an expired price leaves its station, the averages, the counts and the recent list", async () => {
		const { viewer, ids } = await area(SEATTLE);
		server.db.update(gasPriceReports).set({ isExpired: true }).where(eq(gasPriceReports.id, ids.charlieRegular)).run();
		const list = expectBody(await viewer.get("/api/gas/nearby"), 200);
		// Regular now 3.000 and 3.300, average 3.150: -4.8% and +4.8%.
		expect(list.map((s: Station) => [s.name, s.regularPrice, s.priceComparison])).toEqual([
			["Alpha", 3, -4.8],
			["Bravo", 3.3, 4.8],
			["Charlie", null, null],
		]);
		expect(list[2]?.reportsCount).toBe(1);
		const summary = (await viewer.get("/api/gas/summary")).data;
		expect(summary).toMatchObject({ averages: { regular: 3.15 }, stationsTracked: 3, recentReports: 6 });
		const recent = expectBody(await viewer.get("/api/gas/reports/nearby"), 200);
		expect(recent.map((r: { id: number }) => r.id)).not.toContain(ids.charlieRegular);

		// Its last active report gone inactive, Charlie is no longer tracked at all.
		server.db.update(gasPriceReports).set({ isActive: false }).where(eq(gasPriceReports.id, ids.charlieElectric)).run();
		expect(names(expectBody(await viewer.get("/api/gas/nearby"), 200))).toEqual(["Alpha", "Bravo"]);
		expect((await viewer.get("/api/gas/summary")).data).toMatchObject({
			stationsTracked: 2,
			recentReports: 5,
			averages: { electric: null },
		});
	});

	test("when a reporter deletes their account, the station falls back to the price before theirs", async () => {
		const { viewer } = await area(AUSTIN);
		const { client: leaver } = await registerUser(server, { zipCode: AUSTIN.home });
		await post(leaver, "Alpha", AUSTIN.home, "regular", 2.899);
		expect(expectBody(await viewer.get("/api/gas/nearby"), 200)[0]).toMatchObject({
			name: "Alpha",
			regularPrice: 2.899,
			reportsCount: 3,
		});
		expect((await leaver.delete("/api/auth/delete-account")).status).toBe(200);
		expect(expectBody(await viewer.get("/api/gas/nearby"), 200)[0]).toMatchObject({
			name: "Alpha",
			regularPrice: 3,
			reportsCount: 2,
		});
	});
});

describe("GET /api/gas/reports/nearby", () => {
	test("newest first, in the Gas report shape with its miles, DEF on diesel only, nothing far on the map", async () => {
		const { viewer, ids, reporter } = await area(MINNEAPOLIS);
		const res = await viewer.get("/api/gas/reports/nearby");
		expectStatus(res, 200);
		expect(res.data.map((r: { id: number }) => r.id)).toEqual(Object.values(ids).reverse());
		const diesel = res.data.find((r: { id: number }) => r.id === ids.bravoDiesel);
		expect(diesel).toEqual({
			id: ids.bravoDiesel,
			stationId: expect.any(Number),
			stationName: "Bravo",
			stationAddress: "Bravo Rd",
			distanceMiles: 0.6,
			fuelType: "diesel",
			price: 4.1,
			defPrice: 3.49,
			payment: null,
			createdAt: expect.stringMatching(/^\d{4}-/),
			user: { firstName: "Sam", lastName: "S", username: expect.any(String) },
			verificationConfidence: expect.any(Number),
			seenAt: diesel!.createdAt,
			fresh: true,
			bestDeal: true,
			unusual: false,
			outOfStock: false,
			isOwnReport: false,
			underReview: false,
			feedback: { confirm: 0, changed: 0, unavailable: 0, wrong: 0, mine: null },
			starred: false,
		});
		expect(res.data.filter((r: { defPrice: number | null }) => r.defPrice !== null)).toHaveLength(1);
		// The list is shared by the zip; each shopper sees their own reports as theirs.
		const theirs = expectBody(await reporter.get("/api/gas/reports/nearby"), 200);
		expect(theirs.map((r: { isOwnReport: boolean }) => r.isOwnReport)).toEqual(res.data.map(() => true));
	});

	test("limit defaults to 20 and is capped at 50", async () => {
		const { client } = await registerUser(server, { zipCode: "75201" });
		for (let i = 0; i < 55; i++) await post(client, `Pump ${i}`, "75201", "regular", 3 + (i % 10) / 100);
		expect((await client.get("/api/gas/reports/nearby")).data).toHaveLength(20);
		expect((await client.get("/api/gas/reports/nearby?limit=100")).data).toHaveLength(50);
		const three = expectBody(await client.get("/api/gas/reports/nearby?limit=3"), 200);
		expect(three.map((r: { price: number }) => r.price)).toEqual([3.04, 3.03, 3.02]);
		for (const limit of ["0", "abc", "-1"])
			expect((await client.get(`/api/gas/reports/nearby?limit=${limit}`)).status).toBe(400);
	});
});

describe("a user without a zip", () => {
	test("gets 400 with a message from every nearby view", async () => {
		const { client } = await registerUser(server, { zipCode: null });
		for (const path of ["/api/gas/nearby", "/api/gas/summary", "/api/gas/reports/nearby?limit=20"] as const) {
			const res = await client.get(path);
			expect(res.status).toBe(400);
			expect(res.data.message).toBe("Set your zip code to see fuel prices near you.");
		}
		expect((await server.client().get("/api/gas/nearby")).status).toBe(401);
	});
});
