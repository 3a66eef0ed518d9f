import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { gasPriceReports, gasReportFeedback, priceReportFeedback, priceReports, users } from "../../db/schema.ts";
import { recountFeedback } from "../reports/feedback-counts.ts";
import { expectBody, expectStatus, registerUser, startTestServer, type TestServer } from "../test/harness.ts";
import {
	flag,
	found,
	latestRecord,
	moderator,
	PASSKEY,
	queue,
	reportFuel,
	reportProduct,
	resolve,
	stationPrice,
	tag,
} from "./testing.ts";

// Each test signs several users up, and argon2 hashing is slow on a busy shared machine.
setDefaultTimeout(30_000);

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer({ ADMIN_PASSKEY: PASSKEY });
});
afterAll(() => server.stop());

describe("GET /api/admin/flags", () => {
	test("lists product and fuel reports with open flags, most flagged first, with reasons, reporter and confidence", async () => {
		const mod = await moderator(server);
		const t = tag();
		const reporter = await registerUser(server, { firstName: "Rita", lastName: "Porter" });
		const milk = await reportProduct(reporter.client, `${t} Oat Milk`);
		const fuel = await reportFuel(reporter.client, `${t} Gas`);
		const quiet = await reportProduct(reporter.client, `${t} Quiet Cheese`);
		flag(server, "fuel", fuel, ["other"]);
		flag(server, "product", milk, ["wrong-price", "spam", "wrong-price"]);
		// A flag a moderator already dismissed is not in the queue.
		flag(server, "product", quiet, ["spam"]);
		server.db
			.update(priceReportFeedback)
			.set({ status: "dismissed" })
			.where(eq(priceReportFeedback.reportId, quiet))
			.run();
		recountFeedback(server.db, "price_reports", quiet);

		const res = await mod.client.get("/api/admin/flags");
		expectStatus(res, 200);
		const mine = res.data.filter((i) => [milk, fuel, quiet].includes(i.reportId));
		expect(mine.map((i) => i.reportId)).toEqual([milk, fuel]);
		const [first, second] = mine as Record<string, unknown>[];
		const reporterShape = {
			id: reporter.user.id,
			username: reporter.username,
			firstName: "Rita",
			lastName: "Porter",
			isTerminated: false,
			accuracy: { percent: 100, accurate: 3, judged: 3 },
		};
		expect(first).toMatchObject({
			kind: "product",
			reportId: milk,
			what: `${t} Oat Milk`,
			price: 3.49,
			place: { name: "Corner Shop", address: "5 Elm St" },
			reporter: reporterShape,
			flags: 3,
			reasons: [
				{ reason: "wrong-price", count: 2 },
				{ reason: "spam", count: 1 },
			],
			// Three flags and no confirmation hide it until a moderator decides.
			hidden: true,
			expired: false,
		});
		expect(second).toMatchObject({
			kind: "fuel",
			reportId: fuel,
			what: "Regular",
			price: 3.199,
			place: { name: `${t} Gas`, address: "2 Pump Rd" },
			reporter: reporterShape,
			flags: 1,
			reasons: [{ reason: "other", count: 1 }],
			hidden: false,
		});
		// Each open flag lowers the confidence: three take it far below one.
		expect(first?.confidence as number).toBeLessThan(second?.confidence as number);
		expect(second?.confidence as number).toBeGreaterThan(0);
		expect(Date.parse(first?.flaggedSince as string)).toBeGreaterThanOrEqual(Date.parse(first?.createdAt as string));
		expect(Number(res.headers.get("x-total-count"))).toBeGreaterThanOrEqual(2);
	});
});

