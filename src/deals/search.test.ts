import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { priceReports } from "../../db/schema.ts";
import { registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";

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
	return res.data.id as number;
};
const search = (client: TestClient, params: Record<string, string>) =>
	client.get(`/api/search?${new URLSearchParams(params)}`);
const names = (res: { data: { productName: string }[] }) => res.data.map((r) => r.productName);

beforeAll(async () => {
	server = await startTestServer();
	reporter = (await registerUser(server, { zipCode: "10001" })).client;
	searcher = (await registerUser(server, { zipCode: "10011" })).client;
	ids.organic = await report(reporter, "Organic Whole Milk", 4.29, {
		tags: ["organic", "milk"],
		description: "Half gallon",
	});
	ids.plain = await report(reporter, "Whole Milk", 3.19);
	ids.far19 = await report(reporter, "Milk Far19", 2.99, { vacationMode: true, reportZipCode: "10030" });
	ids.far21 = await report(reporter, "Milk Far21", 1.99, { vacationMode: true, reportZipCode: "10032" });
	ids.yogurt = await report(reporter, "Greek Yogurt", 5.49, { description: "Great with organic honey" });
	ids.london = await report(reporter, "Milk London", 1.5, { vacationMode: true, reportZipCode: "SW1A 1AA" });
});
afterAll(() => server.stop());

