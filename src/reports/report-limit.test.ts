import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { expectBody, expectStatus, registerUser, startTestServer, type TestServer } from "../test/harness.ts";

let server: TestServer;
let dairyId: number;
beforeAll(async () => {
	server = await startTestServer({ REPORTS_PER_HOUR: "3" });
	const { client } = await registerUser(server);
	const categories = expectBody(await client.get("/api/categories"), 200);
	dairyId = categories.find((c) => c.name === "Dairy")!.id;
});
afterAll(() => server.stop());

const price = (productName: string) => ({
	productName,
	price: 3.49,
	categoryId: dairyId,
	storeName: "FreshMart",
	storeAddress: "120 W 23rd St",
});
const fuel = { stationName: "Corner Gas", stationAddress: "1 Main St", price: 3.299, fuelType: "regular" };

describe("reports per shopper per hour (REPORTS_PER_HOUR)", () => {
	test("past the limit a shopper is told to wait, price and fuel reports alike, and nothing is stored", async () => {
		const { client } = await registerUser(server, { zipCode: "10001" });
		// A report the schema refuses does not count.
		expect((await client.post("/api/price-reports", { ...price("Oat Milk"), price: "abc" })).status).toBe(400);
		expect((await client.post("/api/price-reports", price("Oat Milk"))).status).toBe(201);
		expect((await client.post("/api/gas/reports", fuel)).status).toBe(201);
		expect((await client.post("/api/price-reports", price("Soy Milk"))).status).toBe(201);

		const refused = await client.post("/api/price-reports", price("Rice Milk"));
		expect(refused.status).toBe(429);
		expect(refused.data.message).toBe(
			"You have made 3 reports in the last hour, the most one shopper can. Try again in 60 minute(s).",
		);
		expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
		const fuelRefused = await client.post("/api/gas/reports", { ...fuel, price: 3.199 });
		expect(fuelRefused.status).toBe(429);

		const found = await client.get("/api/search?q=rice+milk");
		expectStatus(found, 200);
		expect(found.data).toEqual([]);
		const me = await client.get("/api/auth/user");
		expect(me.data).toMatchObject({ totalReports: 3, priceReportsMade: 2 }); // the two prices and the fuel before the limit
	});

	test("each shopper has a count of their own", async () => {
		const first = await registerUser(server, { zipCode: "10001" });
		const second = await registerUser(server, { zipCode: "10001" });
		for (const name of ["Brie", "Feta", "Gouda"])
			expect((await first.client.post("/api/price-reports", price(name))).status).toBe(201);
		expect((await first.client.post("/api/price-reports", price("Edam"))).status).toBe(429);
		expect((await second.client.post("/api/price-reports", price("Edam"))).status).toBe(201);
	});
});
