import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { expectBody, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";

/**
 * A list priced at three stores near Rapid City (57701): two in town, one 9 miles off (57718) that is cheapest
 * item by item but not once the drive is paid. Totals by hand:
 *   item (qty)        Main Grocer  Elm Market  Far Mart (9 mi)
 *   milk, by code (1)    4.00         3.50        2.00
 *   eggs (2)             6.00         7.00        5.60
 *   bread (1)            2.50          -          2.40
 *   total               12.50       10.50 (2)   10.00 + 18 mi x $4.00/25 mpg = 2.88 -> 12.88
 * The single store: Main Grocer (all three, 12.50 beats Far Mart's 12.88 with its drive). The pair: Main Grocer
 * and Elm Market, milk at Elm (3.50), eggs and bread at Main (6.00, 2.50): 12.00, no drive beyond the town.
 */
let server: TestServer;
let shopper: TestClient;
const DAIRY = 3;

const report = async (productName: string, price: number, store: string, zip: string, extra = {}) => {
	const { client } = await registerUser(server, { zipCode: zip });
	const res = await client.post("/api/price-reports", {
		productName,
		price,
		categoryId: DAIRY,
		storeName: store,
		storeAddress: `${store.length} Main St`,
		storeZipCode: zip,
		...extra,
	});
	expect(res.status).toBe(201);
};

beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	shopper = (await registerUser(server, { zipCode: "57701" })).client;
	const milk = { barcode: "036000291452" };
	await report("Whole milk gallon", 4.0, "Main Grocer", "57701", milk);
	await report("Milk, whole", 3.5, "Elm Market", "57701", milk);
	await report("Organic whole milk", 2.0, "Far Mart", "57718", milk);
	await report("Large eggs", 3.0, "Main Grocer", "57701");
	await report("Large eggs", 3.5, "Elm Market", "57701");
	await report("Large eggs", 2.8, "Far Mart", "57718");
	await report("Sourdough bread", 2.5, "Main Grocer", "57701");
	await report("Sourdough bread", 2.4, "Far Mart", "57718");
	const { client } = await registerUser(server, { zipCode: "57701" });
	const gas = await client.post("/api/gas/reports", {
		stationName: "Town Fuel",
		stationAddress: "1 Gas Way",
		stationZipCode: "57701",
		fuelType: "regular",
		price: 4.0,
	});
	expect(gas.status).toBe(201);
});
afterAll(() => server.stop());

describe("a list's plan", () => {
	test("the single store and the pair by hand-checked totals; the store 9 miles off costs more than it saves", async () => {
		const list = expectBody(await shopper.post("/api/lists", { name: "Groceries" }), 201);
		const add = async (body: Record<string, unknown>) =>
			expectBody(await shopper.post(`/api/lists/${list.id}/items`, body), 201);
		const milk = await add({ barcode: "0036000291452" });
		const eggs = await add({ name: "eggs", quantity: 2, categoryId: DAIRY });
		const bread = await add({ name: "sourdough", categoryId: DAIRY });
		const caviar = await add({ name: "beluga caviar" });

		const plan = expectBody(await shopper.get(`/api/lists/${list.id}/plan`), 200);
		expect(plan.driving).toEqual({ fuelType: "regular", fuelPrice: 4, milesPerUnit: 25, costPerMile: 0.16 });
		expect(plan.items.map((i) => [i.name, i.matchedName, i.stores])).toEqual([
			[milk.name, "Whole milk gallon", 3],
			["eggs", "Large eggs", 3],
			["sourdough", "Sourdough bread", 2],
			["beluga caviar", null, 0],
		]);

		const names = (choice: { stores: { name: string }[] }) => choice.stores.map((s) => s.name);
		const single = plan.single!;
		expect(names(single)).toEqual(["Main Grocer"]);
		expect(single.items.map((i) => [i.itemId, i.price])).toEqual([
			[milk.id, 4],
			[eggs.id, 6],
			[bread.id, 2.5],
		]);
		expect(single).toMatchObject({ missing: [caviar.id], total: 12.5, trip: { miles: 0, cost: 0 } });

		const pair = plan.pair!;
		expect(names(pair).sort()).toEqual(["Elm Market", "Main Grocer"]);
		const storeOf = new Map(pair.stores.map((s) => [s.id, s.name]));
		expect(pair.items.map((i) => [i.itemId, storeOf.get(i.storeId), i.price])).toEqual([
			[milk.id, "Elm Market", 3.5],
			[eggs.id, "Main Grocer", 6],
			[bread.id, "Main Grocer", 2.5],
		]);
		expect(pair).toMatchObject({ total: 12, trip: { miles: 0, cost: 0 }, missing: [caviar.id] });
		expect(plan.recommended).toBe("pair");
		// The read API answers the same plan, for a pantry tool with a token.
		const token = expectBody(await shopper.post("/api/tokens", { name: "Pantry" }), 201);
		const viaToken = await server
			.client()
			.get(`/api/v1/lists/${list.id}/plan`, { headers: { authorization: `Bearer ${token.secret}` } });
		expect(viaToken.status).toBe(200);
		expect(viaToken.data).toEqual(plan);
		// Each price says how old and how trusted it is.
		for (const item of [...single.items, ...pair.items]) expect(Date.parse(item.reportedAt)).toBeGreaterThan(0);
	});

	test("from the faraway store's own ZIP, it is the town store and the plan", async () => {
		const list = expectBody(await shopper.post("/api/lists", { name: "From 57718" }), 201);
		expectBody(await shopper.post(`/api/lists/${list.id}/items`, { barcode: "036000291452" }), 201);
		const plan = expectBody(await shopper.get(`/api/lists/${list.id}/plan?zipCode=57718`), 200);
		expect(plan.single?.stores.map((s) => s.name)).toEqual(["Far Mart"]);
		expect(plan.single).toMatchObject({ total: 2, trip: { miles: 0, cost: 0 } });
	});

	test("an empty list has no plan; another shopper's list is not found; no zip is asked for", async () => {
		const list = expectBody(await shopper.post("/api/lists", { name: "Empty" }), 201);
		const plan = expectBody(await shopper.get(`/api/lists/${list.id}/plan`), 200);
		expect(plan).toMatchObject({ single: null, pair: null, recommended: null, items: [] });
		const other = (await registerUser(server, { zipCode: "57701" })).client;
		expect((await other.get(`/api/lists/${list.id}/plan`)).status).toBe(404);
		const noZip = (await registerUser(server, { zipCode: null })).client;
		const own = expectBody(await noZip.post("/api/lists", { name: "Mine" }), 201);
		const asked = await noZip.get(`/api/lists/${own.id}/plan`);
		expect(asked.status).toBe(400);
		expect((asked.data as { message: string }).message).toBe(
			"Add your zip code (or send zipCode) to plan the list near you",
		);
	});
});
