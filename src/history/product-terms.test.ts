/**
 * A product's history says what each price it names asks (decision 0093): its best offers as search's cards
 * have them, and its lowest and highest, so no member, sale or multi-buy price reads as a regular one. The chart
 * plots a multi-buy at one's share.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { expectBody, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";

let server: TestServer;
let viewer: TestClient;
beforeAll(async () => {
	server = await startTestServer();
	viewer = (await registerUser(server)).client;
});
afterAll(() => server.stop());

/** Groceries: its usual range holds every price used here. */
const GROCERIES = 1;

/** A price by a shopper of its own at a store of its own, with its terms (regular when none are given). */
async function report(price: number, store: string, terms: Record<string, unknown> = {}) {
	const { client } = await registerUser(server);
	const res = await client.post("/api/price-reports", {
		productName: "Aged Gouda Wedge",
		price,
		categoryId: GROCERIES,
		storeName: store,
		storeAddress: "1 Main St",
		...terms,
	});
	if (res.status !== 201) throw new Error(JSON.stringify(res.data));
	return res.data.id as number;
}

describe("GET /api/products/history: price terms", () => {
	test("the best offers, the lowest and the highest say what they ask; a multi-buy is one's share", async () => {
		const regular = await report(6, "Cheese Counter");
		const member = await report(4.99, "Club Foods", { priceType: "member" });
		const bundle = await report(9, "Dairy Barn", { priceType: "multi-buy", multiBuyQuantity: 2 });
		const sale = await report(5.49, "Corner Deli", { priceType: "sale" });

		const params = new URLSearchParams({ productName: "aged gouda wedge", categoryId: String(GROCERIES) });
		const history = expectBody(await viewer.get(`/api/products/history?${params}`), 200);
		const offers = history.bestOffers.map((o) => [o.id, o.price, o.priceType, o.multiBuy]);
		expect(offers).toEqual([
			[bundle, 4.5, "multi-buy", { quantity: 2, price: 9 }],
			[member, 4.99, "member", null],
			[sale, 5.49, "sale", null],
		]);
		expect(history.summary.lowest).toMatchObject({
			price: 4.5,
			priceType: "multi-buy",
			multiBuy: { quantity: 2, price: 9 },
			storeName: "Dairy Barn",
		});
		expect(history.summary.highest).toMatchObject({ price: 6, priceType: "regular", multiBuy: null });
		// The chart stays like with like: a multi-buy at one's share.
		const charted = history.stores.flatMap((s) => s.points.map((p) => [p.reportId, p.price]));
		expect(charted).toContainEqual([bundle, 4.5]);
		expect(charted).toContainEqual([regular, 6]);
	});
});
