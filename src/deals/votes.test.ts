import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { priceReports } from "../../db/schema.ts";
import { registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(() => server.stop());

const report = async (client: TestClient, name: string, price: number | string, zip?: string) => {
	const res = await client.post("/api/price-reports", {
		productName: name,
		price,
		categoryId: 1, // Groceries: its sane range admits every price used here
		storeName: `Store at ${price}`,
		storeAddress: "1 Main St",
		...(zip ? { vacationMode: true, reportZipCode: zip } : {}),
	});
	if (res.status !== 201) throw new Error(JSON.stringify(res.data));
	return res.data.id as number;
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
		expect((await reporter.client.get("/api/auth/user")).data.reputation).toBe(2);
		expect((await vote(a.client)).data).toEqual({ wasAdded: false, upvotes: 1, reportId: id });
		expect((await vote(a.client)).data).toEqual({ wasAdded: true, upvotes: 2, reportId: id });

		const seen = await a.client.get("/api/search?q=butter");
		expect(seen.data[0]).toMatchObject({ id, upvotes: 2, hasUserUpvoted: true });
		await vote(b.client);
		const seenByB = await b.client.get("/api/search?q=butter");
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
	test("savings are the highest nearby price of the same product minus this one, added once", async () => {
		const r1 = await registerUser(server, { zipCode: "90210" });
		const cheap = await report(r1.client, "Free Range Eggs", "2.49");
		await report(r1.client, "free  range EGGS", "3.99", "90069"); // same product, in West Hollywood nearby
		await report(r1.client, "Free Range Eggs", "9.99", "90201"); // in Bell, 16 miles away: not near
		await report(r1.client, "Eggs", "5.99"); // another product
		const taker = await registerUser(server, { zipCode: "90212" });
		const takenInSearch = async (c: TestClient) =>
			(
				(await c.get("/api/search?q=free%20range%20eggs&sort=price")).data as {
					id: number;
					hasUserTakenDeal: boolean;
				}[]
			).find((r) => r.id === cheap)?.hasUserTakenDeal;
		expect(await takenInSearch(taker.client)).toBe(false);

		const res = await taker.client.post(`/api/price-reports/${cheap}/take-deal`);
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ savings: 1.5, highestPrice: 3.99 });
		expect((await taker.client.get("/api/auth/user")).data.totalMoneySaved).toBe(1.5);
		// Searches remember it for the taker only.
		expect(await takenInSearch(taker.client)).toBe(true);
		expect(await takenInSearch(r1.client)).toBe(false);

		const again = await taker.client.post(`/api/price-reports/${cheap}/take-deal`);
		expect(again.status).toBe(409);
		expect(again.data.message).toBe("You have already taken this deal");
		expect((await taker.client.get("/api/auth/user")).data.totalMoneySaved).toBe(1.5);
	});

	test("the highest price itself saves nothing, never a negative amount", async () => {
		const r = await registerUser(server, { zipCode: "30002" });
		await report(r.client, "Sourdough", "4.00");
		const dear = await report(r.client, "Sourdough", "6.25");
		const taker = await registerUser(server, { zipCode: "30002" });
		const res = await taker.client.post(`/api/price-reports/${dear}/take-deal`);
		expect(res.data).toEqual({ savings: 0, highestPrice: 6.25 });
	});

	test("cents add up exactly across deals", async () => {
		const r = await registerUser(server, { zipCode: "40003" });
		const taker = await registerUser(server, { zipCode: "40003" });
		for (const [name, low, high] of [
			["Apples", "0.10", "0.30"],
			["Pears", "0.20", "0.30"],
			["Plums", "1.01", "1.11"],
		] as const) {
			const id = await report(r.client, name, low);
			await report(r.client, name, high);
			await taker.client.post(`/api/price-reports/${id}/take-deal`);
		}
		expect((await taker.client.get("/api/auth/user")).data.totalMoneySaved).toBe(0.4);
	});

	test("an expired deal cannot be taken, a missing one is 404", async () => {
		const r = await registerUser(server, { zipCode: "50001" });
		const id = await report(r.client, "Kefir", "3.00");
		server.db.update(priceReports).set({ isExpired: true }).where(eq(priceReports.id, id)).run();
		const res = await r.client.post(`/api/price-reports/${id}/take-deal`);
		expect(res.status).toBe(409);
		expect(res.data.message).toBe("This deal is no longer available");
		expect((await r.client.post("/api/price-reports/424242/take-deal")).status).toBe(404);
	});
});
