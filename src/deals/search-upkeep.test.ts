import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { searchIndexSegments } from "../data/price-search.ts";
import { expectBody, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";
import { keepSearchIndexMerged, SEGMENTS_BEFORE_MERGE } from "./search-upkeep.ts";

let server: TestServer;
let shopper: TestClient;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	shopper = (await registerUser(server)).client;
});
afterAll(() => server.stop());

/** The ids and prices of the first page of "chamomile" in an order, as the shopper sees it. */
const page = async (sort: string) =>
	expectBody(await shopper.get(`/api/search?${new URLSearchParams({ q: "chamomile", sort, limit: "30" })}`), 200).map(
		(r) => [r.id, r.price],
	);

describe("the search index kept in one piece", () => {
	test("writes one at a time split it; merged back, every order finds the same pages", async () => {
		const made = await shopper.post("/api/price-reports", {
			productName: "Chamomile Tea",
			price: 3.5,
			categoryId: 3,
			storeName: "Tea House",
			storeAddress: "1 Leaf St",
		});
		const { id } = expectBody(made, 201);
		// Each its own transaction, as shoppers' reports are: a product of its own (one card each), its own price.
		const copy = server.sqlite.query(`INSERT INTO price_reports
			(user_id, store_id, product_name, normalized_name, price_cents, category_id, zip_code, loc_token, search_text,
			 tags, availability, verification_confidence, created_at, updated_at)
			SELECT user_id, store_id, product_name || ' ' || ?2, normalized_name || ' ' || ?2, 200 + (?2 * 7919) % 500,
			 category_id, zip_code, loc_token, search_text, tags, availability, verification_confidence, created_at + ?2, updated_at + ?2
			FROM price_reports WHERE id = ?1`);
		for (let i = 1; i <= 2_500; i++) copy.run(id, i);
		expect(searchIndexSegments(server.db)).toBeGreaterThan(SEGMENTS_BEFORE_MERGE);
		const before = { price: await page("price"), recent: await page("recent"), distance: await page("distance") };
		expect(before.price).toHaveLength(30);

		expect(await keepSearchIndexMerged(server.db)).toBeGreaterThan(0);
		expect(searchIndexSegments(server.db)).toBe(1);
		expect({ price: await page("price"), recent: await page("recent"), distance: await page("distance") }).toEqual(
			before,
		);
		// One piece already: nothing to do.
		expect(await keepSearchIndexMerged(server.db)).toBe(0);
	});
});
