import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { expectBody, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";

/** Products with an identity: reports that carry the same barcode are one product, whatever their names. */
let server: TestServer;
let searcher: TestClient;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	searcher = (await registerUser(server, { zipCode: "10001" })).client;
});
afterAll(() => server.stop());

const report = async (productName: string, price: number, extra: Record<string, unknown>) => {
	const { client } = await registerUser(server, { zipCode: "10001" });
	return client.post("/api/price-reports", {
		productName,
		price,
		categoryId: 3,
		storeAddress: "1 Main St",
		storeName: `${productName} Store`,
		...extra,
	});
};
const search = async (params: Record<string, string>) =>
	expectBody(await searcher.get(`/api/search?${new URLSearchParams(params)}`), 200);

describe("barcodes", () => {
	test("a UPC-A and its EAN-13 under two names are one product; search by either code finds both", async () => {
		const cola = expectBody(await report("Cola 12 oz can", 1.25, { barcode: "036000291452" }), 201);
		const coke = expectBody(await report("Coke can", 1.19, { barcode: "0036000291452" }), 201);
		expect([cola.barcode, coke.barcode]).toEqual(["0036000291452", "0036000291452"]);
		for (const barcode of ["036000291452", "0036000291452", "0 36000 29145 2"]) {
			const found = await search({ barcode });
			expect(found.map((r) => [r.id, r.productName])).toEqual([
				[coke.id, "Coke can"],
				[cola.id, "Cola 12 oz can"],
			]);
		}
		// Words still find each by its own name, and the code narrows words to the product.
		expect((await search({ q: "coke" })).map((r) => r.id)).toEqual([coke.id]);
		expect((await search({ q: "can", barcode: "036000291452", sort: "recent" })).map((r) => r.id)).toEqual([
			coke.id,
			cola.id,
		]);
		// A code nobody reported finds nothing.
		expect(await search({ barcode: "4006381333931" })).toEqual([]);

		// One product's history: both stores' prices, whichever form of the code is asked.
		const history = expectBody(
			await searcher.get(`/api/products/history?${new URLSearchParams({ barcode: "036000291452", categoryId: "3" })}`),
			200,
		);
		expect(history.stores.map((s) => [s.name, s.points.map((p) => p.price)]).sort()).toEqual([
			["Coke can Store", [1.19]],
			["Cola 12 oz can Store", [1.25]],
		]);
		// Named as shoppers name it most: one each, so the first given.
		expect(history.productName).toBe("Cola 12 oz can");
		// By a name alone it is the products of that name: this code's reports are not among them.
		const byName = expectBody(
			await searcher.get(`/api/products/history?${new URLSearchParams({ productName: "Coke can", categoryId: "3" })}`),
			200,
		);
		expect(byName.stores).toEqual([]);

		// The read API by code: one product, both stores' prices, named as its first report named it.
		const read = expectBody(
			await searcher.get(`/api/v1/products/prices?${new URLSearchParams({ barcode: "0036000291452", zip: "10001" })}`),
			200,
		);
		expect(read.product).toMatchObject({ match: "barcode", matchedName: "Cola 12 oz can", name: "Cola 12 oz can" });
		expect(read.stores.map((s) => [s.store.name, s.price]).sort()).toEqual([
			["Coke can Store", 1.19],
			["Cola 12 oz can Store", 1.25],
		]);
	});

	test("a wrong check digit is refused with the digit it should be, and nothing is saved", async () => {
		const res = await report("Cola bottle", 2.49, { barcode: "036000291453" });
		expect(res.status).toBe(400);
		expect((res.data as { message: string }).message).toBe(
			"The barcode 036000291453 does not add up: its last digit, the check digit, should be 2",
		);
		expect(await search({ q: "bottle" })).toEqual([]);
		const bad = await searcher.get("/api/search?barcode=12345");
		expect(bad.status).toBe(400);
		expect((bad.data as { message: string }).message).toBe(
			"A barcode is the 8, 12 or 13 digits under its bars (EAN-13, UPC-A, UPC-E or EAN-8)",
		);
	});

	test("the product is named as shoppers name it most, case and spacing aside, spelled as first given", async () => {
		const named = async () =>
			expectBody(
				await searcher.get(
					`/api/v1/products/prices?${new URLSearchParams({ barcode: "5901234123457", zip: "10001" })}`,
				),
				200,
			).product.matchedName;
		expectBody(await report("Oat drink", 2.99, { barcode: "5901234123457" }), 201);
		expect(await named()).toBe("Oat drink");
		expectBody(await report("Oatly Oat Drink", 3.19, { barcode: "5901234123457", storeName: "Oat Store 2" }), 201);
		// One each: the first given stands.
		expect(await named()).toBe("Oat drink");
		expectBody(await report("oatly  oat drink", 3.09, { barcode: "5901234123457", storeName: "Oat Store 3" }), 201);
		expect(await named()).toBe("Oatly Oat Drink");
	});

	test("a code joins the store's earlier reports of the same name that had none, and no others", async () => {
		const shop = { storeName: "Granola Corner" };
		const before = expectBody(await report("Maple Granola", 5.49, shop), 201);
		const elsewhere = expectBody(await report("Maple granola", 5.29, { storeName: "Other Granola Shop" }), 201);
		const coded = expectBody(await report("maple  granola", 5.39, { ...shop, barcode: "0012345678905" }), 201);
		// One product at one store now: one card of both reports, the cheaper leading.
		const [card, ...more] = await search({ barcode: "012345678905" });
		expect(more).toEqual([]);
		expect(card).toMatchObject({ id: coded.id, barcode: "0012345678905", storeReports: { reports: 2, agreeing: 1 } });
		const history = expectBody(
			await searcher.get(`/api/products/history?${new URLSearchParams({ barcode: "012345678905", categoryId: "3" })}`),
			200,
		);
		expect(history.stores.flatMap((s) => s.points.map((p) => p.reportId)).sort()).toEqual([before.id, coded.id].sort());
		// The other store's report keeps its name: the same words, not the same code.
		expect((await search({ q: "maple granola" })).map((r) => r.id)).toContain(elsewhere.id);
	});

	test("one product, one category: a code listed under one is refused under another", async () => {
		expectBody(await report("Sparkling water", 0.99, { barcode: "96385074", categoryId: 3 }), 201);
		const res = await report("Sparkling water", 0.99, { barcode: "96385074", categoryId: 1 });
		expect(res.status).toBe(400);
		expect((res.data as { message: string }).message).toMatch(
			/^This barcode is listed under .+: choose that category$/,
		);
	});

	test("a shopper who reported the product corrects it, which then stands over the count", async () => {
		const reporter = (await registerUser(server, { zipCode: "10001" })).client;
		const code = "0725272730706";
		const path = `/api/products/${code}` as const;
		const params = new URLSearchParams({ barcode: code, categoryId: "3" });
		const history = async (who: TestClient) => expectBody(await who.get(`/api/products/history?${params}`), 200);
		expectBody(
			await reporter.post("/api/price-reports", {
				productName: "Grnola bar",
				price: 1.49,
				categoryId: 3,
				storeName: "Bar Shop",
				storeAddress: "3 Main St",
				barcode: code,
			}),
			201,
		);
		// The first report that gives a size sizes it; only its reporter is offered the correction, and may make it.
		expectBody(
			await report("Grnola bar", 1.45, { barcode: code, storeName: "Bar Shop 1", size: { quantity: 1.5, unit: "oz" } }),
			201,
		);
		expect(await history(reporter)).toMatchObject({
			productName: "Grnola bar",
			product: { barcode: code, brand: null, size: { quantity: 1.5, unit: "oz" }, correctable: true },
		});
		expect((await history(searcher)).product).toMatchObject({ correctable: false });
		const stranger = await searcher.put(path, { name: "Granola Bar" });
		expect(stranger.status).toBe(403);
		expect(stranger.data).toEqual({ message: "Only a shopper who has reported this product can correct it" });

		// Bad names, sizes and codes are refused by name; nothing changes.
		const bad = async (
			at: `/api/products/${string}`,
			body: Record<string, unknown>,
			status: 400 | 404,
			message: string | RegExp,
		) => {
			const res = await reporter.put(at, body as { name: string });
			expect(res.status).toBe(status);
			expect((res.data as { message: string }).message).toMatch(message);
		};
		await bad(path, { name: "  " }, 400, "Product name is required");
		await bad(path, { name: "0725272730706" }, 400, "A product's name needs words, not only digits");
		await bad(path, { name: "x".repeat(121) }, 400, "Product name must be at most 120 characters");
		await bad(path, { name: "Granola Bar", brand: "b".repeat(81) }, 400, "Brand must be at most 80 characters");
		await bad(
			path,
			{ name: "Granola Bar", size: { quantity: "1.5" } },
			400,
			"Size needs both a quantity and a unit, or neither",
		);
		await bad("/api/products/0725272730707", { name: "Granola Bar" }, 400, /the check digit, should be 6$/);
		await bad(
			"/api/products/4006381333931",
			{ name: "Granola Bar" },
			404,
			"No product has the barcode 4006381333931 yet",
		);
		expect((await history(reporter)).productName).toBe("Grnola bar");

		const fixed = await reporter.put("/api/products/72527273070-6", {
			name: "  Granola Bar, oats & honey ",
			brand: " Nature Valley ",
			size: { quantity: "1.49", unit: "oz" },
		});
		expect(fixed.status).toBe(200);
		expect(fixed.data).toEqual({
			barcode: code,
			name: "Granola Bar, oats & honey",
			brand: "Nature Valley",
			size: { quantity: 1.49, unit: "oz" },
		});
		// More reports of the misspelling, or of another size, do not undo it.
		for (const store of ["Bar Shop 2", "Bar Shop 3"]) {
			expectBody(
				await report("Grnola bar", 1.39, { barcode: code, storeName: store, size: { quantity: 2, unit: "oz" } }),
				201,
			);
		}
		expect(await history(searcher)).toMatchObject({
			productName: "Granola Bar, oats & honey",
			product: { brand: "Nature Valley", size: { quantity: 1.49, unit: "oz" } },
		});
	});
});
