import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { registerUser, startTestServer, type TestServer } from "../test/harness.ts";

let server: TestServer;
let dairyId: number;
beforeAll(async () => {
	server = await startTestServer({ ADMIN_PASSKEY: "stores-passkey" });
	const { client } = await registerUser(server);
	const categories = (await client.get("/api/categories")).data as { id: number; name: string }[];
	dairyId = categories.find((c) => c.name === "Dairy")!.id;
});
afterAll(() => server.stop());

const report = (productName: string, storeName: string, storeAddress: string) => ({
	productName,
	price: 3.49,
	categoryId: dairyId,
	storeName,
	storeAddress,
});

describe("GET /api/stores", () => {
	test("suggests the stores reported in the shopper's zip, the most reported first", async () => {
		const ana = await registerUser(server, { zipCode: "20001" });
		const ben = await registerUser(server, { zipCode: "20003" });
		for (const product of ["Milk", "Eggs"]) {
			expect((await ana.client.post("/api/price-reports", report(product, "FreshMart", "120 W 23rd St"))).status).toBe(
				201,
			);
		}
		expect((await ana.client.post("/api/price-reports", report("Milk", "Corner Deli", "5 Elm St"))).status).toBe(201);
		expect((await ben.client.post("/api/price-reports", report("Milk", "Far Store", "9 Oak Ave"))).status).toBe(201);

		const mine = await ana.client.get("/api/stores");
		expect(mine.status).toBe(200);
		expect(mine.data).toEqual([
			{ name: "FreshMart", address: "120 W 23rd St" },
			{ name: "Corner Deli", address: "5 Elm St" },
		]);
		// Another zip's (a vacation report counts there).
		expect((await ana.client.get("/api/stores?zipCode=20003")).data).toEqual([
			{ name: "Far Store", address: "9 Oak Ave" },
		]);

		// A store reported a moment ago is suggested at once (the cached answer follows the database).
		expect((await ben.client.post("/api/price-reports", report("Kefir", "New Market", "1 First St"))).status).toBe(201);
		expect((await ana.client.get("/api/stores?zipCode=20003")).data).toContainEqual({
			name: "New Market",
			address: "1 First St",
		});
	});

	test("a store only a suspended account reported is no longer suggested", async () => {
		const scammer = await registerUser(server, { zipCode: "20005" });
		const honest = await registerUser(server, { zipCode: "20005" });
		expect((await scammer.client.post("/api/price-reports", report("Milk", "Scam Mart", "13 Fake St"))).status).toBe(
			201,
		);
		expect((await honest.client.post("/api/price-reports", report("Milk", "Real Mart", "1 Main St"))).status).toBe(201);
		const moderator = await registerUser(server);
		expect((await moderator.client.post("/api/admin/verify-passkey", { passkey: "stores-passkey" })).data).toEqual({
			valid: true,
		});
		const terminated = await moderator.client.post("/api/admin/terminate-account", {
			userId: scammer.user.id,
			reason: "Fake prices",
		});
		expect(terminated.status).toBe(200);
		const suggested = await honest.client.get("/api/stores");
		expect(suggested.data.map((s: { name: string }) => s.name)).toEqual(["Real Mart"]);
	});

	test("a zip written with its four extra digits finds the same store, its suggestions and the shopper's earlier price", async () => {
		const ana = await registerUser(server, { zipCode: "84250" });
		expect((await ana.client.post("/api/price-reports", report("Rye Bread", "Corner Shop", "7 Mill Rd"))).status).toBe(
			201,
		);
		expect((await ana.client.patch("/api/auth/user", { zipCode: "84250-0001" })).status).toBe(200);
		expect((await ana.client.get("/api/stores")).data).toEqual([{ name: "Corner Shop", address: "7 Mill Rd" }]);
		const again = await ana.client.post("/api/price-reports", {
			...report("Rye Bread", "corner shop", "7 Mill Rd"),
			price: 2.99,
		});
		expect(again.status).toBe(201);
		expect(again.data.warning).toBe("This replaces your earlier price of $3.49 at Corner Shop.");
		const found = await ana.client.get("/api/search?q=rye&zipCode=84250");
		expect(found.data.map((r: { price: number; store: { name: string } }) => [r.price, r.store.name])).toEqual([
			[2.99, "Corner Shop"],
		]);
		expect((await ana.client.get("/api/auth/user")).data.uniqueStoresVisited).toBe(1);
		// A neighbour who writes the short zip reports at the same store: still one suggestion.
		const ben = await registerUser(server, { zipCode: "84250" });
		expect((await ben.client.post("/api/price-reports", report("Rye Bread", "Corner Shop", "7 Mill Rd"))).status).toBe(
			201,
		);
		expect((await ben.client.get("/api/stores")).data).toEqual([{ name: "Corner Shop", address: "7 Mill Rd" }]);
	});

	test("no zip, no suggestions; a guest is refused; a bad zip is named", async () => {
		const nomad = await registerUser(server, { zipCode: null });
		const none = await nomad.client.get("/api/stores");
		expect(none.status).toBe(200);
		expect(none.data).toEqual([]);
		expect((await server.client().get("/api/stores")).status).toBe(401);
		const bad = await nomad.client.get(`/api/stores?zipCode=${"1".repeat(11)}`);
		expect(bad.status).toBe(400);
		expect(bad.data.message).toMatch(/Zip code/);
	});
});
