import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { gasPriceReports, gasReportFeedback, priceReportFeedback, priceReports, users } from "../../db/schema.ts";
import { expectBody, expectStatus, registerUser, startTestServer, type TestServer } from "../test/harness.ts";
import {
	flag,
	found,
	LOCKED,
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

describe("POST /api/admin/lift-suspension", () => {
	test("the account is active again and its withdrawn reports come back to search and the stations' prices", async () => {
		const mod = await moderator(server);
		const t = tag();
		const reporter = await registerUser(server);
		const shopper = await registerUser(server);
		const bread = await reportProduct(reporter.client, `${t} Lift Bread`);
		const hidden = await reportProduct(reporter.client, `${t} Lift Jam`);
		flag(server, "product", hidden, ["spam", "spam", "spam"]);
		await reportFuel(reporter.client, `${t} Lift Gas`);
		const terminated = await mod.client.post("/api/admin/terminate-account", {
			userId: reporter.user.id,
			reason: "Fake prices",
		});
		expectStatus(terminated, 200);
		expect(terminated.data.reportsWithdrawn).toBe(2);
		expect(terminated.data.record).toMatchObject({
			action: "terminate",
			reason: "Fake prices",
			detail: "2 reports withdrawn",
		});
		expect(await found(shopper.client, `${t} lift`)).toEqual([]);
		expect(await stationPrice(shopper.client, `${t} Lift Gas`)).toBeNull();

		const res = await mod.client.post("/api/admin/lift-suspension", { userId: reporter.user.id, reason: " Appeal " });
		expectStatus(res, 200);
		expect(res.data).toMatchObject({
			id: reporter.user.id,
			username: reporter.username,
			isTerminated: false,
			reportsRestored: 2,
		});
		expect(res.data.record).toMatchObject({
			action: "lift-suspension",
			moderator: { id: mod.user.id, username: mod.username },
			target: { id: reporter.user.id, username: reporter.username },
			report: null,
			reason: "Appeal",
			detail: "2 reports restored",
		});
		expect(await latestRecord(mod.client)).toEqual(res.data.record);

		// Back in: the same session works again, and the reason, time and moderator are gone.
		const me = await reporter.client.get("/api/auth/user");
		expectStatus(me, 200);
		expect([me.data.isTerminated, me.data.terminationReason]).toEqual([false, null]);
		expect(server.db.select().from(users).where(eq(users.id, reporter.user.id)).get()).toMatchObject({
			terminatedAt: null,
			terminatedBy: null,
		});
		// Its reports are back, but the one its flags hid stays hidden for the moderators.
		expect(await found(shopper.client, `${t} lift`)).toEqual([bread]);
		expect(await stationPrice(shopper.client, `${t} Lift Gas`)).toBe(3.199);
		expect((await queue(mod.client)).find((i) => i.reportId === hidden)).toMatchObject({ hidden: true, flags: 3 });

		const again = await mod.client.post("/api/admin/lift-suspension", { userId: reporter.user.id, reason: "Again" });
		expect([again.status, again.data.message]).toEqual([409, "This account is not suspended"]);
	});

	test("needs an existing user and a non-blank reason", async () => {
		const mod = await moderator(server);
		const cases: [unknown, 400 | 404, string][] = [
			[{ userId: mod.user.id, reason: "  " }, 400, "A reason is required"],
			[{ reason: "Appeal" }, 400, "Choose a user"],
			[{ userId: "no-such-user", reason: "Appeal" }, 404, "User not found"],
		];
		for (const [body, status, message] of cases) {
			const res = await mod.client.post("/api/admin/lift-suspension", body);
			expect([res.status, res.data.message]).toEqual([status, message]);
		}
	});
});

describe("POST /api/admin/terminate-account and the account's words", () => {
	test("its open flags are dismissed and its other words deleted: they no longer count on others' reports", async () => {
		const mod = await moderator(server);
		const t = tag();
		const rival = await registerUser(server);
		const sock = await registerUser(server);
		const flagged = await reportProduct(rival.client, `${t} Sock Salt`);
		const confirmed = await reportProduct(rival.client, `${t} Sock Sugar`);
		const soldOut = await reportFuel(rival.client, `${t} Sock Gas`);
		const changed = await reportFuel(rival.client, `${t} Sock Fuel`);
		const say = (path: `/api/${"price-reports" | "gas/reports"}/${number}`, body: Record<string, unknown>) =>
			sock.client.post(`${path}/feedback`, body);
		expect((await say(`/api/price-reports/${flagged}`, { kind: "wrong", reason: "wrong-price" })).status).toBe(200);
		expect((await say(`/api/price-reports/${confirmed}`, { kind: "confirm" })).status).toBe(200);
		expect((await say(`/api/gas/reports/${soldOut}`, { kind: "unavailable" })).status).toBe(200);
		const change = await say(`/api/gas/reports/${changed}`, { kind: "changed", price: 3.299 });
		expectStatus(change, 200);
		const product = (id: number) => server.db.select().from(priceReports).where(eq(priceReports.id, id)).get();
		const fuel = (id: number) => server.db.select().from(gasPriceReports).where(eq(gasPriceReports.id, id)).get();
		const counts = () => [
			product(flagged)?.flagCount,
			product(confirmed)?.confirmCount,
			fuel(soldOut)?.unavailableCount,
			fuel(changed)?.changedCount,
		];
		expect(counts()).toEqual([1, 1, 1, 1]);

		const res = await mod.client.post("/api/admin/terminate-account", { userId: sock.user.id, reason: "Sock" });
		expect(res.status).toBe(200);
		expect(counts()).toEqual([0, 0, 0, 0]);
		const words = (f: typeof priceReportFeedback | typeof gasReportFeedback) =>
			server.db.select({ kind: f.kind, status: f.status }).from(f).where(eq(f.userId, sock.user.id)).all();
		expect([words(priceReportFeedback), words(gasReportFeedback)]).toEqual([
			[{ kind: "wrong", status: "dismissed" }],
			[],
		]);
		// What a shopper sees of them; the price the sock filed is withdrawn with its other reports.
		expect(expectBody(await rival.client.get(`/api/price-reports/${confirmed}`), 200).feedback).toMatchObject({
			confirm: 0,
		});
		expect(fuel(change.data.newReport!.id)).toMatchObject({ isActive: false, withdrawnReason: "suspended" });
		expect((await queue(mod.client)).some((i) => i.reportId === flagged)).toBe(false);
	});
});

describe("GET /api/admin/actions", () => {
	test("lists the record newest first, every action in it", async () => {
		const mod = await moderator(server);
		const a = await registerUser(server);
		await mod.client.post("/api/admin/terminate-account", { userId: a.user.id, reason: "First" });
		await mod.client.post("/api/admin/lift-suspension", { userId: a.user.id, reason: "Second" });
		const res = await mod.client.get("/api/admin/actions");
		expectStatus(res, 200);
		const ours = res.data.filter((e) => e.target.id === a.user.id);
		expect(ours.map((e) => [e.action, e.reason])).toEqual([
			["lift-suspension", "Second"],
			["terminate", "First"],
		]);
		expect(res.data.length).toBeLessThanOrEqual(100);
	});
});

test("a session that has not entered the passkey can neither see nor act", async () => {
	const { client } = await registerUser(server);
	const target = await registerUser(server);
	const id = await reportProduct(target.client, `${tag()} Locked Lime`);
	flag(server, "product", id, ["spam"]);
	const answers = await Promise.all([
		client.get("/api/admin/flags"),
		client.get("/api/admin/actions"),
		resolve(client, { kind: "product", reportId: id, action: "expire", reason: "x" }),
		client.post("/api/admin/lift-suspension", { userId: target.user.id, reason: "x" }),
	]);
	expect(answers.map((r) => [r.status, r.data.message])).toEqual(Array(4).fill([403, LOCKED]));
	expect(server.db.select().from(priceReports).where(eq(priceReports.id, id)).get()?.isExpired).toBe(false);
});
