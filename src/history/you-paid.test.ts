import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DAY_MS } from "../lib/time.ts";
import { expectStatus, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";
import { establish } from "../test/standing.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(() => server.stop());

const GROCERIES = 1;

async function report(client: TestClient, name: string, price: number, store: string, categoryId = GROCERIES) {
	const res = await client.post("/api/price-reports", {
		productName: name,
		price,
		categoryId,
		storeName: store,
		storeAddress: "1 Main St",
		// Counted in 10001, the shoppers' zip, also for a shopper who has none.
		vacationMode: true,
		reportZipCode: "10001",
	});
	if (res.status !== 201) throw new Error(JSON.stringify(res.data));
	return res.data;
}

const lastPaid = async (client: TestClient, params: Record<string, string>) => {
	const res = await client.get(
		`/api/products/last-paid?${new URLSearchParams({ categoryId: String(GROCERIES), ...params })}`,
	);
	expectStatus(res, 200);
	return res.data.youPaid;
};

describe("GET /api/products/last-paid", () => {
	test("the shopper's own report, then a deal they took later, against the typical price near them now", async () => {
		const shopper = (await registerUser(server)).client;
		const mine = await report(shopper, "Almond Butter", 7, "Nut House");
		for (const [price, store] of [
			[8, "Pantry"],
			[9, "Deli"],
		] as const)
			await report((await registerUser(server)).client, "Almond Butter", price, store);

		// The median of $7, $8 and $9 is $8: a dollar dearer now than what they paid.
		expect(await lastPaid(shopper, { productName: "almond  BUTTER" })).toEqual({
			price: 7,
			paidAt: mine.createdAt,
			source: "report",
			storeName: "Nut House",
			typicalNow: 8,
			change: 1,
		});

		const seller = (await registerUser(server)).client;
		const deal = await report(seller, "Almond Butter", 6.5, "Corner Grocer");
		expect((await shopper.post(`/api/price-reports/${deal.id}/take-deal`)).status).toBe(200);
		const paid = await lastPaid(shopper, { productName: "Almond Butter" });
		expect(paid).toEqual({
			price: 6.5,
			paidAt: expect.any(String),
			source: "deal",
			storeName: "Corner Grocer",
			typicalNow: 7.5, // $6.50, $7, $8 and $9
			change: 1,
		});
		expect(Date.parse(paid!.paidAt)).toBeGreaterThan(Date.parse(deal.createdAt));

		// The product page says the same price, against its own typical one (here the same four prices).
		const page = await shopper.get("/api/products/history?productName=Almond%20Butter&categoryId=1");
		expectStatus(page, 200);
		const { typicalNow: _, ...last } = paid!;
		expect(page.data.youPaid).toEqual({ ...last, change: 1 });

		// A report of theirs made after the deal is the later price.
		server.sqlite
			.query("UPDATE deal_takes SET created_at = ?1 WHERE price_report_id = ?2")
			.run(Date.parse(mine.createdAt) - DAY_MS, deal.id);
		expect(await lastPaid(shopper, { productName: "Almond Butter" })).toMatchObject({ source: "report", price: 7 });
	});

	test("up is dearer: paying more than the typical price now is a change below zero", async () => {
		const shopper = (await registerUser(server)).client;
		await report(shopper, "Pistachios", 9.5, "Nut House");
		await report((await registerUser(server)).client, "Pistachios", 8, "Pantry");
		await report((await registerUser(server)).client, "Pistachios", 7.99, "Deli");
		// $7.99, $8.00 and $9.50: the typical price is $8.00, $1.50 below what they paid.
		expect(await lastPaid(shopper, { productName: "Pistachios" })).toMatchObject({
			price: 9.5,
			typicalNow: 8,
			change: -1.5,
		});
		// Around a zip where nobody reported it, nothing to compare with.
		expect(await lastPaid(shopper, { productName: "Pistachios", zipCode: "90210" })).toMatchObject({
			price: 9.5,
			typicalNow: null,
			change: null,
		});
	});

	test("another shopper's price, another category or a price judged wrong is not what they paid", async () => {
		const shopper = (await registerUser(server)).client;
		const other = (await registerUser(server)).client;
		await report(other, "Cashews", 6, "Pantry");
		expect(await lastPaid(shopper, { productName: "Cashews" })).toBeNull();

		const snacks = await report(shopper, "Cashews", 6.25, "Deli", 3);
		expect(await lastPaid(shopper, { productName: "Cashews" })).toBeNull();
		expect(await lastPaid(shopper, { productName: "Cashews", categoryId: "3" })).toMatchObject({ price: 6.25 });

		// Expired by age it still was their price; judged wrong, it was not.
		server.sqlite.query("UPDATE price_reports SET is_expired = 1, expired_reason = 'age' WHERE id = ?").run(snacks.id);
		expect(await lastPaid(shopper, { productName: "Cashews", categoryId: "3" })).toMatchObject({ price: 6.25 });
		server.sqlite.query("UPDATE price_reports SET is_discredited = 1 WHERE id = ?").run(snacks.id);
		expect(await lastPaid(shopper, { productName: "Cashews", categoryId: "3" })).toBeNull();
	});

	test("a report hidden by flags is left out; a shopper without a zip sees no typical price", async () => {
		const { client: shopper } = await registerUser(server, { zipCode: "" });
		const mine = await report(shopper, "Hazelnuts", 5, "Nut House");
		expect(await lastPaid(shopper, { productName: "Hazelnuts" })).toMatchObject({
			price: 5,
			typicalNow: null,
			change: null,
		});
		expect(await lastPaid(shopper, { productName: "Hazelnuts", zipCode: "10001" })).toMatchObject({
			typicalNow: 5,
			change: 0,
		});
		for (let i = 0; i < 3; i++) {
			// Shoppers of standing, whose flags hide a price (decision 0071).
			const { client, user } = await registerUser(server);
			establish(server, [user.id]);
			const flag = { kind: "wrong", reason: "wrong-price" };
			expect((await client.post(`/api/price-reports/${mine.id}/feedback`, flag)).status).toBe(200);
		}
		expect(await lastPaid(shopper, { productName: "Hazelnuts" })).toBeNull();
	});

	test("asks for a product name and a category", async () => {
		const { client } = await registerUser(server);
		const missing = await client.get("/api/products/last-paid?categoryId=1");
		expect(missing).toMatchObject({ status: 400, data: { message: "Product name is required" } });
		const noCategory = await client.get("/api/products/last-paid?productName=Milk");
		expect(noCategory).toMatchObject({ status: 400, data: { message: "Category is required" } });
		const unknown = await client.get("/api/products/last-paid?productName=Milk&categoryId=99999");
		expect(unknown).toMatchObject({ status: 400, data: { message: "Category not found" } });
	});
});

/** Every key path of a JSON answer whose name says "typical". */
function typicalKeys(value: unknown, path = ""): string[] {
	if (Array.isArray(value)) return value.flatMap((v, i) => typicalKeys(v, `${path}[${i}]`));
	if (value === null || typeof value !== "object") return [];
	return Object.entries(value).flatMap(([key, v]) => [
		...(/typical/i.test(key) ? [`${path}${key}`] : []),
		...typicalKeys(v, `${path}${key}.`),
	]);
}

describe("GET /api/products/history: what the shopper paid", () => {
	test("one typical price, the window's median, and what they paid is measured against it", async () => {
		const shopper = (await registerUser(server)).client;
		const mine = await report(shopper, "Walnut Halves", 4, "Nut House");
		await report((await registerUser(server)).client, "Walnut Halves", 4.4, "Pantry");
		// Two older prices, expired by age: in the history's window, no longer live.
		for (const [price, daysAgo] of [
			[5, 40],
			[5.2, 60],
		] as const) {
			const old = await report((await registerUser(server)).client, "Walnut Halves", price, "Deli");
			server.sqlite
				.query("UPDATE price_reports SET created_at = ?1, is_expired = 1, expired_reason = 'age' WHERE id = ?2")
				.run(Date.now() - daysAgo * DAY_MS, old.id);
		}
		const history = async (days: string) => {
			const res = await shopper.get(`/api/products/history?productName=Walnut%20Halves&categoryId=1&days=${days}`);
			expectStatus(res, 200);
			return res.data;
		};

		// 90 days: $4, $4.40, $5 and $5.20, typically $4.70; they reported $4, $0.70 under it.
		const season = await history("90");
		expect(typicalKeys(season)).toEqual(["summary.typical"]);
		expect(season).toMatchObject({ days: 90, summary: { reports: 4, typical: 4.7 } });
		expect(season.youPaid).toEqual({
			price: 4,
			paidAt: mine.createdAt,
			source: "report",
			storeName: "Nut House",
			change: 0.7,
		});
		// 30 days: the live two alone, typically $4.20, and the comparison follows the window.
		const month = await history("30");
		expect(month).toMatchObject({ days: 30, summary: { reports: 2, typical: 4.2 } });
		expect(month.youPaid).toMatchObject({ price: 4, change: 0.2 });
		// The report form's reminder stays against the live prices, named "now" there.
		expect(await lastPaid(shopper, { productName: "Walnut Halves" })).toMatchObject({ typicalNow: 4.2, change: 0.2 });
	});
});
