import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import * as v from "valibot";
import { unknownZipMessage } from "../lib/fields.ts";
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
import { CATEGORY_SLUG_MESSAGE, CategoryListSchema, ProductPricesSchema } from "./schemas.ts";

let server: TestServer;
let viewer: TestClient;
let categoryIds: Record<string, number>;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	viewer = (await registerUser(server)).client;
	const categories = expectBody(await viewer.get("/api/categories"), 200);
	categoryIds = Object.fromEntries(categories.map((c) => [c.name, c.id]));
});
afterAll(() => server.stop());

/** A neighbour of 10001 (Manhattan, every shopper's home here), and how far it is. */
const NEIGHBOUR = neighbourhood("10001")[1]!;
const NEIGHBOUR_ZIP = NEIGHBOUR.token.slice(1);

type Report = {
	name: string;
	price: number;
	store: string;
	zip?: string;
	category?: string;
	/** What the price asks of the shopper; regular when not given. */
	terms?: Record<string, unknown>;
};

/** A report by a shopper of its own, at a store in `zip` (10001 unless given); its id and reporter. */
async function report({ name, price, store, zip = "10001", category = "Groceries", terms = {} }: Report) {
	const { client } = await registerUser(server);
	const res = await client.post("/api/price-reports", {
		productName: name,
		price,
		categoryId: categoryIds[category],
		storeName: store,
		storeAddress: `${store} Ave`,
		storeZipCode: zip,
		...terms,
	});
	if (res.status !== 201) throw new Error(JSON.stringify(res.data));
	return { id: res.data.id, client };
}

/** Moves a report back in time; `expired`: the age sweep has expired it too. */
function backdate(id: number, daysAgo: number, expired = false) {
	const at = Date.now() - daysAgo * DAY_MS;
	server.sqlite
		.query("UPDATE price_reports SET created_at = ?1, updated_at = ?1, is_expired = ?2 WHERE id = ?3")
		.run(at, expired ? 1 : 0, id);
}

const prices = (client: TestClient, params: Record<string, string>) =>
	client.get(`/api/v1/products/prices?${new URLSearchParams(params)}`);

type StorePrice = { store: { name: string }; price: number };
const storePrices = (data: { stores: StorePrice[] }) => data.stores.map((s) => [s.store.name, s.price]);

