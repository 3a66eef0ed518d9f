import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { gasPriceReports, priceReports } from "../../db/schema.ts";
import { HOUR_MS } from "../lib/time.ts";
import { expectBody, expectStatus, registerUser, startTestServer, type TestServer } from "../test/harness.ts";

/**
 * A report kept on a device while offline carries the device's key: sent again with it (the first answer lost
 * on the way), however much later, it is the report first filed, never a second one. Either market.
 */
let server: TestServer;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
});
afterAll(() => server.stop());

let n = 0;
const key = () => `device-key-${++n}-${crypto.randomUUID().slice(0, 8)}`;
const backdate = (table: typeof priceReports | typeof gasPriceReports, id: number) =>
	server.db
		.update(table)
		.set({ createdAt: new Date(Date.now() - HOUR_MS) })
		.where(eq(table.id, id))
		.run();

describe("a report sent again with its device key", () => {
	test("a product price: the same key an hour later is the first report; another key is a new one", async () => {
		const { client } = await registerUser(server);
		const productName = `Oat Milk ${++n}`;
		const report = { productName, price: 4.29, categoryId: 1, storeName: "Corner Grocer", storeAddress: "9 Elm St" };
		const sendKey = key();
		const first = await client.post("/api/price-reports", { ...report, sendKey });
		expectStatus(first, 201);
		backdate(priceReports, first.data.id);
		const again = await client.post("/api/price-reports", { ...report, sendKey });
		expectStatus(again, 200);
		expect(again.data.id).toBe(first.data.id);
		const found = expectBody(await client.get(`/api/search?q=${encodeURIComponent(productName)}`), 200);
		expect(found.map((r: { id: number }) => r.id)).toEqual([first.data.id]);
		expect(expectBody(await client.get("/api/auth/user"), 200).totalReports).toBe(1);

		// Without the key, past the minute, the same price is a report of its own.
		const later = await client.post("/api/price-reports", { ...report, sendKey: key() });
		expectStatus(later, 201);
		expect(later.data.id).not.toBe(first.data.id);
	});

	test("a fuel price: the same key twice is one report; another shopper's same key is theirs", async () => {
		const { client } = await registerUser(server);
		const other = await registerUser(server);
		const report = { stationName: `Arco ${++n}`, stationAddress: "7 Pump Rd", fuelType: "regular", price: 4.159 };
		const sendKey = key();
		const first = await client.post("/api/gas/reports", { ...report, sendKey });
		expectStatus(first, 201);
		backdate(gasPriceReports, first.data.id);
		const again = await client.post("/api/gas/reports", { ...report, sendKey });
		expectStatus(again, 200);
		expect(again.data.id).toBe(first.data.id);
		expect(expectBody(await client.get("/api/auth/user"), 200).totalReports).toBe(1);
		const theirs = expectBody(await other.client.post("/api/gas/reports", { ...report, price: 4.199, sendKey }), 201);
		expect(theirs.id).not.toBe(first.data.id);
	});

	test("a malformed key is refused with its reason", async () => {
		const { client } = await registerUser(server);
		const answer = await client.post("/api/gas/reports", {
			stationName: "Mobil",
			stationAddress: "8 Pump Rd",
			fuelType: "regular",
			price: 4.1,
			sendKey: "no spaces!",
		});
		expectStatus(answer, 400);
		expect(answer.data.message).toContain("sendKey");
	});
});
