import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { gasPriceReports, priceAlertHits, priceReports } from "../../db/schema.ts";
import { createAlert } from "../alerts/testing.ts";
import { MINUTE_MS } from "../lib/time.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";

/**
 * One report per intent: the same shopper's same price of the same thing at the same place within a minute
 * (a triple-clicked Submit) is their first report, answered again; a different price, or the same one later,
 * is a report of its own. Through the writer thread, as in production.
 */
let server: TestServer;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
});
afterAll(() => server.stop());

let n = 0;
const product = (productName: string, price: number | string) => ({
	productName,
	price,
	categoryId: 1,
	storeName: "Corner Grocer",
	storeAddress: "9 Elm St",
});
const me = async (client: TestClient) => expectBody(await client.get("/api/auth/user"), 200);
const backdate = (table: typeof priceReports | typeof gasPriceReports, id: number, ms: number) =>
	server.db
		.update(table)
		.set({ createdAt: new Date(Date.now() - ms) })
		.where(eq(table.id, id))
		.run();

describe("a shopper's product price sent again within a minute", () => {
	test("three at once list one report, answer its id three times and count once", async () => {
		const name = `Almond Butter ${++n}`;
		const watcher = await registerUser(server);
		const alert = await createAlert(watcher.client, { productName: name, targetPrice: 9, categoryId: null });
		const { client } = await registerUser(server);
		// The second spelling of the price is what a form sends; the same price all the same.
		const answers = await Promise.all([
			client.post("/api/price-reports", product(name, 7.49)),
			client.post("/api/price-reports", product(name, "7.49")),
			client.post("/api/price-reports", product(name.toUpperCase(), 7.49)),
		]);
		expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
		const first = answers.find((a) => a.status === 201)!.data;
		for (const answer of answers) {
			expect(answer.data).toMatchObject({ id: first.id, price: 7.49, store: first.store, isOwnReport: true });
			expect(Object.keys(answer.data).sort()).toEqual(Object.keys(first).sort());
		}
		const found = expectBody(await client.get(`/api/search?q=${encodeURIComponent(name)}`), 200);
		expect(found.map((r: { id: number }) => r.id)).toEqual([first.id]);
		expect(await me(client)).toMatchObject({ totalReports: 1, uniqueStoresVisited: 1 });
		const [listed] = expectBody(await watcher.client.get("/api/price-alerts"), 200);
		expect(listed?.lastHit?.reportId).toBe(first.id);
		expect(server.db.select().from(priceAlertHits).where(eq(priceAlertHits.alertId, alert.id)).all()).toHaveLength(1);

		// Sent again a moment later, one at a time: still the same report.
		const again = await client.post("/api/price-reports", product(name, 7.49));
		expectStatus(again, 200);
		expect(again.data.id).toBe(first.id);
		expect((await me(client)).totalReports).toBe(1);
	});

	test("a different price within the minute, or the same price after it, is a new report", async () => {
		const name = `Tortilla Chips ${++n}`;
		const { client } = await registerUser(server);
		const first = await client.post("/api/price-reports", product(name, 3.99));
		expect(first.status).toBe(201);
		const changed = await client.post("/api/price-reports", product(name, 3.79));
		expectStatus(changed, 201);
		expect(changed.data.warning).toBe("This replaces your earlier price of $3.99 at Corner Grocer.");
		backdate(priceReports, changed.data.id, MINUTE_MS + 1_000);
		const later = await client.post("/api/price-reports", product(name, 3.79));
		expectStatus(later, 201);
		expect(later.data.id).not.toBe(changed.data.id);
		const found = expectBody(await client.get(`/api/search?q=${encodeURIComponent(name)}`), 200);
		expect(found.map((r: { id: number }) => r.id)).toEqual([later.data.id]);
		expect((await me(client)).totalReports).toBe(3);
	});
});

describe("a shopper's fuel price sent again within a minute", () => {
	test("three at once list one report, answer its id three times and count once", async () => {
		const station = { stationName: `Valero ${++n}`, stationAddress: "4 Pump Rd", fuelType: "regular" };
		const { client } = await registerUser(server, { zipCode: "55401" });
		const answers = await Promise.all([
			client.post("/api/gas/reports", { ...station, price: 3.299 }),
			client.post("/api/gas/reports", { ...station, price: "3.299" }),
			client.post("/api/gas/reports", { ...station, price: 3.299 }),
		]);
		expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
		const first = answers.find((a) => a.status === 201)!.data;
		for (const answer of answers) {
			expect(answer.data).toMatchObject({ id: first.id, price: 3.299, stationId: first.stationId });
			expect(Object.keys(answer.data).sort()).toEqual(Object.keys(first).sort());
		}
		const recent = expectBody(await client.get("/api/gas/reports/nearby"), 200);
		expect(recent.filter((r: { stationId: number }) => r.stationId === first.stationId)).toHaveLength(1);
		expect((await me(client)).totalReports).toBe(1);
	});

	test("a different price or fuel within the minute, or the same price after it, is a new report", async () => {
		const station = { stationName: `Shell ${++n}`, stationAddress: "5 Pump Rd", fuelType: "regular" };
		const { client } = await registerUser(server, { zipCode: "55401" });
		const first = await client.post("/api/gas/reports", { ...station, price: 3.399 });
		expect(first.status).toBe(201);
		expect((await client.post("/api/gas/reports", { ...station, fuelType: "premium", price: 3.399 })).status).toBe(201);
		const changed = await client.post("/api/gas/reports", { ...station, price: 3.379 });
		expectStatus(changed, 201);
		backdate(gasPriceReports, changed.data.id, MINUTE_MS + 1_000);
		const later = await client.post("/api/gas/reports", { ...station, price: 3.379 });
		expectStatus(later, 201);
		expect(later.data.id).not.toBe(changed.data.id);
		expect((await me(client)).totalReports).toBe(4);
	});
});
