/**
 * Alerts limited to the shopper's starred spots, and fuel alerts ("regular under $3.20 near me or at my
 * spots"), through the API: what the shopper is told (hitsAfter, as a reconnecting stream is sent it) and
 * what the Alerts tab lists.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { gasPriceReports, priceAlertHits } from "../../db/schema.ts";
import { expectBody, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";
import type { HitEventData } from "./delivery.ts";
import { hitsAfter } from "./hits.ts";
import { categoryIds, createAlert, reportPrice } from "./testing.ts";

let server: TestServer;
let dairy: number;
let reporter: TestClient;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	reporter = (await registerUser(server, { zipCode: "10001" })).client;
	({ dairy } = await categoryIds(reporter));
});
afterAll(() => server.stop());

async function shopper() {
	const { client, user } = await registerUser(server, { zipCode: "10001" });
	const told = async () => (await hitsAfter(server.db, user.id, 0)).map((m) => m.data as HitEventData);
	return { client, told };
}

let stations = 0;
async function reportFuel(client: TestClient, fields: Record<string, unknown>) {
	const res = await client.post("/api/gas/reports", {
		stationName: `Station ${++stations}`,
		stationAddress: "350 10th Ave",
		fuelType: "regular",
		vacationMode: false,
		...fields,
	});
	if (res.status !== 201) throw new Error(`fuel report failed: ${res.status} ${JSON.stringify(res.data)}`);
	const id = res.data.id;
	const row = server.db.select().from(gasPriceReports).where(eq(gasPriceReports.id, id)).get();
	return { id, stationId: row?.stationId as number };
}

describe("an alert limited to starred spots", () => {
	test("fires at a starred store anywhere, and not at an unstarred one near the shopper", async () => {
		const { client, told } = await shopper();
		// A store across the country, known from a price over the target.
		const far = (await registerUser(server, { zipCode: "90210" })).client;
		const known = await reportPrice(far, {
			productName: "Tahini",
			price: 12,
			categoryId: dairy,
			storeName: "Westside",
		});
		const storeId = (known as unknown as { store: { id: number } }).store.id;
		expect((await client.put(`/api/spots/stores/${storeId}`)).status).toBe(200);
		await createAlert(client, { productName: "tahini", targetPrice: 9, scope: "spots" });

		await reportPrice(reporter, { productName: "Tahini", price: 6, categoryId: dairy }); // near, not starred
		expect(await told()).toEqual([]);
		const there = await reportPrice(far, {
			productName: "Tahini Jar",
			price: 7,
			categoryId: dairy,
			storeName: "Westside",
		});
		expect((await told()).map((h) => [h.reportId, h.storeName])).toEqual([[there.id, "Westside"]]);
	});

	test("a near alert is not set off by a starred store outside the neighbourhood", async () => {
		const { client, told } = await shopper();
		const far = (await registerUser(server, { zipCode: "90210" })).client;
		const known = await reportPrice(far, { productName: "Harissa", price: 12, categoryId: dairy, storeName: "Sunset" });
		await client.put(`/api/spots/stores/${(known as unknown as { store: { id: number } }).store.id}`);
		await createAlert(client, { productName: "harissa", targetPrice: 9 });
		await reportPrice(far, { productName: "Harissa", price: 7, categoryId: dairy, storeName: "Sunset" });
		expect(await told()).toEqual([]);
	});
});

describe("a fuel alert", () => {
	test("regular under $3.20 near me: a neighbouring station's $3.199 fires; $3.219, diesel or far away do not", async () => {
		const { client, told } = await shopper();
		const alert = (await client.post("/api/price-alerts", { fuelType: "regular", targetPrice: "3.20" })).data;
		expect(alert).toMatchObject({ productName: "Regular", fuelType: "regular", scope: "near", targetPrice: 3.2 });

		await reportFuel(reporter, { price: 3.219, stationZipCode: "10018" });
		await reportFuel(reporter, { price: 2.999, fuelType: "diesel", stationZipCode: "10018" });
		await reportFuel(reporter, { price: 2.899, stationZipCode: "90210" });
		expect(await told()).toEqual([]);
		const hit = await reportFuel(reporter, { price: 3.199, stationZipCode: "10018", stationName: "Hudson Gas" });
		const [told1] = await told();
		expect(told1).toMatchObject({
			kind: "fuel",
			reportId: hit.id,
			title: "Price alert: Regular",
			price: 3.199,
			storeName: "Hudson Gas",
			url: `/gas?station=${hit.stationId}`,
		});
		expect(told1?.body).toStartWith("Regular is $3.199 at Hudson Gas, 350 10th Ave (");
		expect(told1?.body).toEndWith(". Your target: $3.200.");
		const [listed] = expectBody(await client.get("/api/price-alerts"), 200);
		expect(listed?.lastHit).toMatchObject({ reportId: hit.id, price: 3.199, storeName: "Hudson Gas" });
	});

	test("the same shopper confirming the same price at the same station is no new notification", async () => {
		const { client, told } = await shopper();
		const alert = await createAlert(client, { fuelType: "premium", targetPrice: 4 });
		const at = { fuelType: "premium", stationZipCode: "10011", stationName: "Chelsea Fuel" };
		const first = await reportFuel(reporter, { price: 3.899, ...at });
		// Reported again later (within a minute the first report would simply be answered again).
		const earlier = new Date(Date.now() - 2 * 60_000);
		server.db.update(gasPriceReports).set({ createdAt: earlier }).where(eq(gasPriceReports.id, first.id)).run();
		const again = await reportFuel(reporter, { price: 3.899, ...at });
		const fuelHits = server.db.select().from(priceAlertHits).where(eq(priceAlertHits.alertId, alert.id)).all();
		expect(fuelHits.map((h) => [h.gasReportId, h.notice])).toEqual([[again.id, "sent"]]);
		expect((await told()).map((h) => h.reportId)).toEqual([again.id]);
	});

	test("at my spots: only a starred station sets it off, wherever it is", async () => {
		const { client, told } = await shopper();
		const far = await reportFuel(reporter, { price: 3.5, stationZipCode: "90210", stationName: "Canyon Fuel" });
		expect((await client.put(`/api/spots/stations/${far.stationId}`)).status).toBe(200);
		await createAlert(client, { fuelType: "regular", targetPrice: 3.3, scope: "spots" });
		await reportFuel(reporter, { price: 3.09, stationZipCode: "10001" }); // near, not starred
		expect(await told()).toEqual([]);
		const there = await reportFuel(reporter, { price: 3.29, stationZipCode: "90210", stationName: "Canyon Fuel" });
		expect((await told()).map((h) => h.reportId)).toEqual([there.id]);
	});

	test("a product report never sets off a fuel alert, nor a fuel report a product alert", async () => {
		const { client, told } = await shopper();
		await createAlert(client, { fuelType: "diesel", targetPrice: 5 });
		await createAlert(client, { productName: "diesel additive", targetPrice: 50 });
		await reportPrice(reporter, { productName: "Diesel", price: 2, categoryId: dairy });
		await reportFuel(reporter, { price: 4.099, fuelType: "premium", stationZipCode: "10001" });
		expect(await told()).toEqual([]);
	});

	test("bad fuel alerts are refused with a message naming the problem", async () => {
		const { client } = await shopper();
		const kerosene = await client.post("/api/price-alerts", { fuelType: "kerosene", targetPrice: 3 });
		expect(kerosene.status).toBe(400);
		expect(kerosene.data.message).toContain("Fuel type must be one of regular, premium, diesel, e85, electric");
		const where = await client.post("/api/price-alerts", { fuelType: "regular", targetPrice: 3, scope: "mars" });
		expect(where.status).toBe(400);
		expect(where.data.message).toContain('Where must be "near" or "spots"');
		const noTarget = await client.post("/api/price-alerts", { fuelType: "regular" });
		expect(noTarget.status).toBe(400);
		expect(noTarget.data.message).toContain("Target price is required");
	});
});
