import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { priceReportFeedback, priceReports, users } from "../../db/schema.ts";
import { DAY_MS } from "../lib/time.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";
import { SAME_PRICE_MESSAGE } from "./give.ts";

/** "The price changed" on a product's report: the giver's new report through the quality check, and its undo. */
let server: TestServer;
let dairyId: number;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	const { client } = await registerUser(server);
	dairyId = expectBody(await client.get("/api/categories"), 200).find((c: { name: string }) => c.name === "Dairy")!.id;
});
afterAll(() => server.stop());

let n = 0;
const post = (client: TestClient, productName: string, price: number) =>
	client.post("/api/price-reports", {
		productName,
		price,
		categoryId: dairyId,
		tags: ["organic", "milk"],
		description: "Half gallon",
		storeName: "Harbor Market",
		storeAddress: "7 Pier Rd",
	});
/** A product of its own, reported at $3.49 by a shopper of its own. */
async function listed() {
	const productName = `Goat Milk ${++n}`;
	const reporter = await registerUser(server, { firstName: "Rita", lastName: "Reporter" });
	const res = await post(reporter.client, productName, 3.49);
	if (res.status !== 201) throw new Error(JSON.stringify(res.data));
	return { id: res.data.id, productName, reporter: reporter.client };
}
const giverOf = () => registerUser(server, { firstName: "Gus", lastName: "Giver" });
const say = (client: TestClient, id: number, body: Record<string, unknown>) =>
	client.post(`/api/price-reports/${id}/feedback`, body);
const search = async (client: TestClient, q: string) =>
	expectBody(await client.get(`/api/search?q=${encodeURIComponent(q)}`), 200);
const row = (id: number) => server.db.select().from(priceReports).where(eq(priceReports.id, id)).get();
const totalReports = (userId: string) =>
	server.db.select({ n: users.totalReports }).from(users).where(eq(users.id, userId)).get()?.n;

