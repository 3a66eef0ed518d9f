import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { gasPriceReports, gasStations, priceReports } from "../../db/schema.ts";
import { EXPIRE_CATEGORY_SQL, EXPIRE_FUEL_SQL } from "../data/reports.ts";
import { expectStatus, registerUser, startTestServer, type TestServer } from "../test/harness.ts";
import { expireByAge } from "./expiry.ts";
import { FUEL, PRODUCTS } from "./markets.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
});
afterAll(() => server.stop());

const DAY = 86_400_000;

describe("stale reports expire by age", () => {
	test("groceries after 30 days, restaurants after 14, electronics after 60; then search no longer finds them", async () => {
		const { client } = await registerUser(server);
		const make = async (productName: string, categoryId: number, ageDays: number) => {
			const res = await client.post("/api/price-reports", {
				productName,
				price: "9.99",
				categoryId,
				storeName: "S",
				storeAddress: "A",
			});
			expectStatus(res, 201);
			const old = new Date(Date.now() - ageDays * DAY);
			server.db.update(priceReports).set({ createdAt: old }).where(eq(priceReports.id, res.data.id)).run();
			return res.data.id;
		};
		// Half a day either side of the limits.
		const bread = await make("Stale Bread", 5, 30.5);
		const freshBread = await make("Fresh Bread", 5, 29.5);
		const pizza = await make("Pizza Special", 10, 14.5);
		const tv = await make("TV Deal", 9, 59.5);
		const oldTv = await make("Old TV Deal", 9, 60.5);

		expect(await expireByAge(server.db, PRODUCTS)).toBe(3);
		const state = (id: number) => server.db.select().from(priceReports).where(eq(priceReports.id, id)).get();
		expect(state(bread)).toMatchObject({ isExpired: true, expiredReason: "Older than 30 days" });
		expect(state(pizza)).toMatchObject({ isExpired: true, expiredReason: "Older than 14 days" });
		expect(state(freshBread)?.isExpired).toBe(false);
		expect(state(tv)?.isExpired).toBe(false);
		expect(state(oldTv)).toMatchObject({ isExpired: true, expiredReason: "Older than 60 days" });

		const found = await client.get("/api/search?q=bread");
		expectStatus(found, 200);
		expect(found.data.map((r: { productName: string }) => r.productName)).toEqual(["Fresh Bread"]);
		expect(await expireByAge(server.db, PRODUCTS)).toBe(0);
	});
});

describe("stale fuel reports", () => {
	test("expire after 7 days", async () => {
		const { user } = await registerUser(server);
		const station = server.db
			.insert(gasStations)
			.values({ name: "Fuel Stop", address: "2 Route 1", zipCode: "10001", lookupKey: "fuel stop|2 route 1" })
			.returning()
			.get();
		const add = (ageDays: number) =>
			server.db
				.insert(gasPriceReports)
				.values({
					userId: user.id,
					stationId: station.id,
					fuelType: "regular",
					priceMills: 3459,
					createdAt: new Date(Date.now() - ageDays * DAY),
				})
				.returning()
				.get().id;
		const old = add(8);
		const recent = add(6);
		expect(await expireByAge(server.db, FUEL)).toBe(1);
		const state = (id: number) => server.db.select().from(gasPriceReports).where(eq(gasPriceReports.id, id)).get();
		expect(state(old)).toMatchObject({ isExpired: true, expiredReason: "Older than 7 days" });
		expect(state(recent)?.isExpired).toBe(false);
	});
});

describe("the sweeps run often, so they read only what they expire", () => {
	test("one index range each: unexpired and past the age, not every old report", () => {
		const plan = (sql: string) =>
			(
				server.sqlite.query(`EXPLAIN QUERY PLAN ${sql}`).all({ $now: 0, $days: 0, $category: 0, $cutoff: 0 }) as {
					detail: string;
				}[]
			)
				.map((row) => row.detail)
				.join("; ");
		expect(plan(EXPIRE_CATEGORY_SQL)).toContain(
			"price_reports_category_age_idx (category_id=? AND is_expired=? AND created_at<?)",
		);
		expect(plan(EXPIRE_FUEL_SQL)).toContain("gas_reports_age_idx (is_expired=? AND created_at<?)");
	});

	test("a sweep with nothing to expire takes no write lock (it never waits behind the report writer)", async () => {
		await expireByAge(server.db, PRODUCTS);
		await expireByAge(server.db, FUEL);
		const writer = new Database(server.config.dbPath);
		writer.exec("PRAGMA busy_timeout = 0; BEGIN IMMEDIATE");
		try {
			const started = performance.now();
			expect(await expireByAge(server.db, PRODUCTS)).toBe(0);
			expect(await expireByAge(server.db, FUEL)).toBe(0);
			expect(performance.now() - started).toBeLessThan(1_000); // the busy timeout is 5 s
		} finally {
			writer.exec("ROLLBACK");
			writer.close();
		}
	});
});
