import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { gasPriceReports, priceReports } from "../../db/schema.ts";
import { HOUR_MS } from "../lib/time.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";

/**
 * Issue 40, point 7: the same price of the same product at the same store (fuel: the same fuel at the same
 * station) from another shopper within a day is a confirmation of the standing report, not a second listing.
 */
let server: TestServer;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
});
afterAll(() => server.stop());

let n = 0;
const product = (productName: string, price: number, storeName = "Corner Grocer") => ({
	productName,
	price,
	categoryId: 1,
	storeName,
	storeAddress: "9 Elm St",
});
const ago = (table: typeof priceReports | typeof gasPriceReports, id: number, ms: number) =>
	server.db
		.update(table)
		.set({ createdAt: new Date(Date.now() - ms) })
		.where(eq(table.id, id))
		.run();
const me = async (client: TestClient) => (await client.get("/api/auth/user")).data;

describe("a product price already standing at the store", () => {
	test("is confirmed, answered 200 with the standing report and a message; nothing is listed twice", async () => {
		const name = `Rice Cakes ${++n}`;
		const first = await registerUser(server);
		const standing = await first.client.post("/api/price-reports", product(name, 2.99));
		expectStatus(standing, 201);
		ago(priceReports, standing.data.id, 2 * HOUR_MS + 60_000);

		const second = await registerUser(server);
		const res = await second.client.post("/api/price-reports", product(name, "2.99" as unknown as number));
		expectStatus(res, 200);
		expect(res.data).toMatchObject({
			id: standing.data.id,
			confirmedExisting: true,
			message: "Someone reported this price here 2 hr ago; we counted yours as a confirmation.",
			isOwnReport: false,
			user: { firstName: "Sam" },
			feedback: { confirm: 1, mine: { kind: "confirm", reason: null } },
		});
		expect(Date.parse(res.data.seenAt)).toBeGreaterThan(Date.now() - 60_000);
		const found = expectBody(await second.client.get(`/api/search?q=${encodeURIComponent(name)}`), 200);
		expect(found.map((r: { id: number }) => r.id)).toEqual([standing.data.id]);
		// A confirmation is not a report: the reporter's counts stay as they were.
		expect(await me(second.client)).toMatchObject({ totalReports: 0, uniqueStoresVisited: 0 });

		// A third shopper, the same price: the latest sighting was the confirmation just now.
		const third = await registerUser(server);
		const again = await third.client.post("/api/price-reports", product(name, 2.99));
		expectStatus(again, 200);
		expect(again.data.message).toMatch(/^Someone confirmed this price here (just now|1 min ago);/);
		expect(again.data.feedback.confirm).toBe(2);
	});

	test("another price, another store, one's own price, or a sighting over a day old are reports of their own", async () => {
		const name = `Oat Bars ${++n}`;
		const first = await registerUser(server);
		const standing = expectBody(await first.client.post("/api/price-reports", product(name, 4.5)), 201);
		const other = await registerUser(server);
		expect((await other.client.post("/api/price-reports", product(name, 4.59))).status).toBe(201);
		expect((await other.client.post("/api/price-reports", product(name, 4.5, "Other Grocer"))).status).toBe(201);
		// Past the minute in which the same price again is the same report (repeats.ts).
		ago(priceReports, standing.id, 2 * 60_000);
		expect((await first.client.post("/api/price-reports", product(name, 4.5))).status).toBe(201);
		const later = await registerUser(server);
		const mine = expectBody(await first.client.get(`/api/search?q=${encodeURIComponent(name)}&sort=recent`), 200)[0]!;
		ago(priceReports, mine.id, 25 * HOUR_MS);
		expect((await later.client.post("/api/price-reports", product(name, 4.5))).status).toBe(201);
		expect(standing.id).not.toBe(mine.id);
	});

	test("it replaces the confirmer's own earlier price there, and says so", async () => {
		const name = `Tahini ${++n}`;
		const first = await registerUser(server);
		const standing = expectBody(await first.client.post("/api/price-reports", product(name, 6.49)), 201);
		const second = await registerUser(server);
		const earlier = expectBody(await second.client.post("/api/price-reports", product(name, 6.99)), 201);
		const res = await second.client.post("/api/price-reports", product(name, 6.49));
		expectStatus(res, 200);
		expect(res.data.warning).toBe("This replaces your earlier price of $6.99 at Corner Grocer.");
		const found = expectBody(await second.client.get(`/api/search?q=${encodeURIComponent(name)}`), 200);
		expect(found.map((r: { id: number }) => r.id)).toEqual([standing.id]);
		expect(server.db.select().from(priceReports).where(eq(priceReports.id, earlier.id)).get()?.isExpired).toBe(true);
	});
});

describe("a fuel price already standing at the station", () => {
	test("is confirmed the same way; another fuel or price is a report", async () => {
		const station = { stationName: `Exxon ${++n}`, stationAddress: "1 Pump Rd", fuelType: "regular" };
		const first = await registerUser(server, { zipCode: "55401" });
		const standing = expectBody(await first.client.post("/api/gas/reports", { ...station, price: 3.199 }), 201);
		ago(gasPriceReports, standing.id, 30 * 60_000);
		const second = await registerUser(server, { zipCode: "55401" });
		const res = await second.client.post("/api/gas/reports", { ...station, price: "3.199" });
		expect(res.status).toBe(200);
		expect(res.data).toMatchObject({
			id: standing.id,
			confirmedExisting: true,
			message: "Someone reported this price here 30 min ago; we counted yours as a confirmation.",
			feedback: { confirm: 1, mine: { kind: "confirm", reason: null } },
		});
		expect(await me(second.client)).toMatchObject({ totalReports: 0 });
		const recent = expectBody(await second.client.get("/api/gas/reports/nearby"), 200);
		expect(recent.map((r: { id: number }) => r.id)).toEqual([standing.id]);
		expect((await second.client.post("/api/gas/reports", { ...station, price: 3.219 })).status).toBe(201);
		expect(
			(await second.client.post("/api/gas/reports", { ...station, fuelType: "premium", price: 3.199 })).status,
		).toBe(201);
	});
});
