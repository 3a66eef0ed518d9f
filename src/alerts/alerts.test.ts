import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { priceAlerts, priceAlertWords } from "../../db/schema.ts";
import { nearTokens } from "../lib/zip.ts";
import { expectBody, expectStatus, registerUser, startTestServer, type TestServer } from "../test/harness.ts";
import { categoryIds, createAlert } from "./testing.ts";

// The documented limit (README, Decisions "Alert matching"), written out: a test that read the exported constant
// would pass whatever it became.
const MAX_ALERTS_PER_USER = 50;

let server: TestServer;
let dairy: number;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	const { client } = await registerUser(server);
	({ dairy } = await categoryIds(client));
});
afterAll(() => server.stop());

describe("POST /api/price-alerts", () => {
	test("stores the alert in the Price alert shape, at the user's zip, its words filed under each place near it", async () => {
		const { client } = await registerUser(server, { zipCode: "10001" });
		const res = await client.post("/api/price-alerts", {
			productName: " Organic Eggs ",
			targetPrice: "2.50",
			categoryId: dairy,
		});
		expectStatus(res, 201);
		expect(res.data).toEqual({
			id: expect.any(Number),
			productName: "Organic Eggs",
			targetPrice: 2.5,
			categoryId: dairy,
			createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
			zipCode: "10001",
			scope: "near",
			fuelType: null,
			isActive: true,
			lastNotified: null,
			lastHit: null,
		});
		const row = server.db.select().from(priceAlerts).where(eq(priceAlerts.id, res.data.id)).get();
		expect(row).toMatchObject({ targetPriceCents: 250, locToken: "z10001", wordCount: 2 });
		const words = server.db.select().from(priceAlertWords).where(eq(priceAlertWords.alertId, res.data.id)).all();
		expect([...new Set(words.map((w) => w.word))].sort()).toEqual(["egg", "organic"]);
		const places = nearTokens("10001");
		expect(places).toHaveLength(21);
		for (const word of ["egg", "organic"]) {
			expect(words.filter((w) => w.word === word).map((w) => w.locToken)).toEqual(expect.arrayContaining(places));
		}
		expect(words).toHaveLength(2 * places.length);
	});

	test("category is optional (null or left out) and a zip may be given instead of the user's", async () => {
		const { client } = await registerUser(server, { zipCode: "10001" });
		const none = await client.post("/api/price-alerts", { productName: "bread", targetPrice: 3, categoryId: null });
		expectStatus(none, 201);
		expect(none.data.categoryId).toBeNull();
		const elsewhere = await client.post("/api/price-alerts", {
			productName: "bread",
			targetPrice: 3,
			zipCode: "94110",
		});
		expect(elsewhere.status).toBe(201);
		expect(elsewhere.data).toMatchObject({ categoryId: null, zipCode: "94110" });
	});

	test.each([
		["no product name", { productName: "", targetPrice: 2 }, "productName", "Product name is required"],
		["a product name missing", { targetPrice: 2 }, "productName", "Product name is required"],
		[
			"a name without words",
			{ productName: "!!", targetPrice: 2 },
			"productName",
			"Product name needs at least one letter or digit",
		],
		[
			"a name of too many words",
			{ productName: "a b c d e f g h i", targetPrice: 2 },
			"productName",
			"Product name must be at most 8 words",
		],
		["no target price", { productName: "eggs", targetPrice: "" }, "targetPrice", "Target price is required"],
		["no target price missing", { productName: "eggs" }, "targetPrice", "Target price is required"],
		// A product alert's null target is any price (any-price.test.ts); a fuel alert always has a target.
		[
			"a fuel alert's null target",
			{ fuelType: "regular", targetPrice: null },
			"targetPrice",
			"Target price is required",
		],
		["a zero target", { productName: "eggs", targetPrice: 0 }, "targetPrice", "Target price must be greater than 0"],
		[
			"fractions of a cent",
			{ productName: "eggs", targetPrice: "2.505" },
			"targetPrice",
			"Target price must be an amount in dollars and cents, like 2.50",
		],
		[
			"a negative target",
			{ productName: "eggs", targetPrice: -1 },
			"targetPrice",
			"Target price must be an amount in dollars and cents, like 2.50",
		],
		[
			"a category that is not an id",
			{ productName: "eggs", targetPrice: 2, categoryId: "dairy" },
			"categoryId",
			"Category must be one of the listed categories",
		],
		[
			"a category id in exponent form",
			{ productName: "eggs", targetPrice: 2, categoryId: "1e0" },
			"categoryId",
			"Category must be one of the listed categories",
		],
		[
			"a long zip",
			{ productName: "eggs", targetPrice: 2, zipCode: "12345678901" },
			"zipCode",
			"Zip code must be at most 10 characters",
		],
	])("refuses %s with a clear message", async (_name, body, path, message) => {
		const { client } = await registerUser(server);
		const res = await client.post("/api/price-alerts", body);
		expect(res.status).toBe(400);
		expect(res.data.message).toBe(message);
		expect(res.data.issues).toContainEqual({ path, message });
	});

	test("refuses an unknown category, and asks for a zip when neither the user nor the body has one", async () => {
		const { client } = await registerUser(server, { zipCode: null });
		const unknown = await client.post("/api/price-alerts", {
			productName: "eggs",
			targetPrice: 2,
			categoryId: 9999,
			zipCode: "10001",
		});
		expect(unknown.status).toBe(400);
		expect(unknown.data.message).toBe("Unknown category");
		const noZip = await client.post("/api/price-alerts", { productName: "eggs", targetPrice: 2 });
		expect(noZip.status).toBe(400);
		expect(noZip.data.message).toBe("Set your zip code before creating a price alert.");
	});

	test("refuses the same alert twice (words in any order) and more than the per-user limit", async () => {
		const { client } = await registerUser(server);
		await createAlert(client, { productName: "organic milk", targetPrice: 3, categoryId: dairy });
		const again = await client.post("/api/price-alerts", {
			productName: "Milk organic",
			targetPrice: "3.00",
			categoryId: dairy,
		});
		expect(again.status).toBe(409);
		expect(again.data.message).toBe("You already have this price alert");
		// Another target or another category is another alert.
		expect(
			(await client.post("/api/price-alerts", { productName: "organic milk", targetPrice: 2.5, categoryId: dairy }))
				.status,
		).toBe(201);
		expect((await client.post("/api/price-alerts", { productName: "organic milk", targetPrice: 3 })).status).toBe(201);

		for (let i = 3; i < MAX_ALERTS_PER_USER; i++)
			await createAlert(client, { productName: `item ${i}`, targetPrice: 1 });
		const over = await client.post("/api/price-alerts", { productName: "one more", targetPrice: 1 });
		expect(over.status).toBe(409);
		expect(over.data.message).toBe(`You can keep at most ${MAX_ALERTS_PER_USER} price alerts; delete one first`);
	});

	test("guests are refused", async () => {
		expect((await server.client().post("/api/price-alerts", { productName: "eggs", targetPrice: 2 })).status).toBe(401);
		expect((await server.client().get("/api/price-alerts")).status).toBe(401);
	});
});

