import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import * as v from "valibot";
import { unknownZipMessage } from "../lib/fields.ts";
import { DAY_MS } from "../lib/time.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";
import { establish } from "../test/standing.ts";
import { FUEL_MESSAGE, FuelPricesSchema, StationPricesSchema } from "./schemas.ts";

let server: TestServer;
let viewer: TestClient;
/** Station ids by name. */
const stations: Record<string, number> = {};
/** Report ids by station and fuel ("Bravo regular"). */
const reports: Record<string, number> = {};

/** A fuel price at a named station in `zip`, by a reporter of its own. */
async function post(stationName: string, zip: string, fuelType: string, price: number, extra = {}) {
	const reporter = (await registerUser(server, { zipCode: zip })).client;
	const res = await reporter.post("/api/gas/reports", {
		stationName,
		stationAddress: `${stationName} Rd`,
		stationZipCode: zip,
		fuelType,
		price,
		...extra,
	});
	if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.data)}`);
	stations[stationName] = res.data.stationId;
	reports[`${stationName} ${fuelType}`] = res.data.id;
}

/** Beverly Hills (90210) and two of its nearest ZIP areas; 90224 is a near number far away on the map. */
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	viewer = (await registerUser(server, { zipCode: "90210" })).client;
	await post("Alpha", "90210", "regular", 3.6);
	await post("Bravo", "90069", "regular", 3);
	await post("Bravo", "90069", "premium", 4.1);
	await post("Charlie", "90077", "regular", 3.3);
	await post("Charlie", "90077", "electric", 0.42);
	// A hair below regular's usual range on thin history: kept when the quality check asks.
	await post("Too Far", "90224", "regular", 1.999, { confirmUnusual: true });
	await post("Gone", "90210", "regular", 2.9);
	// Its only price has expired: the station's prices follow (the database's triggers).
	server.sqlite.query("UPDATE gas_price_reports SET is_expired = 1 WHERE id = ?").run(reports["Gone regular"]!);
	// Alpha's price is two days old: past a pump price's fresh day.
	server.sqlite
		.query("UPDATE gas_price_reports SET created_at = ? WHERE id = ?")
		.run(Date.now() - 2 * DAY_MS, reports["Alpha regular"]!);
});
afterAll(() => server.stop());

const fuelPrices = (client: TestClient, query: string) => client.get(`/api/v1/fuel/prices?${query}`);
type Listed = { station: { name: string }; price: number };
const listed = (data: { stations: Listed[] }) => data.stations.map((s) => [s.station.name, s.price]);

describe("GET /api/v1/fuel/prices", () => {
	test("the stations near the ZIP with the fuel's price, cheapest first, with the area's average and lowest", async () => {
		const res = await fuelPrices(viewer, "zip=90210&fuel=regular");
		expectStatus(res, 200);
		expect(v.safeParse(FuelPricesSchema, res.data).issues).toBeUndefined();
		expect(listed(res.data)).toEqual([
			["Bravo", 3],
			["Charlie", 3.3],
			["Alpha", 3.6],
		]);
		expect(res.data).toMatchObject({
			zipCode: "90210",
			fuel: "regular",
			unit: "gallon",
			currency: "USD",
			average: 3.3,
		});
		const [bravo, , alpha] = res.data.stations;
		if (!bravo || !alpha) throw new Error("expected Bravo and Alpha");
		expect(res.data.lowest).toEqual(bravo);
		expect(bravo.station).toEqual({
			id: stations.Bravo!,
			name: "Bravo",
			address: "Bravo Rd",
			zipCode: "90069",
			distanceMiles: 1.9,
		});
		expect(bravo).toMatchObject({ fresh: true, lastSeenAt: bravo.reportedAt });
		expect(Date.now() - Date.parse(bravo.reportedAt)).toBeLessThan(60_000);
		expect(alpha.fresh).toBe(false);
		expect(Date.now() - Date.parse(alpha.reportedAt)).toBeGreaterThan(2 * DAY_MS - 60_000);
		// Its confidence halved twice over its two days.
		expect(alpha.confidence).toBeLessThan(bravo.confidence / 3);
	});

	test("only the stations with a price of the fuel asked; electric by the kWh; none is an empty list", async () => {
		const premium = expectBody(await fuelPrices(viewer, "zip=90210&fuel=premium"), 200);
		expect(listed(premium)).toEqual([["Bravo", 4.1]]);
		const electric = expectBody(await fuelPrices(viewer, "zip=90210&fuel=electric"), 200);
		expect(electric).toMatchObject({ unit: "kWh", average: 0.42 });
		expect(listed(electric)).toEqual([["Charlie", 0.42]]);
		const none = expectBody(await fuelPrices(viewer, "zip=90210&fuel=e85"), 200);
		expect(none).toEqual({
			zipCode: "90210",
			fuel: "e85",
			unit: "gallon",
			currency: "USD",
			average: null,
			lowest: null,
			stations: [],
		});
		const far = expectBody(await fuelPrices(viewer, "zip=90224&fuel=regular"), 200);
		expect(listed(far)).toEqual([["Too Far", 1.999]]);
	});

	test("the lowest is the cheapest price that stands up: not unusual and unconfirmed, sold out or flagged", async () => {
		// Chicago, away from the stations above. The quality check's verdicts are set here, so the test does not
		// hang on how it judges these prices against each other.
		for (const [name, price] of [
			["Typo Fuel", 2.1],
			["Dry Pumps", 2.5],
			["Disputed", 2.7],
			["Steady", 2.9],
			["Pricey", 3.2],
		] as const)
			await post(name, "60601", "regular", price);
		const ids = ["Typo Fuel", "Dry Pumps", "Disputed", "Steady", "Pricey"].map((n) => reports[`${n} regular`]!);
		server.sqlite
			.query("UPDATE gas_price_reports SET is_unusual = (id = ?1) WHERE id IN (SELECT value FROM json_each(?2))")
			.run(ids[0]!, JSON.stringify(ids));
		const word = async (id: number, body: Record<string, string>) => {
			const { client: shopper, user } = await registerUser(server, { zipCode: "60601" });
			establish(server, [user.id]); // a flag of a new account would weigh nothing
			expect((await shopper.post(`/api/gas/reports/${id}/feedback`, body)).status).toBe(200);
		};
		await word(ids[1]!, { kind: "unavailable" });
		await word(ids[2]!, { kind: "wrong", reason: "wrong-price" });

		const res = await fuelPrices(viewer, "zip=60601&fuel=regular");
		expectStatus(res, 200);
		expect(v.safeParse(FuelPricesSchema, res.data).issues).toBeUndefined();
		// The list is the Gas page's, every current price; the average is its Area Average card's.
		expect(listed(res.data)).toEqual([
			["Typo Fuel", 2.1],
			["Dry Pumps", 2.5],
			["Disputed", 2.7],
			["Steady", 2.9],
			["Pricey", 3.2],
		]);
		expect(res.data.average).toBe(2.68);
		type Trust = { unusual: boolean; outOfStock: boolean; flagged: boolean };
		const trust = res.data.stations.map(({ unusual, outOfStock, flagged }: Trust) => ({
			unusual,
			outOfStock,
			flagged,
		}));
		const clear = { unusual: false, outOfStock: false, flagged: false };
		expect(trust).toEqual([
			{ ...clear, unusual: true },
			{ ...clear, outOfStock: true },
			{ ...clear, flagged: true },
			clear,
			clear,
		]);
		expect(res.data.lowest).toEqual(res.data.stations[3]!);
		expect(res.data.lowest?.station.name).toBe("Steady");
		const dry = expectBody(await viewer.get(`/api/v1/stations/${stations["Dry Pumps"]}/prices`), 200);
		expect(dry.prices).toMatchObject([{ fuel: "regular", price: 2.5, ...clear, outOfStock: true }]);

		// Confirmed by another shopper, the unusual price stands: it is the lowest now.
		await word(ids[0]!, { kind: "confirm" });
		const confirmed = expectBody(await fuelPrices(viewer, "zip=60601&fuel=regular"), 200);
		expect(confirmed.lowest).toMatchObject({ station: { name: "Typo Fuel" }, price: 2.1, unusual: false });
	});

	test("400 names what is wrong; a guest is 401", async () => {
		const cases: [string, string][] = [
			["fuel=regular", "zip is required"],
			["zip=90210", "fuel is required"],
			["zip=90210&fuel=kerosene", FUEL_MESSAGE],
			["zip=00000&fuel=regular", unknownZipMessage("00000")],
		];
		for (const [query, message] of cases) {
			const res = await fuelPrices(viewer, query);
			expect({ query, status: res.status, message: res.data.message }).toEqual({ query, status: 400, message });
		}
		expect((await fuelPrices(server.client(), "zip=90210&fuel=regular")).status).toBe(401);
	});
});

describe("GET /api/v1/stations/:id/prices", () => {
	test("the station's current price of each fuel, in the fuels' order, with its freshness", async () => {
		const res = await viewer.get(`/api/v1/stations/${stations.Charlie}/prices`);
		expectStatus(res, 200);
		expect(v.safeParse(StationPricesSchema, res.data).issues).toBeUndefined();
		expect(res.data.station).toEqual({
			id: stations.Charlie!,
			name: "Charlie",
			address: "Charlie Rd",
			zipCode: "90077",
		});
		expect(res.data.currency).toBe("USD");
		expect(
			res.data.prices.map((p: { fuel: string; unit: string; price: number }) => [p.fuel, p.unit, p.price]),
		).toEqual([
			["regular", "gallon", 3.3],
			["electric", "kWh", 0.42],
		]);
		expect(res.data.prices[1]).toMatchObject({ fresh: true, confidence: expect.any(Number) });
	});

	test("a newer price replaces the older as the current one; an expired one leaves", async () => {
		// A station of its own, away from the others, so the lists above stay as they are.
		await post("Echo", "10001", "regular", 3.1);
		await post("Echo", "10001", "diesel", 4.2);
		await post("Echo", "10001", "regular", 3.15);
		const echo = expectBody(await viewer.get(`/api/v1/stations/${stations.Echo}/prices`), 200);
		expect(echo.prices.map((p: { fuel: string; price: number }) => [p.fuel, p.price])).toEqual([
			["regular", 3.15],
			["diesel", 4.2],
		]);
		const gone = await viewer.get(`/api/v1/stations/${stations.Gone}/prices`);
		expectStatus(gone, 200);
		expect(gone.data.prices).toEqual([]);
	});

	test("a price for cash or card only says so; one for either says null", async () => {
		// Beside Echo (10001), whose diesel price is for either.
		await post("Foxtrot", "10001", "diesel", 4.05, { payment: "cash" });
		const foxtrot = expectBody(await viewer.get(`/api/v1/stations/${stations.Foxtrot}/prices`), 200);
		expect(v.safeParse(StationPricesSchema, foxtrot).issues).toBeUndefined();
		expect(foxtrot.prices).toMatchObject([{ fuel: "diesel", price: 4.05, payment: "cash" }]);
		const near = expectBody(await fuelPrices(viewer, "zip=10001&fuel=diesel"), 200);
		expect(v.safeParse(FuelPricesSchema, near).issues).toBeUndefined();
		expect(
			near.stations.map((s: { station: { name: string }; payment: string | null }) => [s.station.name, s.payment]),
		).toEqual([
			["Foxtrot", "cash"],
			["Echo", null],
		]);
	});

	test("an unknown station is 404; a guest is 401", async () => {
		for (const id of ["999999", "abc", "1e3"]) {
			const res = await viewer.get(`/api/v1/stations/${id}/prices`);
			expect({ id, status: res.status, data: res.data }).toEqual({
				id,
				status: 404,
				data: { message: "Gas station not found" },
			});
		}
		expect((await server.client().get(`/api/v1/stations/${stations.Bravo}/prices`)).status).toBe(401);
	});
});

describe("a personal access token", () => {
	test("reads the v1 routes as its shopper's session does", async () => {
		const created = await viewer.post("/api/tokens", { name: "Home Assistant" });
		expectStatus(created, 201);
		const bearer = { headers: { authorization: `Bearer ${created.data.secret}` } };
		const script = server.client();
		const byToken = await script.get("/api/v1/fuel/prices?zip=90210&fuel=regular", bearer);
		expectStatus(byToken, 200);
		expect(listed(byToken.data)).toEqual(listed(expectBody(await fuelPrices(viewer, "zip=90210&fuel=regular"), 200)));
		const station = await script.get(`/api/v1/stations/${stations.Charlie}/prices`, bearer);
		expect(station).toMatchObject({ status: 200, data: { station: { name: "Charlie" } } });
		expect(script.cookie).toBeUndefined();
	});
});
