import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { priceReportFeedback, priceReports } from "../../db/schema.ts";
import { HOUR_MS } from "../lib/time.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";
import { establish } from "../test/standing.ts";
import { DECIDED_MESSAGE, NOTHING_TO_UNDO_MESSAGE, OWN_REPORT_MESSAGE } from "./give.ts";

/** Confirm, unavailable and wrong on a product's price report, and taking them back (changed: changed.test.ts). */
let server: TestServer;
const PASSKEY = "correct horse battery staple";
let dairyId: number;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off", ADMIN_PASSKEY: PASSKEY });
	const { client } = await registerUser(server);
	dairyId = expectBody(await client.get("/api/categories"), 200).find((c: { name: string }) => c.name === "Dairy")!.id;
});
afterAll(() => server.stop());

let n = 0;
/** A report of a product of its own (no consensus, no duplicate) by a shopper of its own; its id and reporter. */
async function listed(productName = `Skyr ${++n}`, price = 3.49) {
	const reporter = await registerUser(server, { firstName: "Rita" });
	const res = await reporter.client.post("/api/price-reports", {
		productName,
		price,
		categoryId: dairyId,
		tags: ["organic"],
		storeName: "FreshMart",
		storeAddress: "120 W 23rd St",
	});
	if (res.status !== 201) throw new Error(JSON.stringify(res.data));
	return { id: res.data.id, reporter: reporter.client, productName };
}
const shopper = async () => (await registerUser(server)).client;
/** A shopper of standing, whose flags can hide a report (decision 0071). */
async function establishedShopper() {
	const { client, user } = await registerUser(server);
	establish(server, [user.id]);
	return client;
}
const say = (client: TestClient, id: number, body: Record<string, unknown>) =>
	client.post(`/api/price-reports/${id}/feedback`, body);
const unsay = (client: TestClient, id: number) => client.delete(`/api/price-reports/${id}/feedback`);
const found = async (client: TestClient, q: string) =>
	expectBody(await client.get(`/api/search?q=${encodeURIComponent(q)}`), 200);
const backdate = (id: number, ms: number) =>
	server.db
		.update(priceReports)
		.set({ createdAt: new Date(Date.now() - ms) })
		.where(eq(priceReports.id, id))
		.run();

describe("confirm", () => {
	test("restarts the price's freshness and raises its confidence; everyone sees the count, the giver their word", async () => {
		const { id, productName, reporter } = await listed();
		backdate(id, 48 * HOUR_MS);
		const viewer = await shopper();
		const before = (await found(viewer, productName))[0]!;
		expect(before.feedback).toEqual({ confirm: 0, changed: 0, unavailable: 0, wrong: 0, mine: null });

		const giver = await shopper();
		const res = await say(giver, id, { kind: "confirm" });
		expectStatus(res, 200);
		expect(res.data.listed).toBe(true);
		expect(res.data.report).toMatchObject({
			id,
			isOwnReport: false,
			starred: false,
			feedback: { confirm: 1, changed: 0, unavailable: 0, wrong: 0, mine: { kind: "confirm", reason: null } },
		});
		expect(Date.parse(res.data.report.seenAt)).toBeGreaterThan(Date.parse(before.seenAt as string) + 47 * HOUR_MS);
		expect(res.data.report.verificationConfidence).toBeGreaterThan(before.verificationConfidence as number);

		// The same on search and the deal page: for the giver their word, for others the count alone.
		const asGiver = (await found(giver, productName))[0]!;
		expect(asGiver.feedback).toEqual(res.data.report.feedback);
		expect(asGiver.seenAt).toBe(res.data.report.seenAt);
		const asViewer = expectBody(await viewer.get(`/api/price-reports/${id}`), 200);
		expect(asViewer.feedback).toEqual({ confirm: 1, changed: 0, unavailable: 0, wrong: 0, mine: null });
		expect(asViewer.verificationConfidence).toBe(res.data.report.verificationConfidence);
		const asReporter = (await found(reporter, productName))[0]!;
		expect([asReporter.isOwnReport, asReporter.feedback]).toEqual([true, asViewer.feedback]);
	});

	test("DELETE takes it back: the count, the word and the freshness it gave", async () => {
		const { id } = await listed();
		backdate(id, 48 * HOUR_MS);
		const giver = await shopper();
		const given = expectBody(await say(giver, id, { kind: "confirm" }), 200).report;
		const undone = await unsay(giver, id);
		expectStatus(undone, 200);
		expect(undone.data.report.feedback).toEqual({ confirm: 0, changed: 0, unavailable: 0, wrong: 0, mine: null });
		expect(Date.parse(undone.data.report.seenAt)).toBeLessThan(Date.parse(given.seenAt) - 47 * HOUR_MS);
		expect(undone.data.report.verificationConfidence).toBeLessThan(given.verificationConfidence);
		const again = await unsay(giver, id);
		expect([again.status, again.data.message]).toEqual([404, NOTHING_TO_UNDO_MESSAGE]);
	});
});