describe("GET /api/search", () => {
	test("prefix words match product names: 'org mil' finds Organic Whole Milk", async () => {
		const res = await search(searcher, { q: "org mil" });
		expect(res.status).toBe(200);
		expect(names(res)).toEqual(["Organic Whole Milk"]);
		expect(res.data[0]).toMatchObject({
			price: 4.29,
			hasUserUpvoted: false,
			hasUserTakenDeal: false,
			store: { name: "Store Organic Whole Milk", address: "1 Main St" },
			user: { firstName: "Sam", lastName: "Shopper" },
		});
	});

	test("matches tags, category and description too", async () => {
		expect(names(await search(searcher, { q: "dairy yog" }))).toEqual(["Greek Yogurt"]);
		expect(names(await search(searcher, { q: "honey" }))).toEqual(["Greek Yogurt"]);
		expect(names(await search(searcher, { q: "organic" })).sort()).toEqual(["Greek Yogurt", "Organic Whole Milk"]);
	});

	test("the radius is 20 zip codes: 19 away is found, 21 away is not; lowest price first", async () => {
		// From 10011: 10030 is 19 away, 10032 is 21 away.
		expect(names(await search(searcher, { q: "milk" }))).toEqual(["Milk Far19", "Whole Milk", "Organic Whole Milk"]);
	});

	test("zipCode overrides the user's zip; a postal code that is not numeric matches only itself", async () => {
		expect(names(await search(searcher, { q: "milk", zipCode: "10050" }))).toEqual(["Milk Far21", "Milk Far19"]);
		expect(names(await search(searcher, { q: "milk", zipCode: "sw1a 1aa" }))).toEqual(["Milk London"]);
	});

	test("sort by distance and by recently updated", async () => {
		expect(names(await search(searcher, { q: "milk", sort: "distance" }))).toEqual([
			"Whole Milk",
			"Organic Whole Milk",
			"Milk Far19",
		]);
		const recent = await search(searcher, { q: "milk", sort: "recent" });
		expect(names(recent)).toEqual(["Milk Far19", "Whole Milk", "Organic Whole Milk"]);
		expect(recent.data[0].distance).toBe(19);
	});

	test("pages with limit and offset, and caps the limit", async () => {
		expect(names(await search(searcher, { q: "milk", limit: "2" }))).toEqual(["Milk Far19", "Whole Milk"]);
		expect(names(await search(searcher, { q: "milk", limit: "2", offset: "2" }))).toEqual(["Organic Whole Milk"]);
		const tooMany = await search(searcher, { q: "milk", limit: "1000" });
		expect(tooMany.status).toBe(400);
		expect(tooMany.data.message).toBe("limit must be at most 100");
		expect((await search(searcher, { q: "milk", sort: "cheapest" })).data.message).toBe(
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
		expect(names(await search(searcher, { q: "milk" }))).toEqual(["Milk Far19"]);
		server.db.update(priceReports).set({ isExpired: false }).where(eq(priceReports.id, ids.plain!)).run();
		server.db.update(priceReports).set({ isActive: true }).where(eq(priceReports.id, ids.organic!)).run();
		expect(names(await search(searcher, { q: "milk" }))).toHaveLength(3);
	});

	test("a blank query, or no zip anywhere, is a 400 that says what to do", async () => {
		expect((await search(searcher, { q: "  " })).data.message).toBe("Enter something to search for");
		const { client } = await registerUser(server, { zipCode: null });
		const res = await search(client, { q: "milk" });
		expect(res.status).toBe(400);
		expect(res.data.message).toBe("Set your zip code to search for deals near you.");
		expect((await server.client().get("/api/search?q=milk")).status).toBe(401);
	});
});

describe("GET /api/search: the location-cell index (migration 0005)", () => {
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
		return res.data.id as number;
	};
	const find = async (params: Record<string, string>) =>
		names(await shopper.get(`/api/search?${new URLSearchParams(params)}`));

	beforeAll(async () => {
		s = await startTestServer({ OLLAMA_HOST: "off" });
		const registered = await registerUser(s, { zipCode: "10060" });
		shopper = registered.client;
		userId = registered.user.id;
		await at("Seed Item", 1, "10060");
		storeId = (s.sqlite.query("SELECT id FROM stores").get() as { id: number }).id;
	});
	afterAll(() => s.stop());

	test("words joined by punctuation, line breaks and typographic marks are each found", async () => {
		await at("Ben&Jerry’s Ice-Cream (1 pt.)", 5.99, "10060", { description: "Buy one,get one\nfree—today…only" });
		for (const q of ["jerry", "ice cream", "pt", "get", "free", "today", "only", "ben jerr"]) {
			expect(await find({ q })).toEqual(["Ben&Jerry’s Ice-Cream (1 pt.)"]);
		}
	});

	test("accents fold both ways, and a word of other letters is still a prefix", async () => {
		await at("Crème Brûlée", 4.5, "10060");
		for (const q of ["creme", "CRÈME", "brûl", "brul", "crè brû"]) expect(await find({ q })).toEqual(["Crème Brûlée"]);
	});

	test("a prefix of very many words is still every one of them, and an unknown word finds nothing", async () => {
		for (let i = 1; i <= 20; i++) await at(`Qx${i} Gadget`, 10 + i, "10060");
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

	test("the window is exact across cell edges (50 zips a cell) and at both ends of the zip range", async () => {
		await at("Edge49 Tea", 2, "10049");
		await at("Edge50 Tea", 2, "10050");
		await at("Low Tea", 2, "00003");
		await at("High Tea", 2, "99999");
		expect(await find({ q: "edge", zipCode: "10070" })).toEqual(["Edge50 Tea"]);
		expect(await find({ q: "edge", zipCode: "10029" })).toEqual(["Edge49 Tea"]);
		expect((await find({ q: "edge", zipCode: "10049" })).sort()).toEqual(["Edge49 Tea", "Edge50 Tea"]);
		expect(await find({ q: "tea", zipCode: "00020" })).toEqual(["Low Tea"]);
		expect(await find({ q: "tea", zipCode: "00024" })).toEqual([]);
		expect(await find({ q: "tea", zipCode: "99979" })).toEqual(["High Tea"]);
	});

	test("equal prices list the newest first; the index follows price, text and liveness changes", async () => {
		const a = await at("Tie Soap", 3, "10060");
		// At another store: a second price at the same store would replace the first.
		const b = await at("Tie Soap", 3, "10060", { storeName: "Cell Store Annex" });
		const res = await shopper.get("/api/search?q=tie");
		expect(res.data.map((r: { id: number }) => r.id)).toEqual([b, a]);
		s.sqlite.query("UPDATE price_reports SET price_cents = 299 WHERE id = ?").run(b);
		s.sqlite.query("UPDATE price_reports SET product_name = 'Tie Soap Bar' WHERE id = ?").run(a);
		expect(
			(await shopper.get("/api/search?q=tie")).data.map((r: { id: number; price: number }) => [r.id, r.price]),
		).toEqual([
			[b, 2.99],
			[a, 3],
		]);
		expect(await find({ q: "bar" })).toEqual(["Tie Soap Bar"]);
		s.sqlite.query("UPDATE price_reports SET is_expired = 1 WHERE id = ?").run(b);
		expect(await find({ q: "tie" })).toEqual(["Tie Soap Bar"]);
		s.sqlite.query("DELETE FROM price_reports WHERE id = ?").run(a);
		expect(await find({ q: "tie" })).toEqual([]);
		s.sqlite.query("UPDATE price_reports SET is_expired = 0 WHERE id = ?").run(b);
		expect(await find({ q: "tie" })).toEqual(["Tie Soap"]);
	});

	test("distance in a busy window (read ring by ring) orders by distance, then price, then newest", async () => {
		// 450 reports around 20100, written straight to the table (the triggers index them): past the point where
		// the distance sort reads the whole window at once.
		const insert =
			s.sqlite.query(`INSERT INTO price_reports (user_id, store_id, product_name, normalized_name, price_cents,
      category_id, zip_code, loc_token) VALUES (?, ?, ?, 'ring apple', ?, 3, ?, ?)`);
		const rows: { id: number; zip: number; cents: number }[] = [];
		s.sqlite.transaction(() => {
			for (let i = 0; i < 450; i++) {
				const zip = 20100 + ((i * 7) % 41) - 20;
				const cents = 100 + ((i * 37) % 50);
				const id = Number(
					insert.run(userId, storeId, `Ring Apple ${i}`, cents, String(zip), `z${zip}`).lastInsertRowid,
				);
				rows.push({ id, zip, cents });
			}
		})();
		const expected = rows
			.map((r) => ({ ...r, d: Math.abs(r.zip - 20100) }))
			.sort((x, y) => x.d - y.d || x.cents - y.cents || y.id - x.id)
			.map((r) => r.id);
		for (const [limit, offset] of [
			["30", "0"],
			["50", "120"],
			["100", "400"],
		]) {
			const res = await shopper.get(
				`/api/search?q=ring%20app&zipCode=20100&sort=distance&limit=${limit}&offset=${offset}`,
			);
			expect(res.data.map((r: { id: number }) => r.id)).toEqual(
				expected.slice(Number(offset), Number(offset) + Number(limit)),
			);
		}
		const byPrice = rows.sort((x, y) => x.cents - y.cents || y.id - x.id).map((r) => r.id);
		expect(
			(await shopper.get("/api/search?q=apple&zipCode=20100&limit=40&offset=200")).data.map(
				(r: { id: number }) => r.id,
			),
		).toEqual(byPrice.slice(200, 240));
		const newest = [...rows].sort((x, y) => y.id - x.id).map((r) => r.id);
		expect(
			(await shopper.get("/api/search?q=apple&zipCode=20100&sort=recent&limit=25")).data.map(
				(r: { id: number }) => r.id,
			),
		).toEqual(newest.slice(0, 25));
	});
});
