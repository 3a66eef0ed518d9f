import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";

/** Stations on the Gas page: the shopper's starred ones first, then the rest, with no one else's stars. */
let server: TestServer;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
});
afterAll(() => server.stop());

type Station = { id: number; name: string; starred: boolean; distanceMiles: number | null };
const names = (list: Station[]) => list.map((s) => s.name);

const station = async (client: TestClient, name: string, zip: string, price: number) => {
	const res = await client.post("/api/gas/reports", {
		stationName: name,
		stationAddress: `${name} Rd`,
		stationZipCode: zip,
		fuelType: "regular",
		price,
	});
	// 200 when an earlier test's reporter stands at this price there: counted as a confirmation of theirs.
	expectStatus(res, 200, 201);
	return res.data.stationId;
};

/** Beverly Hills: Alpha at home and cheapest, Bravo 1.9 miles off, Charlie 2.5 miles off and dearest. */
async function area() {
	const reporter = (await registerUser(server, { zipCode: "90210" })).client;
	const ids = {
		alpha: await station(reporter, "Alpha", "90210", 3.0),
		bravo: await station(reporter, "Bravo", "90069", 3.3),
		charlie: await station(reporter, "Charlie", "90077", 3.6),
		// Chicago: far outside Beverly Hills' neighbourhood.
		work: await station(reporter, "Work Gas", "60614", 3.9),
	};
	const shopper = async () => (await registerUser(server, { zipCode: "90210" })).client;
	return { ids, fan: await shopper(), other: await shopper() };
}

describe("GET /api/gas/nearby with starred stations", () => {
	test("a starred station comes first in every order, though it is neither nearest nor cheapest", async () => {
		const { ids, fan } = await area();
		expect((await fan.put(`/api/spots/stations/${ids.charlie}`)).status).toBe(200);
		for (const sort of ["distance", "price", "savings"]) {
			const res = await fan.get(`/api/gas/nearby?sort=${sort}`);
			expectStatus(res, 200);
			expect([sort, names(res.data)]).toEqual([sort, ["Charlie", "Alpha", "Bravo"]]);
			expect(res.data.map((s: Station) => s.starred)).toEqual([true, false, false]);
		}
	});

	test("starred stations keep the order asked for among themselves, and one far off is listed with its miles", async () => {
		const { ids, fan } = await area();
		for (const id of [ids.work, ids.bravo, ids.charlie]) await fan.put(`/api/spots/stations/${id}`);
		const byDistance = expectBody(await fan.get("/api/gas/nearby?sort=distance"), 200);
		expect(names(byDistance)).toEqual(["Bravo", "Charlie", "Work Gas", "Alpha"]);
		expect(byDistance[2]?.distanceMiles).toBeGreaterThan(1000);
		const byPrice = expectBody(await fan.get("/api/gas/nearby?sort=price"), 200);
		expect(names(byPrice)).toEqual(["Bravo", "Charlie", "Work Gas", "Alpha"]);
		// Unstarred, it goes back to its place, and the far one leaves the list.
		await fan.delete(`/api/spots/stations/${ids.work}`);
		await fan.delete(`/api/spots/stations/${ids.bravo}`);
		expect(names(expectBody(await fan.get("/api/gas/nearby?sort=price"), 200))).toEqual(["Charlie", "Alpha", "Bravo"]);
	});

	test("the shared per-zip answer never carries one shopper's stars to another", async () => {
		const { ids, fan, other } = await area();
		await fan.put(`/api/spots/stations/${ids.charlie}`);
		// Alternating on one zip, fuel, order and car: every answer after the first comes from the cache.
		for (const [client, first, starredCount] of [
			[other, "Alpha", 0],
			[fan, "Charlie", 1],
			[other, "Alpha", 0],
			[fan, "Charlie", 1],
		] as const) {
			const res = await client.get("/api/gas/nearby?sort=distance");
			expectStatus(res, 200);
			expect(res.data[0]?.name).toBe(first);
			expect(res.data.filter((s: Station) => s.starred).length).toBe(starredCount);
		}
	});
});