describe("unavailable", () => {
	test("marks the product out of stock, no Best Deal; a later confirmation says it is back; DELETE undoes it", async () => {
		const { id, productName } = await listed();
		const [first, second] = [await shopper(), await shopper()];
		const res = await say(first, id, { kind: "unavailable" });
		expectStatus(res, 200);
		expect(res.data.report).toMatchObject({
			outOfStock: true,
			bestDeal: false,
			feedback: { unavailable: 1, mine: { kind: "unavailable", reason: null } },
		});
		expect((await found(second, productName))[0]).toMatchObject({ id, outOfStock: true });

		const back = await say(second, id, { kind: "confirm" });
		expectStatus(back, 200);
		expect(back.data.report).toMatchObject({
			outOfStock: false,
			bestDeal: true,
			feedback: { confirm: 1, unavailable: 1 },
		});

		expect(expectBody(await unsay(second, id), 200).report.outOfStock).toBe(true);
		const undone = await unsay(first, id);
		expectStatus(undone, 200);
		expect(undone.data.report).toMatchObject({ outOfStock: false, feedback: { unavailable: 0, mine: null } });
	});
});

describe("wrong", () => {
	test("each flag lowers the confidence; the third shopper of standing's hides it from search until a moderator decides", async () => {
		const { id, productName } = await listed();
		const viewer = await shopper();
		const flaggers = [await establishedShopper(), await establishedShopper(), await establishedShopper()];
		const reasons = ["wrong-price", "spam", "wrong-store"] as const;
		let confidence = (await found(viewer, productName))[0]!.verificationConfidence as number;
		for (const [i, reason] of reasons.slice(0, 2).entries()) {
			const res = await say(flaggers[i]!, id, { kind: "wrong", reason });
			expectStatus(res, 200);
			expect(res.data).toMatchObject({ listed: true, report: { bestDeal: false, feedback: { wrong: i + 1 } } });
			expect(res.data.report.feedback.mine).toEqual({ kind: "wrong", reason });
			expect(res.data.report.verificationConfidence).toBeLessThan(confidence);
			confidence = res.data.report.verificationConfidence;
			expect((await found(viewer, productName)).map((r) => r.id)).toEqual([id]);
		}
		const third = await say(flaggers[2]!, id, { kind: "wrong", reason: "wrong-store" });
		expect(third.status).toBe(200);
		expect(third.data).toMatchObject({ listed: false, report: { feedback: { wrong: 3 } } });
		expect(await found(viewer, productName)).toEqual([]);
		expect((await viewer.get(`/api/price-reports/${id}`)).status).toBe(404);
		const row = server.db.select().from(priceReports).where(eq(priceReports.id, id)).get();
		expect([row?.isActive, row?.withdrawnReason]).toEqual([false, "flagged"]);

		// Hidden, it takes no new word; a flagger may still take theirs back, and it stays hidden for the moderator.
		const late = await say(viewer, id, { kind: "confirm" });
		expect([late.status, late.data.message]).toEqual([409, "This report is hidden until a moderator has looked at it"]);
		expect(expectBody(await unsay(flaggers[0]!, id), 200).report.feedback.wrong).toBe(2);
		expect(await found(viewer, productName)).toEqual([]);

		// Even with every flag taken back it stays hidden, and in the moderators' queue for them to decide.
		for (const flagger of flaggers.slice(1)) expect((await unsay(flagger, id)).status).toBe(200);
		expect(await found(viewer, productName)).toEqual([]);
		const mod = await registerUser(server);
		expect((await mod.client.post("/api/admin/verify-passkey", { passkey: PASSKEY })).data).toEqual({ valid: true });
		const queue = expectBody(await mod.client.get("/api/admin/flags"), 200);
		expect(queue.find((i) => i.reportId === id)).toMatchObject({ flags: 0, reasons: [], hidden: true });
	});

	test("a flag a moderator decided cannot be taken back, and stays decided when given again, even after another word", async () => {
		const { id } = await listed();
		const { client: flagger, user } = await registerUser(server);
		await say(flagger, id, { kind: "wrong", reason: "offensive" });
		// As the moderation queue would (src/admin): the flag dismissed.
		const mine = and(eq(priceReportFeedback.reportId, id), eq(priceReportFeedback.userId, user.id));
		server.db.update(priceReportFeedback).set({ status: "dismissed" }).where(mine).run();
		const again = await say(flagger, id, { kind: "wrong", reason: "spam" });
		expect(again.status).toBe(200);
		expect(server.db.select().from(priceReportFeedback).where(mine).get()).toMatchObject({
			reason: "spam",
			status: "dismissed",
		});
		expect(await unsay(flagger, id)).toMatchObject({ status: 409, data: { message: DECIDED_MESSAGE } });

		// Another word in between does not reopen it either: flagged again, it is still dismissed and uncounted.
		expect(expectBody(await say(flagger, id, { kind: "confirm" }), 200).report.feedback).toMatchObject({
			confirm: 1,
			wrong: 0,
		});
		const flaggedAgain = await say(flagger, id, { kind: "wrong", reason: "wrong-price" });
		expectStatus(flaggedAgain, 200);
		expect(flaggedAgain.data.report.feedback).toMatchObject({ confirm: 0, wrong: 0 });
		expect(server.db.select().from(priceReportFeedback).where(mine).get()).toMatchObject({
			kind: "wrong",
			reason: "wrong-price",
			status: "dismissed",
		});
	});
});