describe("GET and DELETE /api/price-alerts", () => {
	test("a user lists only their own alerts, newest first, and deletes only their own", async () => {
		const alice = await registerUser(server);
		const bob = await registerUser(server);
		const eggs = await createAlert(alice.client, { productName: "eggs", targetPrice: 2.5 });
		const milk = await createAlert(alice.client, { productName: "milk", targetPrice: 3.25 });
		const bobs = await createAlert(bob.client, { productName: "eggs", targetPrice: 2.5 });

		const list = await alice.client.get("/api/price-alerts");
		expectStatus(list, 200);
		expect(list.data.map((a: { id: number }) => a.id)).toEqual([milk.id, eggs.id]);
		expect(list.data[0]).toMatchObject({ productName: "milk", targetPrice: 3.25 });

		const foreign = await alice.client.delete(`/api/price-alerts/${bobs.id}`);
		expect(foreign.status).toBe(404);
		expect(foreign.data.message).toBe("Price alert not found");
		expect((await bob.client.get("/api/price-alerts")).data).toHaveLength(1);

		const mine = await alice.client.delete(`/api/price-alerts/${eggs.id}`);
		expect(mine.status).toBe(200);
		expect(mine.data).toEqual({ id: eggs.id });
		expect(server.db.select().from(priceAlertWords).where(eq(priceAlertWords.alertId, eggs.id)).all()).toEqual([]);
		expect((await alice.client.delete(`/api/price-alerts/${eggs.id}`)).status).toBe(404);
		expect((await alice.client.delete("/api/price-alerts/abc")).status).toBe(404);
		expect((await server.client().delete(`/api/price-alerts/${milk.id}`)).status).toBe(401);
		expect(expectBody(await alice.client.get("/api/price-alerts"), 200).map((a: { id: number }) => a.id)).toEqual([
			milk.id,
		]);
	});
});

describe("POST /api/test-notification", () => {
	test("answers a title and a body to a signed-in user, 401 to a guest", async () => {
		const { client } = await registerUser(server);
		const res = await client.post("/api/test-notification");
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ title: expect.any(String), body: expect.any(String) });
		expect((await server.client().post("/api/test-notification")).status).toBe(401);
	});
});
