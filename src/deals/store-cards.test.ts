import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { expectStatus, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";

/** One card per store and product (issue 42): a store's live reports of a product fold into the first in order. */
let server: TestServer;
let searcher: TestClient;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	searcher = (await registerUser(server, { zipCode: "05753" })).client;
});
afterAll(() => server.stop());

/** A shopper of their own in Middlebury, Vermont (one voice each), who reports prices there. */
const shopper = async () => (await registerUser(server, { zipCode: "05753" })).client;

const report = async (
	client: TestClient,
	productName: string,
	price: number,
	store: string,
	extra: Record<string, unknown> = {},
) => {
	const res = await client.post("/api/price-reports", {
		productName,
		price,
		categoryId: 3,
		storeName: store,
		storeAddress: `${store.length} Main St`,
		...extra,
	});
	// 200: the same price standing there, counted as a confirmation of it.
	if (res.status !== 201 && res.status !== 200) throw new Error(JSON.stringify(res.data));
	return res.data;
};

const search = async (params: Record<string, string>) => {
	const res = await searcher.get(`/api/search?${new URLSearchParams(params)}`);
	expectStatus(res, 200);
	return res.data;
};

describe("one card per store and product", () => {
	test("two shoppers at one store are one result: the cheaper leads and says how many reports and who agrees", async () => {
		const [ann, ben] = await Promise.all([shopper(), shopper()]);
		const dear = await report(ann, "Maple Syrup", 12.99, "Otter Creek Market");
		const cheap = await report(ben, "Maple Syrup", 11.49, "Otter Creek Market");
		const elsewhere = await report(ann, "Maple Syrup", 12.49, "Green Mountain Co-op");
		const byPrice = await search({ q: "maple syrup" });
		expect(byPrice.map((c) => [c.id, c.storeReports])).toEqual([
			[cheap.id, { reports: 2, agreeing: 1, latestAt: cheap.createdAt }],
			[elsewhere.id, null],
		]);
		// Newest first: the newest of the store's reports leads, and says the same of them.
		const byRecency = await search({ q: "maple syrup", sort: "recent" });
		expect(byRecency.map((c) => [c.id, c.storeReports?.reports ?? null])).toEqual([
			[elsewhere.id, null],
			[cheap.id, 2],
		]);
		expect(byPrice.some((c) => c.id === dear.id)).toBe(false);
	});

	test("a confirmation is a shopper's report of the same price: it counts, and agrees", async () => {
		const [ann, ben, cy] = await Promise.all([shopper(), shopper(), shopper()]);
		const first = await report(ann, "Cheddar Curds", 6.49, "Cabot Corner");
		const same = await report(ben, "Cheddar Curds", 6.49, "Cabot Corner");
		expect(same).toMatchObject({ confirmedExisting: true });
		// One report and one confirmation: two shoppers agree on it.
		const [agreed] = await search({ q: "cheddar curds" });
		expect(agreed).toMatchObject({ id: first.id, storeReports: { reports: 2, agreeing: 2 } });
		// A third says another price: three words there, two on the card's.
		await report(cy, "Cheddar Curds", 6.99, "Cabot Corner");
		expect(await search({ q: "cheddar curds" })).toMatchObject([
			{ id: first.id, price: 6.49, storeReports: { reports: 3, agreeing: 2 } },
		]);
	});

	test("a lone report has no store reports; other products and other categories at the store are cards of their own", async () => {
		const [ann, ben] = await Promise.all([shopper(), shopper()]);
		await report(ann, "Apple Cider", 4.99, "Champlain Orchards");
		await report(ben, "Apple Cider Donuts", 5.99, "Champlain Orchards");
		await report(ben, "Apple Cider", 5.49, "Champlain Orchards", { categoryId: 1 });
		const cards = await search({ q: "apple cider" });
		expect(cards.map((c) => [c.productName, c.price, c.storeReports])).toEqual([
			["Apple Cider", 4.99, null],
			["Apple Cider", 5.49, null],
			["Apple Cider Donuts", 5.99, null],
		]);
	});

	test("pages never show a store's product twice, in every sort, and together are the whole list", async () => {
		// Six stores, each with the product from three shoppers at prices that interleave across stores.
		const shoppers = await Promise.all([shopper(), shopper(), shopper()]);
		for (let store = 0; store < 6; store++) {
			for (const [i, client] of shoppers.entries()) {
				await report(client, "Honey Jar", 8 + i * 0.07 + store * 0.03, `Bee Stand ${store}`);
			}
		}
		for (const sort of ["price", "recent", "distance"]) {
			const whole = await search({ q: "honey jar", sort, limit: "50" });
			expect(whole).toHaveLength(6);
			expect(new Set(whole.map((c) => c.store.name)).size).toBe(6);
			expect(whole.every((c) => c.storeReports?.reports === 3 && c.storeReports.agreeing === 1)).toBe(true);
			const paged: number[] = [];
			for (const offset of [0, 2, 4]) {
				paged.push(...(await search({ q: "honey jar", sort, limit: "2", offset: String(offset) })).map((c) => c.id));
			}
			// Each page folds a read of the same order from its start, long enough to fill it (three reports a
			// card here): together the pages are the whole list, in its order.
			expect(paged).toEqual(whole.map((c) => c.id));
		}
	});
});
