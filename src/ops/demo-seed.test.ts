import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_PASSWORD } from "../../db/demo.ts";
import { expectBody } from "../test/harness.ts";
import { runCommand, spawnServer } from "../test/processes.ts";

// Three argon2 hashes and a server start on a busy shared machine.
setDefaultTimeout(60_000);

const dataDir = mkdtempSync(join(tmpdir(), "commoncents-demo-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("commoncents seed", () => {
	test("fills an empty database with shoppers whose reports every screen shows, and only once", async () => {
		const seeded = await runCommand(["seed"], { DATA_DIR: dataDir });
		expect(seeded.code).toBe(0);
		expect(seeded.stdout.trim()).toBe("seeded 3 demo users, 4 stores, 22 price reports, 15 fuel reports and 2 alerts");
		const again = await runCommand(["seed"], { DATA_DIR: dataDir });
		expect(again.stdout.trim()).toBe("database already has users; nothing seeded");

		const server = await spawnServer({ DATA_DIR: dataDir });
		try {
			const maria = server.client();
			expect((await maria.post("/api/auth/login", { username: "maria", password: DEMO_PASSWORD })).status).toBe(200);

			// Maria lives in Beverly Hills (90210); James in West Hollywood (90069), far off by number but 1.9 miles
			// away; Priya in Beverly Grove (90048).
			const milk = expectBody(await maria.get("/api/search?q=milk"), 200);
			expect(milk.map((r) => [r.price, r.store.name, r.distanceMiles])).toEqual([
				[3.99, "Green Valley Market", 3.1],
				[4.29, "FreshMart", 0],
				[4.79, "Corner Grocery", 1.9],
			]);
			expect(milk[0]).toMatchObject({ upvotes: 2, hasUserTakenDeal: true });
			const nearest = expectBody(await maria.get("/api/search?q=milk&sort=distance"), 200);
			expect(nearest.map((r) => r.store.name)).toEqual(["FreshMart", "Corner Grocery", "Green Valley Market"]);
			// The electronics store is in Century City (90067), in its own zip, three miles from Maria.
			const earbuds = expectBody(await maria.get("/api/search?q=earbuds"), 200);
			expect(earbuds.map((r) => [r.store.name, r.distanceMiles])).toEqual([["TechHub Electronics", 3]]);

			const me = (await maria.get("/api/auth/user")).data;
			// The milk she took saves against the typical price of the three nearby (their median, not the dearest).
			expect(me).toMatchObject({ zipCode: "90210", totalReports: 10, priceReportsMade: 7, totalMoneySaved: 0.3 });
			const stations = expectBody(await maria.get("/api/gas/nearby"), 200);
			expect(stations.map((s) => [s.name, s.distanceMiles]).sort()).toEqual([
				["Beverly Center Charging", 3.1],
				["Sunset Gas", 1.9],
				["Third Street Service", 3.1],
				["Wilshire Fuel", 0],
			]);
			expect(stations.find((s) => s.name === "Wilshire Fuel")?.regularPrice).toBe(3.459);
			expect(expectBody(await maria.get("/api/gas/reports/nearby?limit=20"), 200).length).toBe(6);
			const alerts = expectBody(await maria.get("/api/price-alerts"), 200);
			expect(alerts.map((a) => [a.productName, a.targetPrice]).sort()).toEqual([
				["Greek Yogurt", 6],
				["Ground Coffee", 7.5],
			]);
			const yogurt = alerts.find((a) => a.productName === "Greek Yogurt")!;
			// Not toMatchObject with expect.objectContaining: bun 1.4.5 then empties the nested object it matched.
			expect(yogurt.lastHit).toMatchObject({ productName: "Greek Yogurt", price: 5.49, storeName: "Corner Grocery" });

			// Not all "just now": reports spread over the past day in the order they were made.
			const ages = (items: { createdAt: string }[]) => items.map((r) => Date.now() - Date.parse(r.createdAt));
			const recent = ages(expectBody(await maria.get("/api/search?q=organic&sort=recent"), 200));
			expect(recent.length).toBe(3);
			expect(recent).toEqual([...recent].sort((a, b) => a - b));
			expect(new Set(recent).size).toBe(3);
			expect(Math.min(...recent)).toBeGreaterThan(60 * 60_000);
			expect(Math.max(...recent)).toBeLessThan(2 * 86_400_000);
			const fuel = expectBody(await maria.get("/api/gas/reports/nearby?limit=20"), 200);
			const fuelAges = ages(fuel);
			expect(Math.min(...fuelAges)).toBeGreaterThan(60_000);
			expect(new Set(fuelAges).size).toBe(6);
			const wilshire = stations.find((s) => s.name === "Wilshire Fuel")!;
			const wilshireNewest = fuel.filter((r) => r.stationName === "Wilshire Fuel").map((r) => Date.parse(r.createdAt));
			expect(Date.parse(wilshire.lastUpdated!)).toBe(Math.max(...wilshireNewest));
			// Weeks of earlier prices, each replaced by its shopper's later one, make the history pages.
			const dairy = milk[0]!;
			const milkHistory = expectBody(
				await maria.get(`/api/products/history?productName=Organic%20Whole%20Milk&categoryId=${dairy.categoryId}`),
				200,
			);
			expect(milkHistory.summary).toMatchObject({ reports: 9, stores: 3, lowest: { price: 3.99 } });
			expect(milkHistory.bestOffers.map((o: { price: number }) => o.price)).toEqual([3.99, 4.29, 4.79]);
			const trend = expectBody(await maria.get("/api/gas/trend?fuelType=regular"), 200);
			expect(trend.change).toBeLessThan(0);
			const sunset = stations.find((s) => s.name === "Sunset Gas")!;
			const sunsetHistory = expectBody(await maria.get(`/api/gas/stations/${sunset.id}/history?fuelType=regular`), 200);
			expect(sunsetHistory.fuels[0]?.points.map((p: { price: number }) => p.price)).toEqual([
				3.489, 3.459, 3.429, 3.409, 3.399,
			]);
			// A met alert was set before the report that met it, and notified at that report's time.
			expect(yogurt.lastNotified).toBe(yogurt.lastHit!.at);
			expect(Date.parse(yogurt.createdAt)).toBeLessThan(Date.parse(yogurt.lastHit!.at));
		} finally {
			server.proc.kill("SIGTERM");
			await server.proc.exited;
		}
	});
});
