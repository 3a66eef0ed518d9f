import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { milesBetween, roundMiles } from "../lib/zip.ts";
import { expectBody, expectStatus, registerUser, startTestServer, type TestServer } from "../test/harness.ts";

let server: TestServer;
let dairyId: number;
beforeAll(async () => {
	server = await startTestServer({ ADMIN_PASSKEY: "stores-passkey" });
	const { client } = await registerUser(server);
	const categories = expectBody(await client.get("/api/categories"), 200);
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
	test("suggests the stores reported in the shopper's zip, the most reported first, each with its zip", async () => {
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
			{ name: "FreshMart", address: "120 W 23rd St", zipCode: "20001", distanceMiles: 0 },
			{ name: "Corner Deli", address: "5 Elm St", zipCode: "20001", distanceMiles: 0 },
		]);
		// Another zip's (a vacation report counts there).
		expect(expectBody(await ana.client.get("/api/stores?zipCode=20003"), 200)).toEqual([
			{ name: "Far Store", address: "9 Oak Ave", zipCode: "20003", distanceMiles: 0 },
		]);

		// A store reported a moment ago is suggested at once (the cached answer follows the database).
		expect((await ben.client.post("/api/price-reports", report("Kefir", "New Market", "1 First St"))).status).toBe(201);
		expect((await ana.client.get("/api/stores?zipCode=20003")).data).toContainEqual({
			name: "New Market",
			address: "1 First St",
			zipCode: "20003",
			distanceMiles: 0,
		});
	});

	test("a store only a suspended account reported is no longer suggested", async () => {
		const scammer = await registerUser(server, { zipCode: "59001" });
		const honest = await registerUser(server, { zipCode: "59001" });
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
		expectStatus(suggested, 200);
		expect(suggested.data.map((s: { name: string }) => s.name)).toEqual(["Real Mart"]);
	});

	test("a zip written with its four extra digits finds the same store, its suggestions and the shopper's earlier price", async () => {
		const ana = await registerUser(server, { zipCode: "59820" });
		expect((await ana.client.post("/api/price-reports", report("Rye Bread", "Corner Shop", "7 Mill Rd"))).status).toBe(
			201,
		);
		expect((await ana.client.patch("/api/auth/user", { zipCode: "59820-0001" })).status).toBe(200);
		const cornerShop = { name: "Corner Shop", address: "7 Mill Rd", zipCode: "59820", distanceMiles: 0 };
		expect(expectBody(await ana.client.get("/api/stores"), 200)).toEqual([cornerShop]);
		const again = await ana.client.post("/api/price-reports", {
			...report("Rye Bread", "corner shop", "7 Mill Rd"),
			price: 2.99,
		});
		expectStatus(again, 201);
		expect(again.data.warning).toBe("This replaces your earlier price of $3.49 at Corner Shop.");
		const found = await ana.client.get("/api/search?q=rye&zipCode=59820");
		expectStatus(found, 200);
		expect(found.data.map((r: { price: number; store: { name: string } }) => [r.price, r.store.name])).toEqual([
			[2.99, "Corner Shop"],
		]);
		expect(expectBody(await ana.client.get("/api/auth/user"), 200).uniqueStoresVisited).toBe(1);
		// A neighbour who writes the short zip reports at the same store: still one suggestion.
		const ben = await registerUser(server, { zipCode: "59820" });
		expect((await ben.client.post("/api/price-reports", report("Rye Bread", "Corner Shop", "7 Mill Rd"))).status).toBe(
			201,
		);
		expect(expectBody(await ben.client.get("/api/stores"), 200)).toEqual([cornerShop]);
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

// 10001 and 10010 are Chelsea and the Flatiron, each among the other's nearest ZIP areas; 90210 is far from both.
describe("a store is where it is, not where its reporter lives", () => {
	const chelsea = roundMiles(milesBetween("10001", "10010")!);

	test("one shop reported from two neighbouring home zips is one store, at the first one's zip", async () => {
		const ana = await registerUser(server, { zipCode: "10001" });
		const ben = await registerUser(server, { zipCode: "10010" });
		const first = await ana.client.post("/api/price-reports", report("Oat Milk", "FreshMart", "120 W 23rd St"));
		const second = await ben.client.post("/api/price-reports", {
			...report("Oat Milk", "Freshmart", "120 w 23rd st"),
			price: 3.29,
		});
		expectStatus(first, 201);
		expectStatus(second, 201);
		expect(second.data.store).toEqual(first.data.store);
		// The report counts where the store is, not at Ben's home.
		expect(second.data.zipCode).toBe("10001");
		const fromBen = expectBody(await ben.client.get("/api/stores"), 200);
		expect(fromBen.filter((s: { name: string }) => s.name === "FreshMart")).toEqual([
			{ name: "FreshMart", address: "120 W 23rd St", zipCode: "10001", distanceMiles: chelsea },
		]);
		// Both prices are the store's one card.
		const found = await ben.client.get("/api/search?q=oat%20milk");
		expect(found.data).toMatchObject([
			{ price: 3.29, store: first.data.store, distanceMiles: chelsea, storeReports: { reports: 2, agreeing: 1 } },
		]);
	});

	test("a store zip typed by both shoppers makes one store there, and the report counts there", async () => {
		const ana = await registerUser(server, { zipCode: "10001" });
		const ben = await registerUser(server, { zipCode: "10010" });
		const bakery = { ...report("Rye Bread", "Corner Bakery", "9 W 26th St"), storeZipCode: "10001" };
		const first = await ben.client.post("/api/price-reports", bakery);
		// Another price: the same one would be counted as a confirmation of Ben's (reports/duplicates.ts).
		const second = await ana.client.post("/api/price-reports", { ...bakery, price: 3.59 });
		expectStatus(first, 201);
		expectStatus(second, 201);
		expect(second.data.store).toEqual(first.data.store);
		expect([first.data.zipCode, second.data.zipCode]).toEqual(["10001", "10001"]);
	});

	test("the same name and address far away is another store; a store zip far from home counts there", async () => {
		const ana = await registerUser(server, { zipCode: "10001" });
		const eve = await registerUser(server, { zipCode: "90210" });
		const chelseaStore = await ana.client.post("/api/price-reports", report("Kefir", "Main Market", "1 Main St"));
		expectStatus(chelseaStore, 201);
		const beverlyStore = await eve.client.post("/api/price-reports", report("Kefir", "Main Market", "1 Main St"));
		expectStatus(beverlyStore, 201);
		expect(beverlyStore.data.store.id).not.toBe(chelseaStore.data.store.id);
		expect(beverlyStore.data.zipCode).toBe("90210");
		// Ana names the store's zip on a trip: her report joins Eve's store, and counts in Beverly Hills.
		const away = await ana.client.post("/api/price-reports", {
			...report("Butter", "Main Market", "1 Main St"),
			storeZipCode: "90210",
		});
		expectStatus(away, 201);
		expect(away.data.store.id).toBe(beverlyStore.data.store.id);
		expect(away.data.zipCode).toBe("90210");
		expect((await ana.client.get("/api/stores")).data).toContainEqual({
			name: "Main Market",
			address: "1 Main St",
			zipCode: "10001",
			distanceMiles: 0,
		});
		expect((await ana.client.get("/api/stores")).data).not.toContainEqual(
			expect.objectContaining({ zipCode: "90210" }),
		);
	});

	test("suggestions come nearest first: the shopper's own zip, then the neighbours'", async () => {
		const ben = await registerUser(server, { zipCode: "10010" });
		expect((await ben.client.post("/api/price-reports", report("Ghee", "Flatiron Foods", "200 5th Ave"))).status).toBe(
			201,
		);
		const suggested = expectBody(await ben.client.get("/api/stores"), 200);
		expect(suggested[0]).toEqual({
			name: "Flatiron Foods",
			address: "200 5th Ave",
			zipCode: "10010",
			distanceMiles: 0,
		});
		const miles = suggested.map((s) => s.distanceMiles);
		expect(miles).toEqual([...miles].sort((a, b) => a - b));
		expect(miles.at(-1)).toBe(chelsea);
	});

	test("a store zip that is no US ZIP anyone has placed is refused, by name", async () => {
		const ana = await registerUser(server, { zipCode: "10001" });
		const refused = await ana.client.post("/api/price-reports", {
			...report("Milk", "Nowhere Mart", "0 Null Rd"),
			storeZipCode: "00000",
		});
		expect(refused.status).toBe(400);
		expect(refused.data.issues).toEqual([
			{ path: "storeZipCode", message: expect.stringMatching(/find ZIP code 00000/) },
		]);
	});
});
