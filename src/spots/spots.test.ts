import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";
import { MAX_STARRED } from "./queries.ts";

let server: TestServer;
let reporter: TestClient;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	reporter = (await registerUser(server, { zipCode: "60614" })).client;
});
afterAll(() => server.stop());

const storeOf = async (name: string) => {
	const res = await reporter.post("/api/price-reports", {
		productName: `Spot milk ${name}`,
		price: 3.49,
		categoryId: 3,
		storeName: name,
		storeAddress: `${name} Ave`,
	});
	expectStatus(res, 201);
	return res.data.store.id;
};
const stationOf = async (name: string, price = 3.5, zip = "60614") => {
	const res = await reporter.post("/api/gas/reports", {
		stationName: name,
		stationAddress: `${name} Rd`,
		stationZipCode: zip,
		fuelType: "regular",
		price,
	});
	expectStatus(res, 201);
	return res.data.stationId;
};
const shopper = async () => (await registerUser(server, { zipCode: "60614" })).client;

describe("/api/spots", () => {
	test("star, list newest first, star again (no change), unstar, unstar again", async () => {
		const me = await shopper();
		const joe = await storeOf("Joe's Market");
		const corner = await storeOf("Corner Grocer");
		const shell = await stationOf("Lincoln Shell");
		expect((await me.get("/api/spots")).data).toEqual({ stores: [], stations: [] });

		expect(await me.put(`/api/spots/stores/${joe}`)).toMatchObject({ status: 200, data: { id: joe, starred: true } });
		expect((await me.put(`/api/spots/stores/${corner}`)).status).toBe(200);
		expect((await me.put(`/api/spots/stores/${joe}`)).status).toBe(200);
		expect(await me.put(`/api/spots/stations/${shell}`)).toMatchObject({ status: 200, data: { starred: true } });

		const list = await me.get("/api/spots");
		expectStatus(list, 200);
		expect(list.data.stores.map((s: { name: string }) => s.name)).toEqual(["Corner Grocer", "Joe's Market"]);
		expect(list.data.stores[1]).toEqual({
			id: joe,
			name: "Joe's Market",
			address: "Joe's Market Ave",
			zipCode: "60614",
			starredAt: expect.any(String),
		});
		expect(list.data.stations).toEqual([
			expect.objectContaining({ id: shell, name: "Lincoln Shell", zipCode: "60614", regularPrice: 3.5 }),
		]);

		expect(await me.delete(`/api/spots/stores/${joe}`)).toMatchObject({ status: 200, data: { starred: false } });
		expect((await me.delete(`/api/spots/stores/${joe}`)).status).toBe(200);
		expect((await me.delete(`/api/spots/stations/${shell}`)).status).toBe(200);
		expect((await me.get("/api/spots")).data).toEqual({
			stores: [expect.objectContaining({ id: corner })],
			stations: [],
		});
	});

	test("unknown and malformed ids are 404 with a message; guests are 401", async () => {
		const me = await shopper();
		for (const [method, path, message] of [
			["PUT", "/api/spots/stores/999999", "Store not found"],
			["DELETE", "/api/spots/stores/999999", "Store not found"],
			["PUT", "/api/spots/stations/999999", "Gas station not found"],
			["DELETE", "/api/spots/stations/999999", "Gas station not found"],
			["PUT", "/api/spots/stores/abc", "Store not found"],
			["PUT", "/api/spots/stations/1e3", "Gas station not found"],
		] as const) {
			const res = await me.request(method, path);
			expect([path, res.status, res.data]).toEqual([path, 404, { message }]);
		}
		expect((await server.client().get("/api/spots")).status).toBe(401);
		expect((await server.client().put("/api/spots/stores/1")).status).toBe(401);
	});

	test("another shopper's stars are not visible", async () => {
		const [me, other] = [await shopper(), await shopper()];
		const store = await storeOf("Private Pantry");
		const station = await stationOf("Private Pump");
		await me.put(`/api/spots/stores/${store}`);
		await me.put(`/api/spots/stations/${station}`);
		expect((await other.get("/api/spots")).data).toEqual({ stores: [], stations: [] });
		// Nor can they take them away.
		expect((await other.delete(`/api/spots/stores/${store}`)).status).toBe(200);
		expect(expectBody(await me.get("/api/spots"), 200).stores).toEqual([expect.objectContaining({ id: store })]);
	});

	test(`at most ${MAX_STARRED} stars of a kind: the next is refused with a message, a repeat is not`, async () => {
		const me = await shopper();
		const storeIds = [await storeOf("Cap Store")];
		// Stores made straight in the table: through the API each would be a price report.
		const insert = server.sqlite.query(
			"INSERT INTO stores (name, address, lookup_key) VALUES (?1, 'x', ?1) RETURNING id",
		);
		while (storeIds.length < MAX_STARRED + 1)
			storeIds.push((insert.get(`cap ${storeIds.length}`) as { id: number }).id);
		for (const id of storeIds.slice(0, MAX_STARRED)) expect((await me.put(`/api/spots/stores/${id}`)).status).toBe(200);
		const over = await me.put(`/api/spots/stores/${storeIds[MAX_STARRED]}`);
		expect(over.status).toBe(400);
		expect(over.data.message).toContain(`up to ${MAX_STARRED} stores`);
		expect((await me.put(`/api/spots/stores/${storeIds[0]}`)).status).toBe(200);
	});
});

describe("stars where the shopper sees a store or station", () => {
	test("a search result says starred only to the shopper who starred its store", async () => {
		const [fan, other] = [await shopper(), await shopper()];
		const store = await storeOf("Starfruit Stand");
		await fan.put(`/api/spots/stores/${store}`);
		const q = "/api/search?q=spot+milk+starfruit";
		for (const [client, starred] of [
			[fan, true],
			[other, false],
			[fan, true],
		] as const) {
			const res = await client.get(q);
			expectStatus(res, 200);
			expect(res.data).toEqual([expect.objectContaining({ store: expect.objectContaining({ id: store }), starred })]);
		}
	});

	test("recent fuel reports carry their station and the asking shopper's star, never another's", async () => {
		const [fan, other] = [await shopper(), await shopper()];
		const station = await stationOf("Report Star Gas", 3.41);
		await fan.put(`/api/spots/stations/${station}`);
		// Alternating, so the second and third answers come from the per-zip cache.
		for (const [client, starred] of [
			[other, false],
			[fan, true],
			[other, false],
			[fan, true],
		] as const) {
			const res = await client.get("/api/gas/reports/nearby?limit=50");
			expectStatus(res, 200);
			const mine = res.data.filter((r: { stationId: number }) => r.stationId === station);
			expect(mine).toEqual([expect.objectContaining({ stationName: "Report Star Gas", starred })]);
			expect(res.data.filter((r: { starred: boolean }) => r.starred).length).toBe(starred ? 1 : 0);
		}
	});
});
