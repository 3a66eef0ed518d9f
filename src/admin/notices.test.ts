import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import { openEvents } from "../alerts/testing.ts";
import { DAY_MS } from "../lib/time.ts";
import { MAX_READ_IDS } from "../notices/schemas.ts";
import { browserSubscription, startPushService } from "../push/testing.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";
import { moderator, PASSKEY, reportFuel, reportProduct, resolve, tag } from "./testing.ts";

/** A reporter told, live, by push and in the app, that flags hid their price, and what a moderator decided. */
let server: TestServer;
let pushService: ReturnType<typeof startPushService>;
let mod: TestClient;
beforeAll(async () => {
	pushService = startPushService();
	server = await startTestServer({
		OLLAMA_HOST: "off",
		ADMIN_PASSKEY: PASSKEY,
		PUSH_ALLOWED_ORIGINS: pushService.origin,
	});
	mod = (await moderator(server)).client;
});
afterAll(async () => {
	await server.stop();
	pushService.stop();
});

/**
 * Three shoppers of standing (two months old, ten reports each: flags weigh by standing) flag the report
 * through the API; the last one's answer.
 */
async function flaggedByEstablished(path: `/api/${"price-reports" | "gas/reports"}/${number}/feedback`) {
	const answers = [];
	for (let i = 0; i < 3; i++) {
		const flagger = await registerUser(server);
		server.db
			.update(users)
			.set({ createdAt: new Date(Date.now() - 60 * DAY_MS), totalReports: 10 })
			.where(eq(users.id, flagger.user.id))
			.run();
		const last = await flagger.client.post(path, { kind: "wrong", reason: "wrong-price" });
		expect(last.status).toBe(200);
		answers.push(last);
	}
	return answers[2]!;
}

const noticesOf = async (client: TestClient) => expectBody(await client.get("/api/notices"), 200);

describe("a product price hidden by flags", () => {
	test("its reporter is told live, by push and in their notices; they alone still read it, under review", async () => {
		const reporter = await registerUser(server);
		const device = await browserSubscription(pushService.endpoint());
		expect((await reporter.client.post("/api/push/subscriptions", device.json)).status).toBe(201);
		const name = `Whole Milk ${tag()}`;
		const id = await reportProduct(reporter.client, name, 3.49);
		const stream = await openEvents(server, reporter.client);
		try {
			const last = await flaggedByEstablished(`/api/price-reports/${id}/feedback`);
			expectStatus(last, 200);
			expect(last.data.listed).toBe(false);

			const message = `Your price for ${name} at Corner Shop ($3.49) is hidden while a moderator looks at flags on it.`;
			await stream.waitFor(() => stream.events.some((e) => e.event === "notice"));
			const live = JSON.parse(stream.events.find((e) => e.event === "notice")!.data);
			expect(live).toMatchObject({ kind: "report-hidden", market: "products", reportId: id, message, read: false });
			expect(live.url).toBe(`/deals/${id}`);

			await server.runtime.push.idle();
			const pushed = pushService.received.filter((r) => r.path === new URL(device.json.endpoint).pathname);
			expect(pushed).toHaveLength(1);
			expect(JSON.parse(await device.decrypt(pushed[0]!.body))).toEqual({
				title: "Your price is under review",
				body: message,
				url: `/deals/${id}`,
				tag: `notice-products-${id}`,
			});

			const listed = await noticesOf(reporter.client);
			expect(listed.unread).toBe(1);
			expect(listed.notices).toHaveLength(1);
			expect(listed.notices[0]).toMatchObject({ kind: "report-hidden", reportId: id, message, read: false });
		} finally {
			await stream.close();
		}

		const own = await reporter.client.get(`/api/price-reports/${id}`);
		expectStatus(own, 200);
		expect([own.data.isOwnReport, own.data.underReview]).toEqual([true, true]);
		const neighbour = (await registerUser(server)).client;
		expect((await neighbour.get(`/api/price-reports/${id}`)).status).toBe(404);

		const ownPage = expectBody(await reporter.client.get(`/api/users/${reporter.username}/profile`), 200);
		expect(ownPage.activity?.recentReports.find((r: { id: number }) => r.id === id)?.underReview).toBe(true);
		const theirView = expectBody(await neighbour.get(`/api/users/${reporter.username}/profile`), 200);
		expect(theirView.activity?.recentReports.some((r: { id: number }) => r.id === id) ?? false).toBe(false);
		// Nobody else has a notice of it.
		expect(await noticesOf(neighbour)).toEqual({ notices: [], unread: 0 });
	});

	test("a moderator's dismissal lists it again, and its reporter is told so", async () => {
		const reporter = await registerUser(server);
		const name = `Oat Milk ${tag()}`;
		const id = await reportProduct(reporter.client, name, 2.99);
		await flaggedByEstablished(`/api/price-reports/${id}/feedback`);

		const res = await resolve(mod, { kind: "product", reportId: id, action: "dismiss", reason: "The price is right" });
		expectStatus(res, 200);
		expect(res.data.listed).toBe(true);

		const { notices, unread } = await noticesOf(reporter.client);
		expect(unread).toBe(2);
		expect(notices.map((n) => n.kind)).toEqual(["report-restored", "report-hidden"]);
		expect(notices[0]!.message).toBe(
			`A moderator looked at the flags on your price for ${name} at Corner Shop ($2.99): it is listed again.`,
		);
		const own = expectBody(await reporter.client.get(`/api/price-reports/${id}`), 200);
		expect(own.underReview).toBe(false);
	});
});

