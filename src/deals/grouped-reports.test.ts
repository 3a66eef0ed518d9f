import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { expectBody, registerUser, startTestServer, type TestServer } from "../test/harness.ts";
import { getReportJson } from "./reports.ts";

describe.each(["thread", "inline"])("group commit of price reports (%s writer)", (writer) => {
	let server: TestServer;
	let dairyId: number;
	beforeAll(async () => {
		// Model off: the quality check judges inside the batch, so a 422 is one of its jobs.
		server = await startTestServer({ OLLAMA_HOST: "off", REPORT_WRITER: writer });
		const { client } = await registerUser(server);
		dairyId = expectBody(await client.get("/api/categories"), 200).find(
			(c: { name: string }) => c.name === "Dairy",
		)!.id;
	});
	afterAll(() => server.stop());

	test("reports posted together share commits, and each gets its own answer", async () => {
		const users = await Promise.all([1, 2, 3].map(() => registerUser(server)));
		const report = (i: number, price: number, tags: string[] = []) => ({
			productName: `Batch Butter ${i % 3}`,
			price,
			categoryId: dairyId,
			tags,
			// A store each: a shopper's second price for a product at one store would replace the first.
			storeName: `Dairy Barn ${i}`,
			storeAddress: `${i + 1} Cow Lane`,
		});
		const bodies = Array.from({ length: 12 }, (_, i) => report(i, 4 + (i % 3) * 0.25));
		bodies[4] = report(4, 5000); // outside dairy's usual range: 422
		bodies[9] = report(9, 3.5, ["no-such-tag"]); // refused before it reaches the batch: 400
		const before = server.runtime.reports.stats;
		const answers = await Promise.all(bodies.map((body, i) => users[i % 3]!.client.post("/api/price-reports", body)));

		expect(answers.map((a) => a.status)).toEqual(bodies.map((_, i) => (i === 4 ? 422 : i === 9 ? 400 : 201)));
		expect(answers[4]!.data).toMatchObject({
			reason: expect.stringContaining("outside the usual range"),
			suggestedRange: { min: 0.25, max: 60 },
		});
		const stats = server.runtime.reports.stats;
		// Eleven reports reached the batcher in one burst: far fewer commits than reports.
		expect(stats.jobs - before.jobs).toBe(11);
		expect(stats.batches - before.batches).toBeLessThan(6);
		// With a writer thread, the request connection's own batch wrote none of them.
		expect(server.runtime.reports.requestThreadStats.jobs).toBe(writer === "thread" ? 0 : stats.jobs);
		// Every 201 is stored, and answered as a later read shows it.
		for (const [i, a] of answers.entries()) {
			if (a.status !== 201) continue;
			const {
				hasUserUpvoted: _,
				hasUserTakenDeal: _t,
				...stored
			} = getReportJson(server.db, a.data.id, users[i % 3]!.user.id);
			const { expirationAnalysis: __, hasUserUpvoted: ___, hasUserTakenDeal: _a, ...answered } = a.data;
			expect(answered).toEqual(stored);
		}
		const counts = users.map(
			(u) =>
				(server.sqlite.query("SELECT total_reports AS n FROM users WHERE id = ?").get(u.user.id) as { n: number }).n,
		);
		expect(counts).toEqual([3, 3, 4]); // the 400 (i = 9) and the 422 (i = 4) count for nobody
	});

	test("fuel reports go through the same batcher as price reports, each with its own answer", async () => {
		const { client, user } = await registerUser(server);
		const before = server.runtime.reports.stats;
		const fuel = (i: number, price: number) => ({
			stationName: `Batch Gas ${i}`,
			stationAddress: "7 Pump Rd",
			price,
			fuelType: "regular",
		});
		const [gas, milk, slip] = await Promise.all([
			client.post("/api/gas/reports", fuel(1, 3.459)),
			client.post("/api/price-reports", {
				productName: "Batch Milk",
				price: 3.49,
				categoryId: dairyId,
				storeName: "Dairy Barn 9",
				storeAddress: "9 Cow Lane",
			}),
			client.post("/api/gas/reports", fuel(2, 99)), // outside regular gas's usual range: 422
		]);
		expect([gas.status, milk.status, slip.status]).toEqual([201, 201, 422]);
		expect(gas.data).toMatchObject({ stationName: "Batch Gas 1", price: 3.459, user: { username: user.username } });
		const stats = server.runtime.reports.stats;
		// All three went through the batcher: with the model off a fuel price is judged inside it too, as a
		// product's is, so the 422 is one of its jobs; only the two stored reports count.
		expect(stats.jobs - before.jobs).toBe(3);
		expect(server.sqlite.query("SELECT total_reports AS n FROM users WHERE id = ?").get(user.id)).toEqual({ n: 2 });
	});
});
