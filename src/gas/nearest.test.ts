import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { MAX_AREAS, neighbourhood, roundMiles } from "../lib/zip.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";
import { NO_GAS_ZIP_MESSAGE } from "./schemas.ts";

// Towns with no station near them. DeKalb's stations are far from Portland, and Rockford is only asked wrongly.
const DEKALB = "60115";
const ROCKFORD = "61101";
const PORTLAND = "97201";

let server: TestServer;
let reporter: TestClient;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	reporter = (await registerUser(server, { zipCode: "10001" })).client;
});
afterAll(() => server.stop());

/** The n-th nearest ZIP area to `home` (0 is home itself), with its miles as shown. */
const area = (home: string, n: number) => {
	const place = neighbourhood(home, MAX_AREAS)[n]!;
	return { zip: place.token.slice(1), miles: roundMiles(place.miles) };
};

/** A regular price at a station of its own in `zip`. */
const station = async (name: string, zip: string, price = 3.299) => {
	const res = await reporter.post("/api/gas/reports", {
		stationName: name,
		stationAddress: `1 ${name} Rd`,
		stationZipCode: zip,
		fuelType: "regular",
		price,
	});
	expectStatus(res, 201);
};

const shopperIn = async (zipCode: string) => (await registerUser(server, { zipCode })).client;
const nearestOf = async (client: TestClient) => expectBody(await client.get("/api/gas/nearest"), 200).nearest;
const nearby = async (client: TestClient, query: `?${string}` | "" = "") =>
	expectBody(await client.get(`/api/gas/nearby${query}`), 200).map((s) => [s.name, s.distanceMiles]);

describe("the nearest stations of a town with none", () => {
	test("none anywhere in reach: nothing near, nothing nearest", async () => {
		const shopper = await shopperIn(PORTLAND);
		expect(await nearby(shopper)).toEqual([]);
		expect(await nearestOf(shopper)).toBeNull();
	});

	test("a station beyond the neighbourhood: its miles and the areas a list reaching it asks for", async () => {
		const shopper = await shopperIn(DEKALB);
		const far = area(DEKALB, 40);
		await station("Far Fuel", far.zip);
		expect(await nearby(shopper)).toEqual([]);
		expect(await nearestOf(shopper)).toEqual({ miles: far.miles, areas: 40 });
		expect(await nearby(shopper, "?areas=40")).toEqual([["Far Fuel", far.miles]]);

		// A nearer one, still beyond: the nearest moves in, and the list reaching it holds only it.
		const nearer = area(DEKALB, 27);
		await station("Nearer Fuel", nearer.zip, 3.199);
		expect(await nearestOf(shopper)).toEqual({ miles: nearer.miles, areas: 27 });
		expect(await nearby(shopper, "?areas=27")).toEqual([["Nearer Fuel", nearer.miles]]);
		// Wider still, both, nearest first, compared with the average of what it lists.
		const wide = expectBody(await shopper.get("/api/gas/nearby?areas=40&fuelType=regular"), 200);
		expect(wide.map((s) => [s.name, s.distanceMiles, s.priceComparison])).toEqual([
			["Nearer Fuel", nearer.miles, -1.5],
			["Far Fuel", far.miles, 1.5],
		]);
	});

	test("once the neighbourhood has a station, the Gas page lists it and looks no farther", async () => {
		const shopper = await shopperIn(PORTLAND);
		await station("Beyond Fuel", area(PORTLAND, 60).zip);
		expect(await nearestOf(shopper)).toEqual({ miles: area(PORTLAND, 60).miles, areas: 60 });
		const next = area(PORTLAND, 3);
		await station("Next Door Fuel", next.zip);
		expect(await nearestOf(shopper)).toBeNull();
		expect(await nearby(shopper)).toEqual([["Next Door Fuel", next.miles]]);
	});

	test("the areas of a list are checked, and a shopper without a zip is told to set one", async () => {
		const shopper = await shopperIn(ROCKFORD);
		for (const [areas, message] of [
			["19", "areas must be at least 20"],
			["501", `areas must be at most ${MAX_AREAS}`],
			["ten", "areas must be a whole number"],
		] as const) {
			const res = await shopper.get(`/api/gas/nearby?areas=${areas}`);
			expectStatus(res, 400);
			expect(res.data.message).toContain(message);
		}
		const noZip = (await registerUser(server, { zipCode: null })).client;
		const res = await noZip.get("/api/gas/nearest");
		expectStatus(res, 400);
		expect(res.data.message).toBe(NO_GAS_ZIP_MESSAGE);
	});
});

describe("an empty home names how far the nearest reports and stations are", () => {
	test("a quiet feed says both; once a station is near, only the reports", async () => {
		// Kalispell, Montana: a town of its own, far from the other tests'.
		const town = "59901";
		const shopper = await shopperIn(town);
		const categories = expectBody(await shopper.get("/api/categories"), 200);
		const dairy = categories.find((c) => c.name === "Dairy")!.id;
		const shop = area(town, 35);
		const res = await reporter.post("/api/price-reports", {
			productName: "Huckleberry Milk",
			price: 4.49,
			categoryId: dairy,
			storeName: "Far Dairy",
			storeAddress: "2 Creamery Ln",
			vacationMode: true,
			reportZipCode: shop.zip,
		});
		expectStatus(res, 201);
		const pump = area(town, 45);
		await station("Far Pump", pump.zip);

		const quiet = expectBody(await shopper.get("/api/feed"), 200);
		expect(quiet).toMatchObject({
			quiet: true,
			nearest: { miles: shop.miles, areas: 35 },
			nearestStations: { miles: pump.miles, areas: 45 },
		});
		await station("Town Pump", town);
		expect(expectBody(await shopper.get("/api/feed"), 200)).toMatchObject({
			quiet: true,
			nearest: { miles: shop.miles, areas: 35 },
			nearestStations: null,
		});
		// Widened to the reports, the feed is no longer quiet, and says nothing of how far anything is.
		expect(expectBody(await shopper.get("/api/feed?areas=35"), 200)).toMatchObject({
			quiet: false,
			nearest: null,
			nearestStations: null,
		});
	});
});