describe("a fuel price hidden by flags", () => {
	test("is told hidden, then removed when a moderator upholds the flags", async () => {
		const reporter = await registerUser(server);
		const station = `Pump ${tag()}`;
		const id = await reportFuel(reporter.client, station);
		const last = await flaggedByEstablished(`/api/gas/reports/${id}/feedback`);
		expectStatus(last, 200);
		expect(last.data.listed).toBe(false);

		const res = await resolve(mod, { kind: "fuel", reportId: id, action: "expire", reason: "Not that price" });
		expect(res.status).toBe(200);
		const { notices } = await noticesOf(reporter.client);
		expect(notices.map((n) => [n.kind, n.market, n.reportId])).toEqual([
			["report-removed", "fuel", id],
			["report-hidden", "fuel", id],
		]);
		expect(notices[1]!.message).toBe(
			`Your price for Regular at ${station} ($3.199) is hidden while a moderator looks at flags on it.`,
		);
		expect(notices[0]!.message).toBe(
			`A moderator removed your price for Regular at ${station} ($3.199) after shoppers flagged it.`,
		);
	});
});

describe("marking notices read", () => {
	test("by id, then all; nobody else's; a bad body is a 400 with its message", async () => {
		const reporter = await registerUser(server);
		const first = await reportProduct(reporter.client, `Skyr ${tag()}`);
		const second = await reportProduct(reporter.client, `Kefir ${tag()}`);
		await flaggedByEstablished(`/api/price-reports/${first}/feedback`);
		await flaggedByEstablished(`/api/price-reports/${second}/feedback`);
		const { notices } = await noticesOf(reporter.client);
		expect(notices.map((n) => n.reportId)).toEqual([second, first]);

		const other = (await registerUser(server)).client;
		expect((await other.post("/api/notices/read", { ids: [notices[0]!.id] })).data).toEqual({ unread: 0 });
		expect((await noticesOf(reporter.client)).unread).toBe(2);

		expect((await reporter.client.post("/api/notices/read", { ids: [notices[1]!.id] })).data).toEqual({ unread: 1 });
		const after = await noticesOf(reporter.client);
		expect(after.notices.map((n) => n.read)).toEqual([false, true]);
		expect((await reporter.client.post("/api/notices/read", {})).data).toEqual({ unread: 0 });

		const bad = await reporter.client.post("/api/notices/read", { ids: "all" });
		expect(bad.status).toBe(400);
		expect(bad.data.message).toBe("ids must be a list of notice ids");
		const many = await reporter.client.post("/api/notices/read", {
			ids: Array.from({ length: MAX_READ_IDS + 1 }, (_, i) => i + 1),
		});
		expect([many.status, many.data.message]).toEqual([400, `At most ${MAX_READ_IDS} ids at once`]);
		expect((await server.client().get("/api/notices")).status).toBe(401);
	});
});
