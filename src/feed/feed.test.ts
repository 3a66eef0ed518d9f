import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DAY_MS } from "../lib/time.ts";
import { neighbourhood } from "../lib/zip.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";
import { establish } from "../test/standing.ts";

let server: TestServer;
/** A shopper of the seeded neighbourhood (10001) with an alert. */
let shopper: TestClient;
let groceries: number;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	shopper = (await registerUser(server)).client;
	const categories = expectBody(await shopper.get("/api/categories"), 200);
	groceries = categories.find((c) => c.name === "Groceries")!.id;
});
afterAll(() => server.stop());

/**
 * A price by a shopper of its own at a store of its own (nobody's later price replaces an earlier one); `terms`,
 * what it asks of the shopper (regular when not given).
 */
async function report(productName: string, price: number, zip?: string, terms: Record<string, unknown> = {}) {
	const { client } = await registerUser(server);
	const res = await client.post("/api/price-reports", {
		productName,
		price,
		categoryId: groceries,
		storeName: `${productName} shop ${crypto.randomUUID().slice(0, 6)}`,
		storeAddress: "1 Main St",
		...(zip ? { vacationMode: true, reportZipCode: zip } : {}),
		...terms,
	});
	if (res.status !== 201) throw new Error(JSON.stringify(res.data));
	return res.data.id;
}

/** Moves a live report back in time. */
function backdate(id: number, daysAgo: number) {
	const at = Date.now() - daysAgo * DAY_MS;
	server.sqlite.query("UPDATE price_reports SET created_at = ?1, updated_at = ?1 WHERE id = ?2").run(at, id);
}

type Item = { reportId: number; productName: string; dropPercent: number | null; goodDeal: boolean };
const names = (items: Item[]) => items.map((i) => i.productName);

