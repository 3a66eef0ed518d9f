import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { dealTakes, priceReports } from "../../db/schema.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(() => server.stop());

/** Bakery: its usual range ends at $20, so a $59.90 loaf is asked about on thin history, then held as unusual. */
const BAKERY = 5;

/** `keep`: the shopper's answer when the check asks about a price far outside its category's usual range. */
const report = async (
	client: TestClient,
	name: string,
	price: number | string,
	zip?: string,
	categoryId = 1,
	keep = false,
) => {
	const res = await client.post("/api/price-reports", {
		productName: name,
		price,
		categoryId, // Groceries by default: its usual range holds every price used with it here
		storeName: `Store at ${price}`,
		storeAddress: "1 Main St",
		...(zip ? { vacationMode: true, reportZipCode: zip } : {}),
		...(keep && { confirmUnusual: true }),
	});
	if (res.status !== 201) throw new Error(JSON.stringify(res.data));
	return res.data.id;
};

describe("POST /api/price-reports/:id/upvote", () => {
	test("toggles per user, counts every voter, and the reporter's reputation follows", async () => {
		const reporter = await registerUser(server);
		const a = await registerUser(server);
		const b = await registerUser(server);
		const id = await report(reporter.client, "Butter", 3.99);
		const vote = (c: TestClient) => c.post(`/api/price-reports/${id}/upvote`);

		expect((await vote(a.client)).data).toEqual({ wasAdded: true, upvotes: 1, reportId: id });
		expect((await vote(b.client)).data).toEqual({ wasAdded: true, upvotes: 2, reportId: id });
		expect(expectBody(await reporter.client.get("/api/auth/user"), 200).reputation).toBe(2);
		expect((await vote(a.client)).data).toEqual({ wasAdded: false, upvotes: 1, reportId: id });
		expect((await vote(a.client)).data).toEqual({ wasAdded: true, upvotes: 2, reportId: id });

		const seen = await a.client.get("/api/search?q=butter");
		expectStatus(seen, 200);
		expect(seen.data[0]).toMatchObject({ id, upvotes: 2, hasUserUpvoted: true });
		await vote(b.client);
		const seenByB = await b.client.get("/api/search?q=butter");
		expectStatus(seenByB, 200);
		expect(seenByB.data[0]).toMatchObject({ upvotes: 1, hasUserUpvoted: false });
	});

	test("many votes at once are each counted", async () => {
		const reporter = await registerUser(server);
		const id = await report(reporter.client, "Cheddar", 6.5);
		const voters = await Promise.all(Array.from({ length: 6 }, () => registerUser(server)));
		const answers = await Promise.all(voters.map((v) => v.client.post(`/api/price-reports/${id}/upvote`)));
		expect(answers.every((r) => r.status === 200 && r.data.wasAdded)).toBe(true);
		expect(server.db.select().from(priceReports).where(eq(priceReports.id, id)).get()?.upvotes).toBe(6);
	});

	test("one's own report cannot be upvoted; a missing report is 404", async () => {
		const reporter = await registerUser(server);
		const id = await report(reporter.client, "Cream", 2.5);
		const own = await reporter.client.post(`/api/price-reports/${id}/upvote`);
		expect(own.status).toBe(403);
		expect(own.data.message).toBe("You can't upvote your own report");
		expect((await reporter.client.post("/api/price-reports/999999/upvote")).status).toBe(404);
		expect((await reporter.client.post("/api/price-reports/abc/upvote")).status).toBe(404);
		expect((await server.client().post(`/api/price-reports/${id}/upvote`)).status).toBe(401);
	});
});

