import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { priceReports } from "../../db/schema.ts";
import { neighbourhood } from "../lib/zip.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";

let server: TestServer;
let reporter: TestClient;
let searcher: TestClient;
const ids: Record<string, number> = {};

const report = async (client: TestClient, name: string, price: number, extra: Record<string, unknown> = {}) => {
	const res = await client.post("/api/price-reports", {
		productName: name,
		price,
		categoryId: 3,
		storeName: `Store ${name}`,
		storeAddress: "1 Main St",
		...extra,
	});
	if (res.status !== 201) throw new Error(JSON.stringify(res.data));
	return res.data.id;
};
const search = (client: TestClient, params: Record<string, string>) =>
	client.get(`/api/search?${new URLSearchParams(params)}`);
const names = (res: Awaited<ReturnType<typeof search>>) => expectBody(res, 200).map((r) => r.productName);

beforeAll(async () => {
	server = await startTestServer();
	// Beverly Hills; West Hollywood is 1.9 miles away and 141 ZIP numbers off, Bell 16.6 miles and 9 numbers off.
	reporter = (await registerUser(server, { zipCode: "90210" })).client;
	searcher = (await registerUser(server, { zipCode: "90210" })).client;
	ids.organic = await report(reporter, "Organic Whole Milk", 4.29, {
		tags: ["organic", "milk"],
		description: "Half gallon",
	});
	ids.plain = await report(reporter, "Whole Milk", 3.19);
	ids.weho = await report(reporter, "Milk WeHo", 2.99, { vacationMode: true, reportZipCode: "90069" });
	ids.bell = await report(reporter, "Milk Bell", 1.99, { vacationMode: true, reportZipCode: "90201" });
	ids.yogurt = await report(reporter, "Greek Yogurt", 5.49, { description: "Great with organic honey" });
	ids.london = await report(reporter, "Milk London", 1.5, { vacationMode: true, reportZipCode: "SW1A 1AA" });
});
afterAll(() => server.stop());

describe("GET /api/search", () => {
	test("prefix words match product names: 'org mil' finds Organic Whole Milk", async () => {
		const res = await search(searcher, { q: "org mil" });
		expectStatus(res, 200);
		expect(names(res)).toEqual(["Organic Whole Milk"]);
		expect(res.data[0]).toMatchObject({
			price: 4.29,
			hasUserUpvoted: false,
			hasUserTakenDeal: false,
			store: { name: "Store Organic Whole Milk", address: "1 Main St" },
			user: { firstName: "Sam", lastName: "S" },
		});
	});

	test("matches tags, category and description too", async () => {
		expect(names(await search(searcher, { q: "dairy yog" }))).toEqual(["Greek Yogurt"]);
		expect(names(await search(searcher, { q: "honey" }))).toEqual(["Greek Yogurt"]);
		expect(names(await search(searcher, { q: "organic" })).sort()).toEqual(["Greek Yogurt", "Organic Whole Milk"]);
	});

	test("near is on the map: a ZIP two miles away is found, one nine numbers away but far is not", async () => {
		expect(names(await search(searcher, { q: "milk" }))).toEqual(["Milk WeHo", "Whole Milk", "Organic Whole Milk"]);
	});

	test("zipCode overrides the user's zip; a postal code that is not a US ZIP matches only itself", async () => {
		expect(names(await search(searcher, { q: "milk", zipCode: "90201" }))).toEqual(["Milk Bell"]);
		expect(names(await search(searcher, { q: "milk", zipCode: "sw1a 1aa" }))).toEqual(["Milk London"]);
	});

	test("sort by distance, nearest first with its miles, and by recently updated", async () => {
		const nearest = await search(searcher, { q: "milk", sort: "distance" });
		expectStatus(nearest, 200);
		expect(nearest.data.map((r) => [r.productName, r.distanceMiles])).toEqual([
			["Whole Milk", 0],
			["Organic Whole Milk", 0],
			["Milk WeHo", 1.9],
		]);
		const recent = await search(searcher, { q: "milk", sort: "recent" });
		expectStatus(recent, 200);
		expect(names(recent)).toEqual(["Milk WeHo", "Whole Milk", "Organic Whole Milk"]);
		expect(recent.data[0]?.distanceMiles).toBe(1.9);
	});

	test("pages with limit and offset, and caps the limit", async () => {
		expect(names(await search(searcher, { q: "milk", limit: "2" }))).toEqual(["Milk WeHo", "Whole Milk"]);
		expect(names(await search(searcher, { q: "milk", limit: "2", offset: "2" }))).toEqual(["Organic Whole Milk"]);
		const tooMany = await search(searcher, { q: "milk", limit: "1000" });
		expect(tooMany.status).toBe(400);
		expect(tooMany.data.message).toBe("limit must be at most 100");
		expect(expectBody(await search(searcher, { q: "milk", sort: "cheapest" }), 400).message).toBe(
			"Sort must be one of price, distance, recent",
		);
	});

	test("hostile FTS syntax is just text", async () => {
		for (const q of [
			'"',
			"milk OR 1=1",
			"NEAR(milk",
			"*",
			'milk"; DROP TABLE price_reports; --',
			"body:milk",
			"-milk",
			"^milk",
		]) {
			const res = await search(searcher, { q });
			expect(res.status).toBe(200);
			expect(Array.isArray(res.data)).toBe(true);
		}
		expect(names(await search(searcher, { q: "milk OR yogurt" }))).toEqual([]);
	});

	test("expired and inactive reports never appear", async () => {
		server.db.update(priceReports).set({ isExpired: true }).where(eq(priceReports.id, ids.plain!)).run();
		server.db.update(priceReports).set({ isActive: false }).where(eq(priceReports.id, ids.organic!)).run();
		expect(names(await search(searcher, { q: "milk" }))).toEqual(["Milk WeHo"]);
		server.db.update(priceReports).set({ isExpired: false }).where(eq(priceReports.id, ids.plain!)).run();
		server.db.update(priceReports).set({ isActive: true }).where(eq(priceReports.id, ids.organic!)).run();
		expect(names(await search(searcher, { q: "milk" }))).toHaveLength(3);
	});

	test("a blank query, or no zip anywhere, is a 400 that says what to do", async () => {
		expect(expectBody(await search(searcher, { q: "  " }), 400).message).toBe(
			"Enter something to search for, or choose a category",
		);
		const { client } = await registerUser(server, { zipCode: null });
		const res = await search(client, { q: "milk" });
		expect(res.status).toBe(400);
		expect(res.data.message).toBe("Set your zip code to search for deals near you.");
		expect((await server.client().get("/api/search?q=milk")).status).toBe(401);
	});
});