describe("changed", () => {
	test("files the giver's report of the same product at the same store, and retires the old one in the same write", async () => {
		const { id, productName, reporter } = await listed();
		const { client: giver, user } = await giverOf();
		const res = await say(giver, id, { kind: "changed", price: "3.79" });
		expectStatus(res, 200);
		const old = expectBody(await reporter.get(`/api/search?q=${encodeURIComponent(productName)}`), 200);
		expect(res.data.listed).toBe(false);
		expect(res.data.report.feedback).toMatchObject({ changed: 1, mine: { kind: "changed", reason: null } });
		expect(res.data.newReport).toMatchObject({
			productName,
			price: 3.79,
			categoryId: dairyId,
			tags: ["organic", "milk"],
			description: null,
			store: res.data.report.store,
			user: { firstName: "Gus", lastName: "Giver" },
			isOwnReport: true,
		});
		expect(row(id)).toMatchObject({ isExpired: true, expiredReason: "A shopper reported a new price: $3.79" });
		expect(old.map((r: { id: number }) => r.id)).toEqual([res.data.newReport!.id]);
		const word = server.db.select().from(priceReportFeedback).where(eq(priceReportFeedback.reportId, id)).get();
		expect(word).toMatchObject({ userId: user.id, kind: "changed", price: 379, newReportId: res.data.newReport?.id });
		// A report of the giver's like any other: counted, and the old one cannot be spoken of again.
		expect(totalReports(user.id)).toBe(1);
		expect((await say(giver, id, { kind: "confirm" })).status).toBe(409);
	});

	test("the listed price itself is a 400 that says to confirm it instead", async () => {
		const { id } = await listed();
		const res = await say((await giverOf()).client, id, { kind: "changed", price: 3.49 });
		expect([res.status, res.data.message]).toEqual([400, SAME_PRICE_MESSAGE]);
		expect(row(id)?.isExpired).toBe(false);
	});

	test("a price the quality check refuses is its 422 and changes nothing", async () => {
		const { id, productName, reporter } = await listed();
		const { client: giver, user } = await giverOf();
		const res = await say(giver, id, { kind: "changed", price: 99 });
		expect(res.status).toBe(422);
		expect(res.data).toMatchObject({ message: "Price report rejected", suggestedRange: { min: 0.25, max: 60 } });
		expect(row(id)).toMatchObject({ isExpired: false, changedCount: 0 });
		expect(server.db.select().from(priceReportFeedback).where(eq(priceReportFeedback.reportId, id)).all()).toEqual([]);
		expect((await search(reporter, productName)).map((r) => r.price)).toEqual([3.49]);
		// A refused price, like any refused report, counts against the giver's accuracy; nothing else moves.
		const giverRow = server.db.select().from(users).where(eq(users.id, user.id)).get();
		expect([giverRow?.totalReports, giverRow?.reportsRefused]).toEqual([0, 1]);
	});

	test("a doubtful new price is asked about, and kept as typed once the giver says it is right", async () => {
		const { id, productName, reporter } = await listed();
		const { client: giver, user } = await giverOf();
		const asked = await say(giver, id, { kind: "changed", price: 34.9 });
		expect(asked.status).toBe(422);
		expect(asked.data).toMatchObject({ message: "Did you mean $3.49?", confirmable: true, suggestedPrice: 3.49 });
		expect(row(id)).toMatchObject({ isExpired: false, changedCount: 0 });
		expect((await search(reporter, productName)).map((r) => r.price)).toEqual([3.49]);
		// A question is no refusal: the giver's accuracy is untouched.
		expect(server.db.select().from(users).where(eq(users.id, user.id)).get()?.reportsRefused).toBe(0);

		const kept = await say(giver, id, { kind: "changed", price: 34.9, confirmUnusual: true });
		expect(kept.status).toBe(200);
		expect(kept.data).toMatchObject({ listed: false, newReport: { price: 34.9, unusual: true } });
		expect(row(id)).toMatchObject({ isExpired: true, changedCount: 1 });
	});

	test("DELETE withdraws the price it filed and brings the old one back", async () => {
		const { id, productName, reporter } = await listed();
		const { client: giver, user } = await giverOf();
		const filed = expectBody(await say(giver, id, { kind: "changed", price: 3.79 }), 200).newReport!.id;
		const undone = await giver.delete(`/api/price-reports/${id}/feedback`);
		expectStatus(undone, 200);
		expect(undone.data.report.feedback).toMatchObject({ changed: 0, mine: null });
		expect(row(filed)).toMatchObject({ isExpired: true, expiredReason: "Withdrawn: the price change was taken back" });
		expect(row(id)).toMatchObject({ isExpired: false, expiredReason: null });
		expect((await search(reporter, productName)).map((r) => [r.id, r.price])).toEqual([[id, 3.49]]);
		expect(totalReports(user.id)).toBe(0);
		// A price taken back leaves the price history too; the old one is there.
		const query = new URLSearchParams({ productName, categoryId: String(dairyId) });
		const history = expectBody(await reporter.get(`/api/products/history?${query}`), 200);
		expect(history.stores.flatMap((s: { points: { reportId: number }[] }) => s.points.map((p) => p.reportId))).toEqual([
			id,
		]);
	});

	test("an old report past its age stays expired when the change is taken back", async () => {
		const { id, productName, reporter } = await listed();
		const { client: giver } = await giverOf();
		await say(giver, id, { kind: "changed", price: 3.79 });
		server.db
			.update(priceReports)
			.set({ createdAt: new Date(Date.now() - 31 * DAY_MS) })
			.where(eq(priceReports.id, id))
			.run();
		expect((await giver.delete(`/api/price-reports/${id}/feedback`)).status).toBe(200);
		expect(row(id)?.isExpired).toBe(true);
		expect(await search(reporter, productName)).toEqual([]);
	});

	test("a new price another shopper reported there today is confirmed, not listed twice; undo takes both back", async () => {
		const { id, productName, reporter } = await listed();
		const other = await registerUser(server);
		const standing = expectBody(await post(other.client, productName, 3.79), 201).id;
		const { client: giver, user } = await giverOf();
		const res = await say(giver, id, { kind: "changed", price: 3.79 });
		expectStatus(res, 200);
		expect(res.data.newReport).toMatchObject({
			id: standing,
			isOwnReport: false,
			feedback: { confirm: 1, mine: { kind: "confirm", reason: null } },
		});
		expect(res.data.message).toMatch(/^Someone reported this price here (just now|\d+ min ago); we counted yours/);
		expect((await search(reporter, productName)).map((r) => r.id)).toEqual([standing]);
		expect(totalReports(user.id)).toBe(0);

		await giver.delete(`/api/price-reports/${id}/feedback`);
		expect(row(standing)).toMatchObject({ isExpired: false, confirmCount: 0 });
		// Both listed again: the store's one card, the cheaper, says so.
		expect(await search(reporter, productName)).toMatchObject([{ id, storeReports: { reports: 2, agreeing: 1 } }]);
	});
});