describe("POST /api/admin/flags/resolve", () => {
	test("a price already expired by age whose flags are upheld leaves the price history", async () => {
		const mod = await moderator(server);
		const reporter = await registerUser(server);
		const productName = `${tag()} Aged Butter`;
		const id = await reportProduct(reporter.client, productName);
		const history = async () => {
			const query = new URLSearchParams({ productName, categoryId: "3" });
			const data = expectBody(await mod.client.get(`/api/products/history?${query}`), 200);
			return data.summary.reports as number;
		};
		server.sqlite
			.query("UPDATE price_reports SET is_expired = 1, expired_reason = 'Older than 30 days' WHERE id = ?1")
			.run(id);
		expect(await history()).toBe(1);
		flag(server, "product", id, ["wrong-price"]);
		const res = await resolve(mod.client, { kind: "product", reportId: id, action: "expire", reason: "Made up" });
		expect(res.status).toBe(200);
		expect(await history()).toBe(0);
	});

	test("dismiss: the flags are dismissed, the hidden report comes back to search, and the record says so", async () => {
		const mod = await moderator(server);
		const t = tag();
		const reporter = await registerUser(server);
		const shopper = await registerUser(server);
		const id = await reportProduct(reporter.client, `${t} Rye Bread`);
		flag(server, "product", id, ["wrong-price", "wrong-price", "spam"]);
		expect(await found(shopper.client, `${t} rye`)).toEqual([]);

		const res = await resolve(mod.client, {
			kind: "product",
			reportId: id,
			action: "dismiss",
			reason: "  Price checked  ",
		});
		expectStatus(res, 200);
		expect(res.data).toMatchObject({ flagsResolved: 3, listed: true, reportsWithdrawn: 0 });
		expect(await found(shopper.client, `${t} rye`)).toEqual([id]);
		expect((await queue(mod.client)).some((i) => i.reportId === id)).toBe(false);
		const statuses = server.db
			.select({ status: priceReportFeedback.status })
			.from(priceReportFeedback)
			.where(eq(priceReportFeedback.reportId, id))
			.all();
		expect(statuses.map((s) => s.status)).toEqual(["dismissed", "dismissed", "dismissed"]);
		expect(server.db.select().from(priceReports).where(eq(priceReports.id, id)).get()).toMatchObject({
			flagCount: 0,
			isActive: true,
			withdrawnReason: null,
		});
		// A dismissal costs the reporter nothing.
		expect(expectBody(await reporter.client.get("/api/auth/user"), 200).accuracy).toEqual({
			percent: 100,
			accurate: 1,
			judged: 1,
		});

		const entry = {
			action: "dismiss-flags",
			moderator: { id: mod.user.id, username: mod.username },
			target: { id: reporter.user.id, username: reporter.username },
			report: { kind: "product", id },
			reason: "Price checked",
			detail: `${t} Rye Bread $3.49 at Corner Shop, 5 Elm St; 3 flags: wrong price x2, spam`,
		};
		expect(res.data.record).toMatchObject(entry);
		expect(await latestRecord(mod.client)).toEqual(res.data.record);

		const again = await resolve(mod.client, { kind: "product", reportId: id, action: "dismiss", reason: "Twice" });
		expect([again.status, again.data.message]).toEqual([
			409,
			"This report has no open flags: another moderator may have decided it",
		]);
	});

	test("expire: the report expires naming the moderation, the flags are upheld, the reporter's accuracy drops", async () => {
		const mod = await moderator(server);
		const t = tag();
		const reporter = await registerUser(server);
		const shopper = await registerUser(server);
		await reportProduct(reporter.client, `${t} Good Butter`);
		const fuel = await reportFuel(reporter.client, `${t} Fuel`);
		flag(server, "fuel", fuel, ["wrong-store"]);
		expect(await stationPrice(shopper.client, `${t} Fuel`)).toBe(3.199);

		const res = await resolve(mod.client, {
			kind: "fuel",
			reportId: fuel,
			action: "expire",
			reason: "No such station",
		});
		expect(res.status).toBe(200);
		expect(res.data).toMatchObject({ flagsResolved: 1, listed: false });
		expect(await stationPrice(shopper.client, `${t} Fuel`)).toBeNull();
		expect(server.db.select().from(gasPriceReports).where(eq(gasPriceReports.id, fuel)).get()).toMatchObject({
			isExpired: true,
			expiredReason: "Removed by a moderator after flags",
			flagCount: 0,
		});
		expect(server.db.select().from(gasReportFeedback).where(eq(gasReportFeedback.reportId, fuel)).get()?.status).toBe(
			"upheld",
		);
		// Of two reports, one was removed: 1 of 2 stood.
		expect(expectBody(await reporter.client.get("/api/auth/user"), 200).accuracy).toEqual({
			percent: 50,
			accurate: 1,
			judged: 2,
		});
		expect(await latestRecord(mod.client)).toMatchObject({
			action: "expire-report",
			target: { id: reporter.user.id, username: reporter.username },
			report: { kind: "fuel", id: fuel },
			reason: "No such station",
			detail: `Regular $3.199 at ${t} Fuel, 2 Pump Rd; 1 flag: wrong store`,
		});
	});

	test("terminate: the reporter is suspended, their reports withdrawn, this one expired with its flags upheld", async () => {
		const mod = await moderator(server);
		const t = tag();
		const reporter = await registerUser(server);
		const shopper = await registerUser(server);
		const flagged = await reportProduct(reporter.client, `${t} Fake Feta`);
		const other = await reportProduct(reporter.client, `${t} Fake Figs`);
		flag(server, "product", flagged, ["spam"]);

		const res = await resolve(mod.client, {
			kind: "product",
			reportId: flagged,
			action: "terminate",
			reason: "Fake prices",
		});
		expect(res.status).toBe(200);
		expect(res.data).toMatchObject({ flagsResolved: 1, listed: false, reportsWithdrawn: 2 });
		const me = await reporter.client.get("/api/auth/user");
		expectStatus(me, 403);
		expect(me.data.reason).toEqual("Fake prices");
		expect(await found(shopper.client, `${t} fake`)).toEqual([]);
		const rows = server.db.select().from(priceReports).where(eq(priceReports.userId, reporter.user.id)).all();
		expect(rows.map((r) => [r.id, r.isExpired, r.withdrawnReason])).toEqual([
			[flagged, true, "suspended"],
			[other, false, "suspended"],
		]);
		expect(server.db.select().from(users).where(eq(users.id, reporter.user.id)).get()?.reportsUpheld).toBe(1);
		expect(await latestRecord(mod.client)).toMatchObject({
			action: "terminate",
			target: { id: reporter.user.id },
			report: { kind: "product", id: flagged },
			reason: "Fake prices",
			detail: `${t} Fake Feta $3.49 at Corner Shop, 5 Elm St; 1 flag: spam; 2 reports withdrawn`,
		});
	});

	test("a dismissal on a suspended reporter's report leaves it with the suspension, for a lift to bring back", async () => {
		const mod = await moderator(server);
		const t = tag();
		const reporter = await registerUser(server);
		const shopper = await registerUser(server);
		const id = await reportProduct(reporter.client, `${t} Held Honey`);
		flag(server, "product", id, ["spam", "spam", "offensive"]);
		expect(
			(await mod.client.post("/api/admin/terminate-account", { userId: reporter.user.id, reason: "Spam" })).status,
		).toBe(200);
		const res = await resolve(mod.client, { kind: "product", reportId: id, action: "dismiss", reason: "Not spam" });
		expectStatus(res, 200);
		expect(res.data.listed).toBe(false);
		expect(server.db.select().from(priceReports).where(eq(priceReports.id, id)).get()?.withdrawnReason).toBe(
			"suspended",
		);
		expect(
			expectBody(
				await mod.client.post("/api/admin/lift-suspension", { userId: reporter.user.id, reason: "Appeal upheld" }),
				200,
			).reportsRestored,
		).toBe(1);
		expect(await found(shopper.client, `${t} honey`)).toEqual([id]);
	});

	test("a report hidden by flags all since gone stays in the queue: dismiss brings it back, expire expires it", async () => {
		const mod = await moderator(server);
		const t = tag();
		const reporter = await registerUser(server);
		const shopper = await registerUser(server);
		const kept = await reportProduct(reporter.client, `${t} Lone Leeks`);
		const gone = await reportProduct(reporter.client, `${t} Lone Limes`);
		for (const id of [kept, gone]) {
			flag(server, "product", id, ["spam", "spam", "spam"]);
			// Its flaggers delete their accounts: their flags go with them, and the report stays hidden.
			const flaggers = server.db
				.select({ userId: priceReportFeedback.userId })
				.from(priceReportFeedback)
				.where(eq(priceReportFeedback.reportId, id))
				.all();
			server.db
				.delete(users)
				.where(
					inArray(
						users.id,
						flaggers.map((f) => f.userId),
					),
				)
				.run();
			recountFeedback(server.db, "price_reports", id);
		}
		expect(await found(shopper.client, `${t} lone`)).toEqual([]);
		const listed = (await queue(mod.client)).filter((i) => [kept, gone].includes(i.reportId));
		listed.sort((a, b) => a.reportId - b.reportId);
		expect(listed.map((i) => [i.reportId, i.flags, i.hidden, i.reasons])).toEqual([
			[kept, 0, true, []],
			[gone, 0, true, []],
		]);

		const dismissed = await resolve(mod.client, { kind: "product", reportId: kept, action: "dismiss", reason: "Fine" });
		expectStatus(dismissed, 200);
		expect([dismissed.data.flagsResolved, dismissed.data.listed]).toEqual([0, true]);
		expect(dismissed.data.record.detail).toBe(`${t} Lone Leeks $3.49 at Corner Shop, 5 Elm St; 0 flags`);
		const expired = await resolve(mod.client, { kind: "product", reportId: gone, action: "expire", reason: "Fake" });
		expectStatus(expired, 200);
		expect(expired.data.listed).toEqual(false);
		expect(server.db.select().from(priceReports).where(eq(priceReports.id, gone)).get()?.isExpired).toBe(true);

		expect(await found(shopper.client, `${t} lone`)).toEqual([kept]);
		expect((await queue(mod.client)).filter((i) => [kept, gone].includes(i.reportId))).toEqual([]);
		const again = await resolve(mod.client, { kind: "product", reportId: gone, action: "dismiss", reason: "Twice" });
		expect(again.status).toBe(409);
	});

	test("says what is wrong: the fields, an unknown report, one's own report, a reporter already suspended", async () => {
		const mod = await moderator(server);
		const t = tag();
		const own = await reportProduct(mod.client, `${t} Own Olives`);
		flag(server, "product", own, ["spam"]);
		const reporter = await registerUser(server);
		const theirs = await reportProduct(reporter.client, `${t} Their Tea`);
		flag(server, "product", theirs, ["spam"]);
		const cases: [unknown, 400 | 404, string][] = [
			[{ kind: "product", reportId: theirs, action: "dismiss", reason: "   " }, 400, "A reason is required"],
			[{ kind: "product", reportId: theirs, action: "dismiss" }, 400, "A reason is required"],
			[{ kind: "deal", reportId: theirs, action: "dismiss", reason: "x" }, 400, "Kind must be product or fuel"],
			[{ kind: "product", reportId: "1", action: "dismiss", reason: "x" }, 400, "Choose a report"],
			[
				{ kind: "product", reportId: theirs, action: "ban", reason: "x" },
				400,
				"Action must be dismiss, expire or terminate",
			],
			[{ kind: "fuel", reportId: 987654321, action: "dismiss", reason: "x" }, 404, "Report not found"],
			[
				{ kind: "product", reportId: own, action: "dismiss", reason: "x" },
				400,
				"You can't decide the flags on your own report",
			],
		];
		for (const [body, status, message] of cases) {
			const res = await resolve(mod.client, body as Record<string, unknown>);
			expect([res.status, res.data.message]).toEqual([status, message]);
		}
		server.db.update(users).set({ isTerminated: true }).where(eq(users.id, reporter.user.id)).run();
		const suspended = await resolve(mod.client, {
			kind: "product",
			reportId: theirs,
			action: "terminate",
			reason: "x",
		});
		expect([suspended.status, suspended.data.message]).toEqual([409, "This account is already suspended"]);
		// Refused as a whole: the flags are still open.
		expect((await queue(mod.client)).find((i) => i.reportId === theirs)?.flags).toBe(1);
	});
});
