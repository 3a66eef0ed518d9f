import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { priceAlertHits } from "../../db/schema.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";
import { hitsAfter } from "./hits.ts";
import { categoryIds, reportPrice } from "./testing.ts";

// "Alert me when anyone reports oat milk near me" (issue 42): a product alert with a null target.
let server: TestServer;
let cat: Awaited<ReturnType<typeof categoryIds>>;
let reporter: TestClient;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	reporter = (await registerUser(server, { zipCode: "10001" })).client;
	cat = await categoryIds(reporter);
});
afterAll(() => server.stop());

const hitsOf = (alertId: number) =>
	server.db.select().from(priceAlertHits).where(eq(priceAlertHits.alertId, alertId)).all();

describe("an alert at any price", () => {
	test("is made with a null target, lists as null, and is one alert, apart from one with a target", async () => {
		const { client } = await registerUser(server, { zipCode: "10001" });
		const made = await client.post("/api/price-alerts", { productName: "Oat Milk", targetPrice: null });
		expect(made.status).toBe(201);
		expect(made.data).toMatchObject({ productName: "Oat Milk", targetPrice: null, zipCode: "10001" });
		const again = await client.post("/api/price-alerts", { productName: "oat milk", targetPrice: null });
		expect(again.status).toBe(409);
		expect(again.data.message).toBe("You already have this price alert");
		const under = await client.post("/api/price-alerts", { productName: "oat milk", targetPrice: 3 });
		expect(under.status).toBe(201);
		const list = expectBody(await client.get("/api/price-alerts"), 200);
		expect(list.map((a) => [a.productName, a.targetPrice])).toEqual([
			["oat milk", 3],
			["Oat Milk", null],
		]);
	});

	test("a blank or missing target is still required: only an explicit null means any price", async () => {
		const { client } = await registerUser(server, { zipCode: "10001" });
		for (const body of [{ productName: "kefir" }, { productName: "kefir", targetPrice: " " }]) {
			const res = await client.post("/api/price-alerts", body);
			expect(res.status).toBe(400);
			expect(res.data.message).toBe("Target price is required");
		}
	});

	test("any live report of the product near it is a hit, however high; one far away is not", async () => {
		const { client, user } = await registerUser(server, { zipCode: "10001" });
		const made = await client.post("/api/price-alerts", { productName: "saffron threads", targetPrice: null });
		expectStatus(made, 201);
		await reportPrice(reporter, {
			productName: "Saffron Threads",
			price: 180,
			categoryId: cat.groceries,
			zip: "90210",
			confirmUnusual: true,
		});
		expect(hitsOf(made.data.id)).toHaveLength(0);
		const near = await reportPrice(reporter, {
			productName: "Spanish Saffron Threads",
			price: 150,
			categoryId: cat.groceries,
			confirmUnusual: true,
		});
		expect(hitsOf(made.data.id).map((h) => h.priceReportId)).toEqual([near.id]);
		const [listed] = expectBody(await client.get("/api/price-alerts"), 200);
		expect(listed).toMatchObject({ targetPrice: null, lastHit: { reportId: near.id, price: 150 } });
		// What the notification says: the price and the place, and no target to compare with.
		const [message] = await hitsAfter(server.db, user.id, 0);
		const data = message?.data as { targetPrice: number | null; body: string };
		expect(data.targetPrice).toBeNull();
		expect(data.body).toBe(`Spanish Saffron Threads is $150.00 at ${near.store.name}, 1 Market St (in your ZIP).`);
	});
});