describe("GET /api/search: the index of words by place (db/schema/reports.ts)", () => {
	let s: TestServer;
	let shopper: TestClient;
	let userId: string;
	let storeId: number;
	const at = async (name: string, price: number, zip: string, extra: Record<string, unknown> = {}) => {
		const res = await shopper.post("/api/price-reports", {
			productName: name,
			price,
			categoryId: 3,
			storeName: "Cell Store",
			storeAddress: "5 Edge Rd",
			vacationMode: true,
			reportZipCode: zip,
			...extra,
		});
		if (res.status !== 201) throw new Error(JSON.stringify(res.data));
		return res.data.id;
	};
	const find = async (params: Record<string, string>) =>
		names(await shopper.get(`/api/search?${new URLSearchParams(params)}`));

	beforeAll(async () => {
		s = await startTestServer({ OLLAMA_HOST: "off" });
		const registered = await registerUser(s, { zipCode: "90210" });
		shopper = registered.client;
		userId = registered.user.id;
		await at("Seed Item", 1, "90210");
		storeId = (s.sqlite.query("SELECT id FROM stores").get() as { id: number }).id;
	});
	afterAll(() => s.stop());

	test("words joined by punctuation, line breaks and typographic marks are each found", async () => {
		await at("Ben&Jerry’s Ice-Cream (1 pt.)", 5.99, "90210", { description: "Buy one,get one\nfree—today…only" });
		for (const q of ["jerry", "ice cream", "pt", "get", "free", "today", "only", "ben jerr"]) {
			expect(await find({ q })).toEqual(["Ben&Jerry’s Ice-Cream (1 pt.)"]);
		}
	});

	test("accents fold both ways, and a word of other letters is still a prefix", async () => {
		await at("Crème Brûlée", 4.5, "90210");
		for (const q of ["creme", "CRÈME", "brûl", "brul", "crè brû"]) expect(await find({ q })).toEqual(["Crème Brûlée"]);
	});

	test("a prefix of very many words is still every one of them, and an unknown word finds nothing", async () => {
		// Within Dairy's usual range, so the quality check takes every one unasked.
		for (let i = 1; i <= 20; i++) await at(`Qx${i} Gadget`, i, "90210");
		expect(await find({ q: "qx", limit: "100" })).toHaveLength(20);
		expect(await find({ q: "qx1", limit: "100" })).toHaveLength(11);
		expect(await find({ q: "qx gadg", limit: "5" })).toEqual([
			"Qx1 Gadget",
			"Qx2 Gadget",
			"Qx3 Gadget",
			"Qx4 Gadget",
			"Qx5 Gadget",
		]);
		expect(await find({ q: "qxz" })).toEqual([]);
	});

	test("a place is its whole ZIP: Acton does not see Bishop, four numbers and two hundred miles away", async () => {
		await at("Acton Tea", 2, "93510");
		await at("Bishop Tea", 2, "93514");
		await at("Box Tea", 2, "10008"); // a PO box: a place of its own, nobody's neighbour
		expect(await find({ q: "tea", zipCode: "93510" })).toEqual(["Acton Tea"]);
		expect(await find({ q: "tea", zipCode: "93514-0001" })).toEqual(["Bishop Tea"]);
		expect(await find({ q: "tea", zipCode: "10008" })).toEqual(["Box Tea"]);
		expect(await find({ q: "tea", zipCode: "10004" })).toEqual([]);
	});

	test("equal prices list the newest first; the index follows price, text and liveness changes", async () => {
		const a = await at("Tie Soap", 3, "90210");
		// At another store: a second price at the same store would replace the first.
		const b = await at("Tie Soap", 3, "90210", { storeName: "Edge Kiosk" });
		const res = await shopper.get("/api/search?q=tie");
		expectStatus(res, 200);
		expect(res.data.map((r: { id: number }) => r.id)).toEqual([b, a]);
		s.sqlite.query("UPDATE price_reports SET price_cents = 299 WHERE id = ?").run(b);
		s.sqlite.query("UPDATE price_reports SET search_text = 'tie soap bar' WHERE id = ?").run(a);
		expect(
			expectBody(await shopper.get("/api/search?q=tie"), 200).map((r: { id: number; price: number }) => [
				r.id,
				r.price,
			]),
		).toEqual([
			[b, 2.99],
			[a, 3],
		]);
		expect(await find({ q: "bar" })).toEqual(["Tie Soap"]);
		s.sqlite.query("UPDATE price_reports SET is_expired = 1 WHERE id = ?").run(b);
		expect(await find({ q: "tie" })).toEqual(["Tie Soap"]);
		s.sqlite.query("DELETE FROM price_reports WHERE id = ?").run(a);
		expect(await find({ q: "tie" })).toEqual([]);
		s.sqlite.query("UPDATE price_reports SET is_expired = 0 WHERE id = ?").run(b);
		expect(await find({ q: "tie" })).toEqual(["Tie Soap"]);
	});

	test("distance over many places orders by miles, then price, then newest; other places never show", async () => {
		// 450 reports over the 21 places near Beverly Hills and a few beyond, written straight to the table (the
		// triggers index them), each a product of its own: one store's reports of a product are one card.
		const near = neighbourhood("90210");
		const places = [...near.map((p) => p.token.slice(1)), "90201", "93514"];
		const insert =
			s.sqlite.query(`INSERT INTO price_reports (user_id, store_id, product_name, normalized_name, price_cents,
      category_id, zip_code, loc_token, search_text) VALUES (?, ?, ?, lower(?3), ?, 3, ?, ?, ?)`);
		const rows: { id: number; miles: number; cents: number }[] = [];
		s.sqlite.transaction(() => {
			for (let i = 0; i < 450; i++) {
				const zip = places[(i * 7) % places.length]!;
				const cents = 100 + ((i * 37) % 50);
				const id = Number(
					insert.run(userId, storeId, `Ring Apple ${i}`, cents, zip, `z${zip}`, `ring apple ${i}`).lastInsertRowid,
				);
				const place = near.find((p) => p.token === `z${zip}`);
				if (place) rows.push({ id, miles: place.miles, cents });
			}
		})();
		const expected = [...rows].sort((x, y) => x.miles - y.miles || x.cents - y.cents || y.id - x.id).map((r) => r.id);
		for (const [limit, offset] of [
			["30", "0"],
			["50", "120"],
			["100", "350"],
		]) {
			const res = await shopper.get(
				`/api/search?q=ring%20app&zipCode=90210&sort=distance&limit=${limit}&offset=${offset}`,
			);
			expectStatus(res, 200);
			expect(res.data.map((r: { id: number }) => r.id)).toEqual(
				expected.slice(Number(offset), Number(offset) + Number(limit)),
			);
		}
		const byPrice = [...rows].sort((x, y) => x.cents - y.cents || y.id - x.id).map((r) => r.id);
		expect(
			expectBody(await shopper.get("/api/search?q=apple&zipCode=90210&limit=40&offset=200"), 200).map(
				(r: { id: number }) => r.id,
			),
		).toEqual(byPrice.slice(200, 240));
		const newest = [...rows].sort((x, y) => y.id - x.id).map((r) => r.id);
		expect(
			expectBody(await shopper.get("/api/search?q=apple&zipCode=90210&sort=recent&limit=25"), 200).map(
				(r: { id: number }) => r.id,
			),
		).toEqual(newest.slice(0, 25));
	});
});