describe("one word per shopper", () => {
	test("a second POST replaces the first, and clears the reason the new kind does not take", async () => {
		const { id } = await listed();
		const { client, user } = await registerUser(server);
		await say(client, id, { kind: "wrong", reason: "wrong-product" });
		const res = await say(client, id, { kind: "confirm" });
		expectStatus(res, 200);
		expect(res.data.report.feedback).toEqual({
			confirm: 1,
			changed: 0,
			unavailable: 0,
			wrong: 0,
			mine: { kind: "confirm", reason: null },
		});
		const rows = server.db.select().from(priceReportFeedback).where(eq(priceReportFeedback.reportId, id)).all();
		expect(rows.map((r) => [r.userId, r.kind, r.reason, r.price])).toEqual([[user.id, "confirm", null, null]]);
		expect(expectBody(await say(client, id, { kind: "unavailable" }), 200).report.feedback).toMatchObject({
			confirm: 0,
			unavailable: 1,
		});
	});

	test("none on one's own report; an unknown report is 404, an expired one 409; guests are asked to sign in", async () => {
		const { id, reporter } = await listed();
		const own = await say(reporter, id, { kind: "confirm" });
		expect([own.status, own.data.message]).toEqual([403, OWN_REPORT_MESSAGE]);
		const other = await shopper();
		expect((await say(other, 987654321, { kind: "confirm" })).status).toBe(404);
		expect((await say(other, Number.NaN, { kind: "confirm" })).status).toBe(404);
		expect((await unsay(other, 987654321)).status).toBe(404);
		server.db.update(priceReports).set({ isExpired: true }).where(eq(priceReports.id, id)).run();
		const gone = await say(other, id, { kind: "confirm" });
		expect([gone.status, gone.data.message]).toEqual([409, "This price is no longer listed"]);
		expect((await say(server.client(), id, { kind: "confirm" })).status).toBe(401);
		expect((await server.client().delete(`/api/price-reports/${id}/feedback`)).status).toBe(401);
	});
});

describe("validation", () => {
	test.each([
		["no kind", {}, "kind", "Say what you found: confirm, changed, unavailable, wrong"],
		["an unknown kind", { kind: "love" }, "kind", "Say what you found: confirm, changed, unavailable, wrong"],
		["wrong without a reason", { kind: "wrong" }, "reason", "Choose why this report is wrong"],
		[
			"an unknown reason",
			{ kind: "wrong", reason: "ugly" },
			"reason",
			"The reason must be one of wrong-price, wrong-product, wrong-store, spam, offensive, other",
		],
		[
			"a reason with confirm",
			{ kind: "confirm", reason: "spam" },
			"reason",
			"A reason goes only with a report flagged as wrong",
		],
		["changed without a price", { kind: "changed" }, "price", "Enter the new price"],
		["changed with a blank price", { kind: "changed", price: " " }, "price", "Enter the new price"],
		[
			"changed with fractions of a cent",
			{ kind: "changed", price: "3.499" },
			"price",
			"Price must be an amount in dollars and cents, like 3.49",
		],
		["changed with a zero price", { kind: "changed", price: 0 }, "price", "Price must be greater than 0"],
		[
			"a price with unavailable",
			{ kind: "unavailable", price: 3.49 },
			"price",
			"A price goes only with a price that changed",
		],
	])("refuses %s with a 400 naming the field", async (_, body, path, message) => {
		const { id } = await listed();
		const res = await say(await shopper(), id, body);
		expect(res.status).toBe(400);
		expect(res.data.message).toBe(message);
		expect(res.data.issues).toContainEqual({ path, message });
		expect(server.db.select().from(priceReportFeedback).where(eq(priceReportFeedback.reportId, id)).all()).toEqual([]);
	});
});
