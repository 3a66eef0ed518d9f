import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { priceReports } from "../../db/schema.ts";
import { expectStatus, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";

// The model unreachable (judged before the write, as with a model) and off (judged inside the write): the
// same answers either way.
for (const [label, env] of [
	["model unreachable", {}],
	["model off", { OLLAMA_HOST: "off" }],
] as const) {
	describe(`quality check on POST /api/price-reports (${label})`, () => {
		let server: TestServer;
		let client: TestClient;
		// The consensus hears one voice per shopper, so the history is reported by neighbours.
		let neighbours: TestClient[];
		beforeAll(async () => {
			server = await startTestServer(env);
			client = (await registerUser(server, { zipCode: "60601" })).client;
			neighbours = [];
			for (let i = 0; i < 5; i++) neighbours.push((await registerUser(server, { zipCode: "60601" })).client);
		});
		afterAll(() => server.stop());

		const report = (productName: string, price: number | string, zip?: string, by = client, extra = {}) =>
			by.post("/api/price-reports", {
				productName,
				price,
				categoryId: 3,
				// A store per price and shopper: another shopper's same price at the same store would be counted as
				// a confirmation of theirs (reports/duplicates.ts), not as a voice of its own.
				storeName: `Store ${price} ${neighbours.indexOf(by)}`,
				storeAddress: "9 Lake St",
				...(zip ? { vacationMode: true, reportZipCode: zip } : {}),
				...extra,
			});

		test("a slipped decimal is refused with 422, a reason and the typical range; nothing is stored", async () => {
			const prices = ["3.49", "3.59", "3.39", "3.49", "3.69"];
			for (const [i, p] of prices.entries())
				expect((await report("Oat Milk", p, undefined, neighbours[i])).status).toBe(201);
			const before = server.db.select().from(priceReports).all().length;
			const res = await report("oat  MILK", "34.90");
			expectStatus(res, 422);
			expect(res.data.message).toBe("Price report rejected");
			expect(res.data.reason).toContain("5 nearby reports");
			expect(res.data.suggestedRange.min).toBeLessThanOrEqual(3.39);
			expect(res.data.suggestedRange.max).toBeGreaterThanOrEqual(3.69);
			expect(res.data.suggestedPrice).toBe(3.49);
			expect(res.data.confirmable).toBeUndefined();
			// Refused whatever the shopper says: five voices know better.
			const insisted = await report("oat  MILK", "34.90", undefined, client, { confirmUnusual: true });
			expect(insisted.status).toBe(422);
			expect(insisted.data.message).toBe("Price report rejected");
			expect(server.db.select().from(priceReports).all().length).toBe(before);
		});

		test("with 5 voices, a price between the usual band and the refusal is listed as unusual, with a warning", async () => {
			for (const [i, p] of ["2.00", "2.05", "1.95", "2.00", "2.10"].entries())
				expect((await report("Skyr", p, undefined, neighbours[i])).status).toBe(201);
			const dear = await report("Skyr", "2.80");
			expectStatus(dear, 201);
			expect(dear.data).toMatchObject({
				unusual: true,
				bestDeal: false,
				warning:
					"$2.80 is 40% above the $2.00 nearby shoppers report. It's listed, but won't be a Best Deal until another shopper confirms it.",
			});
			expect(dear.data.verificationConfidence).toBeLessThanOrEqual(0.4);
			const row = server.db.select().from(priceReports).where(eq(priceReports.id, dear.data.id)).get();
			expect(row).toMatchObject({ isUnusual: true, isActive: true, isExpired: false });
			// A real sale 20% below is honest: listed like any price.
			const sale = await report("Skyr", "1.60", undefined, neighbours[0]);
			expectStatus(sale, 201);
			expect(sale.data).toMatchObject({ unusual: false, bestDeal: true });
			expect(sale.data.warning).toBeUndefined();
			// More than half off: refused, whatever the spread.
			expect((await report("Skyr", "3.05", undefined, neighbours[1])).status).toBe(422);
		});

		test("on thin history, a price far outside the category's usual range is asked about, then held as unusual", async () => {
			const body = {
				productName: "Sourdough Loaf",
				price: "59.90",
				categoryId: 5, // Bakery
				storeName: "Crumb & Co",
				storeAddress: "3 Lake St",
			};
			const asked = await client.post("/api/price-reports", body);
			expect(asked.status).toBe(422);
			expect(asked.data).toMatchObject({ message: "Did you mean $5.99?", suggestedPrice: 5.99, confirmable: true });
			const loaf = await client.post("/api/price-reports", { ...body, confirmUnusual: true });
			expectStatus(loaf, 201);
			expect(loaf.data).toMatchObject({
				unusual: true,
				bestDeal: false,
				warning:
					"$59.90 is far above the prices usually reported for Bakery ($1.00 to $20.00). It's listed, but won't be a Best Deal until another shopper confirms it.",
			});
			expect(loaf.data.verificationConfidence).toBeLessThanOrEqual(0.4);
		});

		test("accepted reports carry a confidence and a reason; the consensus makes them AI-verifiable", async () => {
			const res = await report("Oat Milk", "3.45");
			expectStatus(res, 201);
			expect(res.data.verificationConfidence).toBeGreaterThanOrEqual(0.7);
			expect(res.data.verificationReason).toContain("recent reports nearby");
			const thin = await report("Goat Milk", "5.99");
			expectStatus(thin, 201);
			expect(thin.data.verificationConfidence).toBe(0.5);
		});

		test("a price outside the category's sane range is refused even without history", async () => {
			const res = await report("Rare Cheese", "9999.00");
			expectStatus(res, 422);
			expect(res.data.suggestedRange).toEqual({ min: 0.25, max: 60 });
		});

		test("when the consensus forms, earlier outliers expire and the answer says so", async () => {
			// Thin history lets a slip in; the reports after it form a consensus that expires it.
			const slip = await report("Kefir", "39.90", undefined, neighbours[0], { confirmUnusual: true });
			expectStatus(slip, 201);
			await report("Kefir", "3.99", undefined, neighbours[1]);
			await report("Kefir", "4.09", undefined, neighbours[2]);
			const res = await report("Kefir", "3.89");
			expectStatus(res, 201);
			expect(res.data.expirationAnalysis).toMatchObject({ expiredCount: 1, consensusPrice: 4.04, analyzed: 4 });
			expect(res.data.expirationAnalysis?.message).toContain("helped remove 1 outlier price");
			const expired = server.db.select().from(priceReports).where(eq(priceReports.id, slip.data.id)).get();
			expect(expired?.isExpired).toBe(true);
			expect(expired?.expiredReason).toContain("Far from the community price");
			const search = await client.get("/api/search?q=kefir");
			expectStatus(search, 200);
			expect(search.data.map((r: { price: number }) => r.price).sort()).toEqual([3.89, 3.99, 4.09]);
		});

		test("a shopper's own earlier slip expires too, when their next report completes the consensus", async () => {
			// Their $8.90 came in on thin history; with theirs at $3.50 the community price is $3.525, and $8.90
			// is 2.52 times that: an outlier, whoever reported it.
			const slip = await report("Rice Nog", "8.90");
			expect(slip.status).toBe(201);
			for (const [i, p] of ["3.50", "3.60", "3.55"].entries()) await report("Rice Nog", p, undefined, neighbours[i]);
			const mine = await report("Rice Nog", "3.50");
			expectStatus(mine, 201);
			expect(mine.data.expirationAnalysis?.expiredCount).toBe(1);
			const search = await client.get("/api/search?q=rice%20nog");
			expectStatus(search, 200);
			expect(search.data.map((r: { price: number }) => r.price)).not.toContain(8.9);
		});

		test("reports beyond 20 zips do not count toward the consensus", async () => {
			for (const [i, p] of ["2.00", "2.10", "1.90"].entries()) await report("Buttermilk", p, "61820", neighbours[i]);
			expect((await report("Buttermilk", "9.00")).status).toBe(201);
		});

		test("one shopper's repeated reports are one voice: they can neither outvote the neighbours nor expire them", async () => {
			for (const [i, p] of ["3.49", "3.59", "3.39"].entries()) await report("Almond Milk", p, undefined, neighbours[i]);
			// Counted per report, four reports at $2.00 would make $2.00 the consensus, then $1.00 would pass, and
			// enough of those would expire the neighbours' prices as outliers.
			// Within a minute, the same price there again is answered as the first report (decision 0073).
			const repeated = [];
			for (let i = 0; i < 4; i++) repeated.push((await report("Almond Milk", "2.00")).status);
			expect(repeated).toEqual([201, 200, 200, 200]);
			const walkedDown = [];
			for (let i = 0; i < 8; i++) walkedDown.push((await report("Almond Milk", "1.00")).status);
			expect(walkedDown).toEqual(Array(8).fill(422));
			const fresh = await report("Almond Milk", "3.50", undefined, neighbours[3]);
			expectStatus(fresh, 201);
			expect(fresh.data.verificationReason).toContain("In line with 4 recent reports nearby");
			const search = await client.get("/api/search?q=almond%20milk");
			expectStatus(search, 200);
			expect(search.data.map((r: { price: number }) => r.price)).toEqual(
				expect.arrayContaining([3.39, 3.49, 3.5, 3.59]),
			);
		});
	});
}