describe("GET /api/v1/products/prices", () => {
	const name = "Oat Milk Barista";
	const ids = { corner: 0, deli: 0 };
	let cornerReporter: TestClient;
	beforeAll(async () => {
		const corner = await report({ name, price: 4, store: "Corner Grocer" });
		ids.corner = corner.id;
		cornerReporter = corner.client;
		backdate(corner.id, 2);
		await report({ name: "oat milk  BARISTA", price: 4.2, store: "Third Ave Foods" });
		ids.deli = (await report({ name, price: 3.5, store: "Deli Two", zip: NEIGHBOUR_ZIP })).id;
		// Cheaper, but far off, expired or hidden by flags: none of them counts.
		await report({ name, price: 2, store: "Sunset Market", zip: "90210" });
		backdate((await report({ name, price: 3.3, store: "Old Shack" })).id, 12, true);
		const hidden = (await report({ name, price: 3.4, store: "Flagged Mart" })).id;
		for (let i = 0; i < 3; i++) {
			// Shoppers of standing, whose flags hide a price (decision 0071).
			const { client: flagger, user } = await registerUser(server);
			establish(server, [user.id]);
			const res = await flagger.post(`/api/price-reports/${hidden}/feedback`, { kind: "wrong", reason: "wrong-price" });
			expect(res.status).toBe(200);
		}
		// Seen again today: its freshness restarts, its report time stays.
		const confirmer = (await registerUser(server)).client;
		expect((await confirmer.post(`/api/price-reports/${ids.corner}/feedback`, { kind: "confirm" })).status).toBe(200);
	});

	test("the typical and lowest price near the ZIP, and each store's, cheapest first, as the contract says", async () => {
		const res = await prices(viewer, { name: "OAT MILK barista", zip: "10001" });
		expectStatus(res, 200);
		expect(v.safeParse(ProductPricesSchema, res.data).issues).toBeUndefined();
		expect(res.data).toMatchObject({
			product: {
				name: "OAT MILK barista",
				category: { id: categoryIds.Groceries, slug: "groceries", name: "Groceries" },
			},
			zipCode: "10001",
			currency: "USD",
			typical: { price: 4, reports: 3, fresh: true },
		});
		expect(storePrices(res.data)).toEqual([
			["Deli Two", 3.5],
			["Corner Grocer", 4],
			["Third Ave Foods", 4.2],
		]);
		const [deli, corner, third] = res.data.stores;
		if (!deli || !corner || !third) throw new Error("expected three stores");
		expect(res.data.lowest).toEqual(deli);
		expect(deli.store).toEqual({
			id: expect.any(Number),
			name: "Deli Two",
			address: "Deli Two Ave",
			zipCode: NEIGHBOUR_ZIP,
			distanceMiles: Math.round(NEIGHBOUR.miles * 10) / 10,
		});
		expect(corner.store).toMatchObject({ zipCode: "10001", distanceMiles: 0 });

		// Freshness: the corner's price was reported two days ago and confirmed today.
		const reportedAgo = Date.now() - Date.parse(corner.reportedAt);
		expect(reportedAgo).toBeGreaterThan(2 * DAY_MS - 60_000);
		expect(reportedAgo).toBeLessThan(2 * DAY_MS + 60_000);
		expect(Date.now() - Date.parse(corner.lastSeenAt)).toBeLessThan(60_000);
		expect(third.lastSeenAt).toBe(third.reportedAt);
		for (const s of res.data.stores) {
			expect(s.confidence).toBeGreaterThan(0);
			expect(s.confidence).toBeLessThan(1);
			expect(s.fresh).toBe(true);
		}
		// The typical price's freshness: its newest report, its latest sighting, the median confidence.
		const newest = [deli, third].map((s) => s.reportedAt).sort()[1];
		expect(res.data.typical?.reportedAt).toBe(newest);
		expect(res.data.typical?.lastSeenAt).toBe([deli, corner, third].map((s) => s.lastSeenAt).sort()[2]);
		const confidences = [deli, corner, third].map((s) => s.confidence).sort();
		expect(res.data.typical?.confidence).toBe(confidences[1]);
	});

	test("the typical price is the one the app measures savings and 'you paid' against; the offers are the page's", async () => {
		const v1 = expectBody(await prices(cornerReporter, { name, zip: "10001" }), 200);
		const query = new URLSearchParams({ productName: name, categoryId: String(categoryIds.Groceries) });
		const lastPaid = expectBody(await cornerReporter.get(`/api/products/last-paid?${query}`), 200);
		expect(lastPaid.youPaid?.typicalNow).toBe(v1.typical?.price);
		const history = expectBody(await cornerReporter.get(`/api/products/history?${query}`), 200);
		expect(history.bestOffers.map((o: { store: { id: number }; price: number }) => [o.store.id, o.price])).toEqual(
			v1.stores.map((s: { store: { id: number }; price: number }) => [s.store.id, s.price]),
		);
	});

	test("a store's price is its latest trustworthy one, and a store whose latest is out of stock has none", async () => {
		const tea = "Loose Leaf Tea";
		// An older, cheaper price at each store, then a newer one by another shopper.
		const older = await report({ name: tea, price: 5, store: "Tea House" });
		backdate(older.id, 3);
		await report({ name: tea, price: 6, store: "Tea House" });
		backdate((await report({ name: tea, price: 4, store: "Leaf Stop" })).id, 3);
		const newer = await report({ name: tea, price: 4.5, store: "Leaf Stop" });
		const shopper = (await registerUser(server)).client;
		expect((await shopper.post(`/api/price-reports/${newer.id}/feedback`, { kind: "unavailable" })).status).toBe(200);
		// A newer price since expired still stands in front of the older one, as on the product page.
		const expired = await report({ name: tea, price: 7, store: "Kettle Corner" });
		backdate((await report({ name: tea, price: 3, store: "Kettle Corner" })).id, 2);
		backdate(expired.id, 1, true);
		await report({ name: tea, price: 6.5, store: "Steep Street" });

		// The quality check's verdicts are set here, so the test does not hang on how it judges these prices.
		server.sqlite.query("UPDATE price_reports SET is_unusual = 0 WHERE normalized_name = ?").run("loose leaf tea");
		const res = await prices(viewer, { name: tea, zip: "10001" });
		expectStatus(res, 200);
		expect(storePrices(res.data)).toEqual([
			["Tea House", 6],
			["Steep Street", 6.5],
		]);
		expect(res.data.lowest?.store.name).toBe("Tea House");

		// A store from before stores kept a zip: the one its place stands for, as its card shows it.
		server.sqlite.query("UPDATE stores SET zip_code = NULL WHERE name = 'Steep Street'").run();
		const steep = expectBody(await prices(viewer, { name: tea, zip: "10001" }), 200).stores[1];
		expect(steep?.store).toMatchObject({ name: "Steep Street", zipCode: "10001" });
	});

	test("a sale, member or multi-buy price says so: none is answered as a regular price", async () => {
		const soup = "Tomato Soup Can";
		const saleEnds = new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10);
		await report({ name: soup, price: 1.5, store: "Soup Hall", terms: { priceType: "sale", saleEnds } });
		await report({ name: soup, price: 1.8, store: "Club Foods", terms: { priceType: "member" } });
		const multiBuy = { priceType: "multi-buy", multiBuyQuantity: 3 };
		await report({ name: soup, price: 5, store: "Bulk Barn", terms: multiBuy });
		await report({ name: soup, price: 2.1, store: "Corner Cans" });
		server.sqlite.query("UPDATE price_reports SET is_unusual = 0 WHERE normalized_name = ?").run("tomato soup can");
		const res = await prices(viewer, { name: soup, zip: "10001" });
		expectStatus(res, 200);
		expect(v.safeParse(ProductPricesSchema, res.data).issues).toBeUndefined();
		expect(res.data.stores.map((s) => [s.store.name, s.price, s.priceType, s.saleEnds, s.multiBuy])).toEqual([
			["Soup Hall", 1.5, "sale", saleEnds, null],
			// "3 for $5.00": one's share, to the cent, beside its bundle.
			["Bulk Barn", 1.67, "multi-buy", null, { quantity: 3, price: 5 }],
			["Club Foods", 1.8, "member", null, null],
			["Corner Cans", 2.1, "regular", null, null],
		]);
		expect(res.data.lowest).toMatchObject({ priceType: "sale", saleEnds });
	});

	test("another ZIP's neighbourhood has its own prices", async () => {
		const res = await prices(viewer, { name, zip: "90210" });
		expectStatus(res, 200);
		expect(res.data.typical).toMatchObject({ price: 2, reports: 1 });
		expect(storePrices(res.data)).toEqual([["Sunset Market", 2]]);
	});

	test("without a category, the one the name is most reported in near the ZIP; with one, that one's", async () => {
		const yogurt = "Greek Yogurt Cup";
		await report({ name: yogurt, price: 1.5, store: "Dairy Barn", category: "Dairy" });
		await report({ name: yogurt, price: 1.6, store: "Milk Bar", category: "Dairy" });
		await report({ name: yogurt, price: 1.2, store: "Pantry Plus" });
		const guessed = expectBody(await prices(viewer, { name: yogurt, zip: "10001" }), 200);
		expect(guessed.product.category).toMatchObject({ slug: "dairy", name: "Dairy" });
		expect(storePrices(guessed)).toEqual([
			["Dairy Barn", 1.5],
			["Milk Bar", 1.6],
		]);
		const asked = expectBody(await prices(viewer, { name: yogurt, zip: "10001", category: "Groceries" }), 200);
		expect(asked.product.category).toMatchObject({ slug: "groceries" });
		expect(asked.typical).toMatchObject({ price: 1.2, reports: 1 });
	});

	test("a product nobody reported near the ZIP: 200, no prices, no stores", async () => {
		const none = await prices(viewer, { name: "  Unicorn Jerky ", zip: "10001" });
		expect(none.status).toBe(200);
		expect(none.data).toEqual({
			product: { name: "Unicorn Jerky", category: null, match: null, matchedName: null, candidates: [] },
			zipCode: "10001",
			currency: "USD",
			typical: null,
			lowest: null,
			stores: [],
		});
		expect(v.safeParse(ProductPricesSchema, none.data).issues).toBeUndefined();
		const inCategory = await prices(viewer, { name: "Unicorn Jerky", zip: "10001", category: "dairy" });
		expect(inCategory.data).toMatchObject({
			product: { category: { slug: "dairy" } },
			typical: null,
			lowest: null,
			stores: [],
		});
	});

	test("400 names what is wrong; a guest is 401", async () => {
		const cases: [string, string][] = [
			["zip=10001", "name is required"],
			["name=Milk", "zip is required"],
			["name=Milk&zip=00000", unknownZipMessage("00000")],
			["name=Milk&zip=10001&category=no%20such", CATEGORY_SLUG_MESSAGE],
			["name=Milk&zip=10001&category=nosuch", "Category not found"],
			["name=Milk&name=Eggs&zip=10001", "name must be given once"],
		];
		for (const [query, message] of cases) {
			const res = await viewer.get(`/api/v1/products/prices?${query}`);
			expect({ query, status: res.status, message: res.data.message }).toEqual({ query, status: 400, message });
		}
		const guest = await server.client().get("/api/v1/products/prices?name=Milk&zip=10001");
		expect(guest.status).toBe(401);
		expect(guest.data).toEqual({ message: "You are not signed in" });
	});
});

describe("GET /api/v1/categories", () => {
	test("every category's slug, name and group, as the product route takes them", async () => {
		const res = await viewer.get("/api/v1/categories");
		expectStatus(res, 200);
		expect(v.safeParse(CategoryListSchema, res.data).issues).toBeUndefined();
		const bySlug = Object.fromEntries(res.data.map((c) => [c.slug, c]));
		expect(bySlug.groceries).toEqual({ id: categoryIds.Groceries!, slug: "groceries", name: "Groceries", group: null });
		expect(bySlug.dairy).toEqual({ id: categoryIds.Dairy!, slug: "dairy", name: "Dairy", group: "groceries" });
		expect(res.data).toHaveLength(Object.keys(categoryIds).length);
		expect((await server.client().get("/api/v1/categories")).status).toBe(401);
	});
});
