import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import * as v from "valibot";
import { expectBody, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";
import { ProductPricesSchema } from "./schemas.ts";

let server: TestServer;
let viewer: TestClient;
let categoryIds: Record<string, number>;

type Report = { name: string; price: number; store: string; category: string; description?: string; zip?: string };

/** A report by a shopper of its own, at a store of its own in `zip` (10001 unless given). */
async function report({ name, price, store, category, description, zip = "10001" }: Report) {
	const { client } = await registerUser(server);
	const res = await client.post("/api/price-reports", {
		productName: name,
		price,
		categoryId: categoryIds[category],
		description,
		storeName: store,
		storeAddress: `${store} Ave`,
		storeZipCode: zip,
	});
	if (res.status !== 201) throw new Error(JSON.stringify(res.data));
}

beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	viewer = (await registerUser(server)).client;
	const categories = expectBody(await viewer.get("/api/categories"), 200);
	categoryIds = Object.fromEntries(categories.map((c) => [c.name, c.id]));
	await report({ name: "Organic Whole Milk", price: 4.29, store: "Corner Grocer", category: "Dairy" });
	await report({ name: "organic whole MILK", price: 4.59, store: "Third Ave Foods", category: "Dairy" });
	await report({ name: "Whole Milk", price: 3.49, store: "Corner Grocer", category: "Dairy" });
	await report({ name: "Oat Milk", price: 3.99, store: "Deli Two", category: "Groceries" });
	// Found by its description only: more reports, yet after every product with the word in its name.
	for (const store of ["Corner Grocer", "Deli Two", "Third Ave Foods"]) {
		await report({ name: "Chocolate Bar", price: 2.5, store, category: "Groceries", description: "Milk chocolate" });
	}
	// Far from 10001: never a candidate there.
	await report({ name: "Milk Shake", price: 5, store: "Sunset Diner", category: "Groceries", zip: "90210" });
	// The quality check's verdicts are set here, so the test does not hang on how it judges these prices.
	server.sqlite.query("UPDATE price_reports SET is_unusual = 0").run();
});
afterAll(() => server.stop());

async function prices(params: Record<string, string>) {
	const data = expectBody(await viewer.get(`/api/v1/products/prices?${new URLSearchParams(params)}`), 200);
	expect(v.safeParse(ProductPricesSchema, data).issues).toBeUndefined();
	return data;
}
const storeNames = (data: { stores: { store: { name: string } }[] }) => data.stores.map((s) => s.store.name);

describe("GET /api/v1/products/prices finds a product by its words", () => {
	test("name=milk: the most reported product with the word in its name, and the others as candidates", async () => {
		const milk = await prices({ name: "milk", zip: "10001" });
		expect(milk.product).toEqual({
			name: "milk",
			category: { id: categoryIds.Dairy!, slug: "dairy", name: "Dairy" },
			match: "words",
			matchedName: "organic whole MILK",
			candidates: ["Oat Milk", "Whole Milk", "Chocolate Bar"],
		});
		expect(storeNames(milk)).toEqual(["Corner Grocer", "Third Ave Foods"]);
		expect(milk.typical).toMatchObject({ price: 4.44, reports: 2 });
	});

	test("every word a prefix, as search reads them", async () => {
		const org = await prices({ name: "org MIL", zip: "10001" });
		expect(org.product).toMatchObject({ match: "words", matchedName: "organic whole MILK", candidates: [] });
		expect(storeNames(org)).toEqual(["Corner Grocer", "Third Ave Foods"]);
	});

	test("an exact name wins over a product with more reports, case and spacing aside", async () => {
		const whole = await prices({ name: "WHOLE   milk", zip: "10001" });
		expect(whole.product).toMatchObject({
			name: "WHOLE   milk",
			match: "exact",
			matchedName: "Whole Milk",
			candidates: ["organic whole MILK"],
		});
		expect(storeNames(whole)).toEqual(["Corner Grocer"]);
		expect(whole.typical).toMatchObject({ price: 3.49, reports: 1 });
	});

	test("a category narrows the words to its own products", async () => {
		const oat = await prices({ name: "milk", zip: "10001", category: "groceries" });
		expect(oat.product).toMatchObject({
			category: { slug: "groceries" },
			match: "words",
			matchedName: "Oat Milk",
			candidates: ["Chocolate Bar"],
		});
		expect(storeNames(oat)).toEqual(["Deli Two"]);
	});

	test("words nothing near the ZIP has: the empty answer, with no candidates", async () => {
		for (const name of ["zzqx", "milk zzqx", "shake"]) {
			const none = await prices({ name, zip: "10001" });
			expect({ name, ...none }).toEqual({
				name,
				product: { name, category: null, match: null, matchedName: null, candidates: [] },
				zipCode: "10001",
				currency: "USD",
				typical: null,
				lowest: null,
				stores: [],
			});
		}
		// Near its own ZIP, the far product is found.
		const shake = await prices({ name: "shake", zip: "90210" });
		expect(shake.product).toMatchObject({ match: "words", matchedName: "Milk Shake" });
		expect(storeNames(shake)).toEqual(["Sunset Diner"]);
	});
});