describe("POST /api/price-reports/:id/take-deal", () => {
	test("savings are the typical nearby price (the median) of the same product minus this one, added once", async () => {
		const r1 = await registerUser(server, { zipCode: "90210" });
		const cheap = await report(r1.client, "Free Range Eggs", "2.49");
		await report(r1.client, "free  range EGGS", "3.99", "90069"); // same product, in West Hollywood nearby
		await report(r1.client, "Free Range Eggs", "4.49", "90069");
		await report(r1.client, "Free Range Eggs", "9.99", "90201"); // in Bell, 16 miles away: not near
		await report(r1.client, "Eggs", "5.99"); // another product
		const taker = await registerUser(server, { zipCode: "90212" });
		const takenInSearch = async (c: TestClient) =>
			expectBody(await c.get("/api/search?q=free%20range%20eggs&sort=price"), 200).find((r) => r.id === cheap)
				?.hasUserTakenDeal;
		expect(await takenInSearch(taker.client)).toBe(false);

		const res = await taker.client.post(`/api/price-reports/${cheap}/take-deal`);
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ savings: 1.5, highestPrice: 4.49, typicalPrice: 3.99 });
		expect(expectBody(await taker.client.get("/api/auth/user"), 200).totalMoneySaved).toBe(1.5);
		// Searches remember it for the taker only.
		expect(await takenInSearch(taker.client)).toBe(true);
		expect(await takenInSearch(r1.client)).toBe(false);

		const again = await taker.client.post(`/api/price-reports/${cheap}/take-deal`);
		expect(again.status).toBe(409);
		expect(again.data.message).toBe("You have already taken this deal");
		expect(expectBody(await taker.client.get("/api/auth/user"), 200).totalMoneySaved).toBe(1.5);
	});

	test("a price at or above the typical one saves nothing, never a negative amount", async () => {
		const r = await registerUser(server, { zipCode: "30002" });
		await report(r.client, "Sourdough", "4.00");
		const dear = await report(r.client, "Sourdough", "6.25");
		const taker = await registerUser(server, { zipCode: "30002" });
		const res = await taker.client.post(`/api/price-reports/${dear}/take-deal`);
		expectStatus(res, 200);
		expect(res.data).toEqual({ savings: 0, highestPrice: 6.25, typicalPrice: 5.13 });
	});

	test("cents add up exactly across deals", async () => {
		const r = await registerUser(server, { zipCode: "40003" });
		const taker = await registerUser(server, { zipCode: "40003" });
		for (const [name, low, mid, high] of [
			["Apples", "0.50", "0.60", "0.70"],
			["Pears", "0.60", "0.65", "0.70"],
			["Plums", "1.01", "1.06", "1.11"],
		] as const) {
			const id = await report(r.client, name, low);
			await report(r.client, name, mid);
			await report(r.client, name, high);
			await taker.client.post(`/api/price-reports/${id}/take-deal`);
		}
		expect(expectBody(await taker.client.get("/api/auth/user"), 200).totalMoneySaved).toBe(0.2);
	});

	test("an expired deal cannot be taken, a missing one is 404", async () => {
		const r = await registerUser(server, { zipCode: "50001" });
		const taker = await registerUser(server, { zipCode: "50001" });
		const id = await report(r.client, "Kefir", "3.00");
		server.db.update(priceReports).set({ isExpired: true }).where(eq(priceReports.id, id)).run();
		const res = await taker.client.post(`/api/price-reports/${id}/take-deal`);
		expect(res.status).toBe(409);
		expect(res.data.message).toBe("This deal is no longer available");
		expect((await taker.client.post("/api/price-reports/424242/take-deal")).status).toBe(404);
	});

	test("the $59.90 loaf: a slip on thin history makes nobody's bread a $53.91 saving", async () => {
		const baker = await registerUser(server, { zipCode: "60614" });
		const slip = await registerUser(server, { zipCode: "60614" });
		const taker = await registerUser(server, { zipCode: "60614" });
		const bread = await report(baker.client, "Sourdough Loaf", "5.99", undefined, BAKERY);
		const loaf = await report(slip.client, "Sourdough Loaf", "59.90", undefined, BAKERY, true);
		expect(server.db.select().from(priceReports).where(eq(priceReports.id, loaf)).get()?.isUnusual).toBe(true);
		const res = await taker.client.post(`/api/price-reports/${bread}/take-deal`);
		expectStatus(res, 200);
		expect(res.data).toEqual({ savings: 0, highestPrice: 5.99, typicalPrice: 5.99 });
		expect(expectBody(await taker.client.get("/api/auth/user"), 200).totalMoneySaved).toBe(0);
	});

	test("confirmed, a dear price counts toward the median, never as the measure; flagged or hidden, not at all", async () => {
		const r = await registerUser(server, { zipCode: "60615" });
		const ids: number[] = [];
		for (const price of ["4.49", "4.99", "5.49", "59.90"])
			ids.push(await report(r.client, "Rye Loaf", price, undefined, BAKERY, price === "59.90"));
		server.db.update(priceReports).set({ confirmCount: 1, confirmWeight: 1 }).where(eq(priceReports.id, ids[3]!)).run();
		const taker = await registerUser(server, { zipCode: "60615" });
		const res = await taker.client.post(`/api/price-reports/${ids[0]}/take-deal`);
		expectStatus(res, 200);
		expect(res.data).toEqual({ savings: 0.75, highestPrice: 59.9, typicalPrice: 5.24 });

		const flagged = await registerUser(server, { zipCode: "60616" });
		const cheap = await report(flagged.client, "Pumpernickel", "2.00", undefined, BAKERY);
		await report(flagged.client, "Pumpernickel", "3.00", undefined, BAKERY);
		const wrong = await report(flagged.client, "Pumpernickel", "10.00", undefined, BAKERY);
		const hidden = await report(flagged.client, "Pumpernickel", "12.00", undefined, BAKERY);
		server.db.update(priceReports).set({ flagCount: 1, flagWeight: 1 }).where(eq(priceReports.id, wrong)).run();
		server.db.update(priceReports).set({ isActive: false }).where(eq(priceReports.id, hidden)).run();
		const other = await registerUser(server, { zipCode: "60616" });
		const taken = await other.client.post(`/api/price-reports/${cheap}/take-deal`);
		expectStatus(taken, 200);
		expect(taken.data).toEqual({ savings: 0.5, highestPrice: 3, typicalPrice: 2.5 });
	});

	test("an unusual price nobody has confirmed saves nothing", async () => {
		const r = await registerUser(server, { zipCode: "60617" });
		await report(r.client, "Bagels", "4.49", undefined, BAKERY);
		await report(r.client, "Bagels", "4.99", undefined, BAKERY);
		const odd = await report(r.client, "Bagels", "0.50", undefined, BAKERY, true); // below Bakery's usual range
		const taker = await registerUser(server, { zipCode: "60617" });
		const res = await taker.client.post(`/api/price-reports/${odd}/take-deal`);
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ savings: 0, highestPrice: 4.99, typicalPrice: 4.74 });
		expect(expectBody(await taker.client.get("/api/auth/user"), 200).totalMoneySaved).toBe(0);
	});

	test("the highest price is never below the deal's own, even when the deal is not among the trusted prices", async () => {
		const r = await registerUser(server, { zipCode: "60621" });
		await report(r.client, "Focaccia", "2.00", undefined, BAKERY);
		await report(r.client, "Focaccia", "3.00", undefined, BAKERY);
		const dear = await report(r.client, "Focaccia", "10.00", undefined, BAKERY);
		// One open flag keeps it out of the typical price, yet it is still listed and can be taken.
		server.db.update(priceReports).set({ flagCount: 1, flagWeight: 1 }).where(eq(priceReports.id, dear)).run();
		const taker = await registerUser(server, { zipCode: "60621" });
		const res = await taker.client.post(`/api/price-reports/${dear}/take-deal`);
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ savings: 0, highestPrice: 10, typicalPrice: 2.5 });
	});

	test("one's own report is refused", async () => {
		const r = await registerUser(server, { zipCode: "60618" });
		const id = await report(r.client, "Brioche", "5.49", undefined, BAKERY);
		const own = await r.client.post(`/api/price-reports/${id}/take-deal`);
		expect(own.status).toBe(403);
		expect(own.data.message).toBe("You can't take a deal on your own report");
		expect(expectBody(await r.client.get("/api/auth/user"), 200).totalMoneySaved).toBe(0);
	});

	test("one deal per product a day: the same product elsewhere is refused until a day has passed", async () => {
		const r = await registerUser(server, { zipCode: "60619" });
		const here = await report(r.client, "Whole Milk", "3.29");
		const there = await report(r.client, "whole  MILK", "3.49", "60620");
		const cream = await report(r.client, "Half and Half", "2.99");
		await report(r.client, "Whole Milk", "3.99");
		const taker = await registerUser(server, { zipCode: "60619" });
		expect((await taker.client.post(`/api/price-reports/${here}/take-deal`)).status).toBe(200);
		const twice = await taker.client.post(`/api/price-reports/${there}/take-deal`);
		expect(twice.status).toBe(409);
		expect(twice.data.message).toBe("You already took a deal on whole  MILK in the last 24 hours");
		expect((await taker.client.post(`/api/price-reports/${cream}/take-deal`)).status).toBe(200);
		const saved = expectBody(await taker.client.get("/api/auth/user"), 200).totalMoneySaved;
		// A day later, the product can be taken again.
		server.db
			.update(dealTakes)
			.set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
			.where(eq(dealTakes.userId, taker.user.id))
			.run();
		const later = await taker.client.post(`/api/price-reports/${there}/take-deal`);
		expectStatus(later, 200);
		expect(expectBody(await taker.client.get("/api/auth/user"), 200).totalMoneySaved).toBe(saved + later.data.savings);
	});
});