describe("GET /api/feed", () => {
	const ids = { drop: 0, bread: 0, coffee: 0, latest: 0 };
	beforeAll(async () => {
		// Five days of oat milk at $4.00, then $3.00 today: 25% below the typical $4.00.
		for (const days of [2, 3, 4, 5, 6]) backdate(await report("Feed Oat Milk", 4), days);
		ids.drop = await report("Feed Oat Milk", 3);
		// A week of bread between $2.40 and $2.80, the $2.40 from a week ago: $2.45 now is within 5% of the low.
		for (const [days, price] of [
			[7, 2.4],
			[6, 2.8],
			[5, 2.7],
			[4, 2.75],
		] as const)
			backdate(await report("Feed Sourdough", price), days);
		ids.bread = await report("Feed Sourdough", 2.45);
		backdate(ids.bread, 1.5);
		const alert = await shopper.post("/api/price-alerts", { productName: "feed coffee", targetPrice: 10 });
		expect(alert.status).toBe(201);
		ids.coffee = await report("Feed Coffee Beans", 8.99);
		ids.latest = await report("Feed Bananas", 0.59);
	});

	test("a neighbourhood's drops, good deals, newest and the shopper's alert hits", async () => {
		// 25% below is unusual until someone confirms it: the feed puts no such price forward.
		expect(expectBody(await shopper.get("/api/feed"), 200).drops).toEqual([]);
		// A confirmation of a shopper of standing: a new account's would not lift the hold.
		const { client: confirmer, user } = await registerUser(server);
		establish(server, [user.id]);
		expect((await confirmer.post(`/api/price-reports/${ids.drop}/feedback`, { kind: "confirm" })).status).toBe(200);
		const res = await shopper.get("/api/feed");
		expectStatus(res, 200);
		const feed = res.data;
		expect(feed).toMatchObject({ zipCode: "10001", quiet: false, nearest: null });
		expect(feed.drops).toEqual([
			{
				reportId: ids.drop,
				productName: "Feed Oat Milk",
				barcode: null,
				categoryId: groceries,
				price: 3,
				priceType: "regular",
				saleEnds: null,
				multiBuy: null,
				store: { id: expect.any(Number), name: expect.stringContaining("Feed Oat Milk shop") },
				distanceMiles: 0,
				createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
				typicalPrice: 4,
				dropPercent: 25,
				goodDeal: true,
			},
		]);
		// Newest first, one per product (its newest report).
		expect(names(feed.newest)).toEqual(["Feed Bananas", "Feed Coffee Beans", "Feed Sourdough", "Feed Oat Milk"]);
		expect(feed.newest[3]?.reportId).toBe(ids.drop);
		// Bread: no drop (not today) but a good deal; the oat milk at $3.00 is both.
		expect(feed.goodDeals.map((i: Item) => [i.reportId, i.goodDeal])).toEqual([
			[ids.bread, true],
			[ids.drop, true],
		]);
		expect(feed.goodDeals[0]).toMatchObject({ typicalPrice: 2.7, dropPercent: 9 });
		expect(feed.alertHits).toEqual([
			expect.objectContaining({ reportId: ids.coffee, productName: "Feed Coffee Beans", price: 8.99 }),
		]);
		// Only the one who set the alert sees its hit.
		const neighbour = (await registerUser(server)).client;
		expect(expectBody(await neighbour.get("/api/feed"), 200).alertHits).toEqual([]);
	});

	test("a price taken back leaves the feed and its alert hits", async () => {
		const gone = await report("Feed Coffee Beans", 7.5);
		expect(names(expectBody(await shopper.get("/api/feed"), 200).alertHits)).toEqual(["Feed Coffee Beans"]);
		server.sqlite.query("UPDATE price_reports SET is_active = 0 WHERE id = ?1").run(gone);
		const feed = expectBody(await shopper.get("/api/feed"), 200);
		expect(feed.newest.map((i: Item) => i.reportId)).not.toContain(gone);
		expect(feed.alertHits.map((i: Item) => i.reportId)).toEqual([ids.coffee]);
	});

	test("a member price and a multi-buy say so: neither is shown as a regular price", async () => {
		const member = await report("Feed Club Cheddar", 4.99, undefined, { priceType: "member" });
		const bundle = await report("Feed Yogurt Cups", 5, undefined, { priceType: "multi-buy", multiBuyQuantity: 2 });
		const newest = expectBody(await shopper.get("/api/feed"), 200).newest as Item[];
		expect(newest.find((i) => i.reportId === member)).toMatchObject({
			price: 4.99,
			priceType: "member",
			saleEnds: null,
			multiBuy: null,
		});
		// One's share of "2 for $5.00", beside its bundle.
		expect(newest.find((i) => i.reportId === bundle)).toMatchObject({
			price: 2.5,
			priceType: "multi-buy",
			multiBuy: { quantity: 2, price: 5 },
		});
	});

	test("an empty town is quiet, says how far the nearest reports are, and widens to them", async () => {
		const town = "59001";
		const { client } = await registerUser(server, { zipCode: town });
		const empty = (await client.get("/api/feed")).data;
		expect(empty).toEqual({
			zipCode: town,
			drops: [],
			newest: [],
			goodDeals: [],
			alertHits: [],
			quiet: true,
			nearest: null,
			nearestStations: null,
		});
		// A report beyond the town's 20 nearest areas.
		const far = neighbourhood(town, 40)[30]!;
		const farId = await report("Feed Huckleberry Jam", 6.5, far.token.slice(1));
		const quiet = expectBody(await client.get("/api/feed"), 200);
		expect(quiet.quiet).toBe(true);
		expect(quiet.nearest?.miles).toBeCloseTo(far.miles, 0);
		expect(quiet.nearest?.areas).toBeGreaterThan(20);
		const wide = expectBody(await client.get(`/api/feed?areas=${quiet.nearest!.areas}`), 200);
		expect(wide).toMatchObject({ quiet: false, nearest: null });
		expect(wide.newest).toEqual([
			expect.objectContaining({ reportId: farId, distanceMiles: Math.round(far.miles * 10) / 10 }),
		]);
		// Another zip's feed, asked by a shopper who lives elsewhere.
		const elsewhere = (await registerUser(server)).client;
		expect((await elsewhere.get(`/api/feed?zipCode=${town}`)).data).toMatchObject({ zipCode: town, quiet: true });
	});

	test.each([
		["areas=abc", "areas must be a whole number"],
		["areas=5", "areas must be at least 20"],
		["areas=501", "areas must be at most 500"],
		["areas=20&areas=30", "areas must be given once"],
		["zipCode=%3Cscript%3E", "Zip code"],
	])("?%s is refused: %s", async (query, message) => {
		const res = await shopper.get(`/api/feed?${query}`);
		expect(res.status).toBe(400);
		expect(res.data.message).toContain(message);
	});

	test("without a zip code it asks for one; a guest must sign in", async () => {
		const { client } = await registerUser(server, { zipCode: null });
		const res = await client.get("/api/feed");
		expect(res.status).toBe(400);
		expect(res.data.message).toBe("Set your zip code to see deals near you.");
		expect((await server.client().get("/api/feed")).status).toBe(401);
	});
});
