import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import { registerUser, STRONG_PASSWORD, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";
import { LIVE_TIMING, SESSION_ENDED_EVENT } from "./live.ts";
import { categoryIds, createAlert, openEvents, reportPrice } from "./testing.ts";

// The documented limit (README, Decisions "Live delivery"), written out: a test that read the exported constant
// would pass whatever it became.
const MAX_STREAMS_PER_USER = 8;

const PASSKEY = "events-test-passkey";

let server: TestServer;
let dairy: number;
let reporter: TestClient;
const timing = { ...LIVE_TIMING };
beforeAll(async () => {
	Object.assign(LIVE_TIMING, { heartbeatMs: 300, sessionCheckMs: 100 });
	server = await startTestServer({ OLLAMA_HOST: "off", ADMIN_PASSKEY: PASSKEY });
	reporter = (await registerUser(server, { zipCode: "10011" })).client;
	({ dairy } = await categoryIds(reporter));
});
afterAll(async () => {
	Object.assign(LIVE_TIMING, timing);
	await server.stop();
});

describe("GET /api/events", () => {
	test("refuses a request without a valid session with 401", async () => {
		expect((await openEvents(server, null)).res.status).toBe(401);
		const forged = await openEvents(server, null, { cookie: "cc_session=abcdefghijklmnopqrstuvwxyz234567" });
		expect(forged.res.status).toBe(401);
	});

	test("a hit reaches its owner's open streams as it happens, and no one else's", async () => {
		const anna = await registerUser(server, { zipCode: "10001" });
		const carl = await registerUser(server, { zipCode: "10001" });
		const alert = await createAlert(anna.client, { productName: "eggs", targetPrice: 2.5, categoryId: dairy });
		const tab1 = await openEvents(server, anna.client);
		const tab2 = await openEvents(server, anna.client);
		const other = await openEvents(server, carl.client);
		expect(tab1.res.status).toBe(200);
		expect(tab1.res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
		await tab1.waitFor(() => tab1.events.some((e) => e.retry === String(LIVE_TIMING.retryMs)));

		const report = await reportPrice(reporter, {
			productName: "Free Range Eggs",
			price: 2.39,
			categoryId: dairy,
			storeName: "FreshMart",
		});
		await tab1.waitFor(() => tab1.hits().length === 1);
		await tab2.waitFor(() => tab2.hits().length === 1);
		const [hit] = tab1.hits();
		expect(hit).toEqual({
			id: String(hit.hitId),
			hitId: expect.any(Number),
			alertId: alert.id,
			kind: "product",
			title: "Price alert: eggs",
			body: "Free Range Eggs is $2.39 at FreshMart, 1 Market St (0.6 mi away). Your target: $2.50.",
			url: `/deals/${report.id}`,
			reportId: report.id,
			productName: "Free Range Eggs",
			price: 2.39,
			targetPrice: 2.5,
			storeName: "FreshMart",
			storeAddress: "1 Market St",
			zipCode: "10011",
			distanceMiles: 0.6,
			at: expect.any(String),
		});
		// Carl's stream is open and well, and did not get Anna's hit.
		server.runtime.live.publish(carl.user.id, { event: "probe", data: { ok: true } });
		await other.waitFor(() => other.events.some((e) => e.event === "probe"));
		expect(other.hits()).toEqual([]);
		await Promise.all([tab1.close(), tab2.close(), other.close()]);
	});

	test("sends heartbeats, and forgets a stream the client closed", async () => {
		const { client } = await registerUser(server);
		const before = server.runtime.live.connectionCount;
		const stream = await openEvents(server, client);
		await stream.waitFor(() => stream.comments.includes("ping"), 2000);
		expect(server.runtime.live.connectionCount).toBe(before + 1);
		await stream.close();
		await stream.waitFor(() => server.runtime.live.connectionCount === before);
	});

	test("a reconnect with Last-Event-ID is sent the hits it missed first", async () => {
		const { client } = await registerUser(server, { zipCode: "10001" });
		// One alert per hit: an alert fires once while its price stays under the target (notices.test.ts).
		for (const name of ["cream cheese", "whipped cheese", "ricotta", "mascarpone"])
			await createAlert(client, { productName: name, targetPrice: 4 });
		const first = await reportPrice(reporter, { productName: "Cream Cheese", price: 3.49, categoryId: dairy });
		const live = await openEvents(server, client);
		await reportPrice(reporter, { productName: "Whipped Cheese", price: 3.29, categoryId: dairy });
		await live.waitFor(() => live.hits().length === 1);
		const lastSeen = live.hits()[0].id as string;
		await live.close();
		// Away: two more hits happen.
		const missed1 = await reportPrice(reporter, { productName: "Ricotta Tub", price: 2.99, categoryId: dairy });
		const missed2 = await reportPrice(reporter, { productName: "Mascarpone", price: 3.19, categoryId: dairy });
		const back = await openEvents(server, client, { "last-event-id": lastSeen });
		await back.waitFor(() => back.hits().length === 2);
		expect(back.hits().map((h) => h.reportId)).toEqual([missed1.id, missed2.id]);
		expect(back.hits().map((h) => h.reportId)).not.toContain(first.id);
		await back.close();
		// A tab taking the stream over from another names the last hit it saw in the address; a bad one is refused.
		const takeover = await openEvents(server, client, {}, `?lastEventId=${lastSeen}`);
		await takeover.waitFor(() => takeover.hits().length === 2);
		expect(takeover.hits().map((h) => h.reportId)).toEqual([missed1.id, missed2.id]);
		await takeover.close();
		const bad = await fetch(`${server.origin}/api/events?lastEventId=yesterday`, {
			headers: { cookie: client.cookie as string },
		});
		expect(bad.status).toBe(400);
		expect(((await bad.json()) as { message: string }).message).toBe("lastEventId must be the id of a price alert hit");
		// A first connection (no Last-Event-ID) is not flooded with history.
		const fresh = await openEvents(server, client);
		await fresh.waitFor(() => fresh.events.length > 0);
		expect(fresh.hits()).toEqual([]);
		await fresh.close();
	});

	test("a stream that has seen no hit yet is given its place, so its reconnect is sent the hits made meanwhile", async () => {
		const { client } = await registerUser(server, { zipCode: "10001" });
		await createAlert(client, { productName: "kefir", targetPrice: 4 });
		await createAlert(client, { productName: "buttermilk", targetPrice: 4 });
		await reportPrice(reporter, { productName: "Kefir", price: 3.49, categoryId: dairy }); // before: history
		const live = await openEvents(server, client);
		await live.waitFor(() => live.lastEventId() !== undefined);
		expect(live.hits()).toEqual([]);
		const place = live.lastEventId() as string;
		await live.close();
		// Away (a server restart, a phone's connection dropped): a hit happens.
		const missed = await reportPrice(reporter, { productName: "Buttermilk", price: 3.29, categoryId: dairy });
		const back = await openEvents(server, client, { "last-event-id": place });
		await back.waitFor(() => back.hits().length === 1);
		expect(back.hits().map((h) => h.reportId)).toEqual([missed.id]);
		// Its place moves past the replayed hit, and past others' hits too.
		await back.waitFor(() => Number(back.lastEventId()) >= Number(back.hits()[0].id));
		await back.close();
	});

	test("a reconnect is sent the latest 20 hits it missed, in order (README, Live delivery)", async () => {
		const { client, user } = await registerUser(server, { zipCode: "10001" });
		// 23 alerts, one per hit, and a daily cap above them (notices.test.ts has the cap and the re-arm rule).
		server.db.update(users).set({ alertDailyCap: 50 }).where(eq(users.id, user.id)).run();
		await createAlert(client, { productName: "bagel first", targetPrice: 5 });
		for (let i = 0; i < 22; i++) await createAlert(client, { productName: `bagel ${i}`, targetPrice: 5 });
		const live = await openEvents(server, client);
		const bagels = (await registerUser(server, { zipCode: "10011" })).client;
		await reportPrice(bagels, { productName: "Bagel First", price: 2, categoryId: dairy });
		await live.waitFor(() => live.hits().length === 1);
		const lastSeen = live.hits()[0].id as string;
		await live.close();
		const missed: number[] = [];
		for (let i = 0; i < 22; i++)
			missed.push((await reportPrice(bagels, { productName: `Bagel ${i}`, price: 2, categoryId: dairy })).id);
		const back = await openEvents(server, client, { "last-event-id": lastSeen });
		await back.waitFor(() => back.hits().length >= 20);
		await Bun.sleep(200); // room for any hit beyond the twentieth
		expect(back.hits().map((h) => h.reportId)).toEqual(missed.slice(-20));
		await back.close();
	});

	const lastEvent = (stream: Awaited<ReturnType<typeof openEvents>>) => stream.events.at(-1)?.event;

	/** One shopper signed in on two devices, each with its stream open. */
	async function twoDevicesStreaming() {
		const { client, username } = await registerUser(server);
		const second = server.client();
		expect((await second.post("/api/auth/login", { username, password: STRONG_PASSWORD })).status).toBe(200);
		const here = await openEvents(server, client);
		const there = await openEvents(server, second);
		await here.waitFor(() => here.events.length > 0);
		await there.waitFor(() => there.events.length > 0);
		return { client, here, there };
	}

	test("logging out ends that session's streams at once, saying so; the user's other devices keep theirs", async () => {
		const { client, here: stream, there: other } = await twoDevicesStreaming();
		const cookie = client.cookie as string;
		expect((await client.post("/api/auth/logout")).status).toBe(200);
		await stream.waitFor(stream.ended, 2000);
		// The page learns it was signed out now, not on a reconnect `retry` later.
		expect(lastEvent(stream)).toBe(SESSION_ENDED_EVENT);
		expect((await openEvents(server, null, { cookie })).res.status).toBe(401);
		await Bun.sleep(LIVE_TIMING.sessionCheckMs * 3);
		expect(other.ended()).toBe(false);
		await other.close();
	});

	test("deleting the account ends its streams too, saying so", async () => {
		const { client } = await registerUser(server);
		const stream = await openEvents(server, client);
		await stream.waitFor(() => stream.events.length > 0);
		expect((await client.delete("/api/auth/delete-account")).status).toBe(200);
		await stream.waitFor(stream.ended, 2000);
		expect(lastEvent(stream)).toBe(SESSION_ENDED_EVENT);
	});

	test("a suspension ends the account's streams, and the reconnect is told it is suspended", async () => {
		const mod = await registerUser(server);
		expect((await mod.client.post("/api/admin/verify-passkey", { passkey: PASSKEY })).data).toEqual({ valid: true });
		const { client, user } = await registerUser(server);
		const stream = await openEvents(server, client);
		await stream.waitFor(() => stream.events.length > 0);
		const done = await mod.client.post("/api/admin/terminate-account", { userId: user.id, reason: "Fake prices" });
		expect(done.status).toBe(200);
		await stream.waitFor(stream.ended, 2000);
		expect(lastEvent(stream)).toBe(SESSION_ENDED_EVENT);
		const again = await openEvents(server, client);
		expect(again.res.status).toBe(403);
		expect(await again.res.json()).toMatchObject({ terminated: true, reason: "Fake prices" });
	});

	test("a password change ends the other devices' streams, saying so, and keeps this one's", async () => {
		const { client, here, there } = await twoDevicesStreaming();
		const NEW = "New!Pass12";
		const changed = await client.put("/api/profile/password", {
			currentPassword: STRONG_PASSWORD,
			newPassword: NEW,
			confirmPassword: NEW,
		});
		expect(changed.status).toBe(200);
		await there.waitFor(there.ended, 2000);
		expect(lastEvent(there)).toBe(SESSION_ENDED_EVENT);
		expect(here.ended()).toBe(false);
		await here.close();
	});

	test("the periodic check ends the stream of an account suspended without the hub being told", async () => {
		// Say, by another process on the same database: the suspension route tells the hub itself.
		const { client, user } = await registerUser(server);
		const stream = await openEvents(server, client);
		await stream.waitFor(() => stream.events.length > 0);
		server.db.update(users).set({ isTerminated: true }).where(eq(users.id, user.id)).run();
		await stream.waitFor(stream.ended, 2000);
		expect(lastEvent(stream)).toBe(SESSION_ENDED_EVENT);
	});

	test("endUser closes at once, without waiting for the next check", async () => {
		const { client, user } = await registerUser(server);
		const stream = await openEvents(server, client);
		await stream.waitFor(() => stream.events.length > 0);
		server.runtime.live.endUser(user.id);
		await stream.waitFor(stream.ended, 500);
	});

	test("endAll ends every stream, so a graceful stop need not wait for them", async () => {
		const a = await openEvents(server, (await registerUser(server)).client);
		const b = await openEvents(server, (await registerUser(server)).client);
		await a.waitFor(() => a.events.length > 0);
		await b.waitFor(() => b.events.length > 0);
		server.runtime.live.endAll();
		await a.waitFor(a.ended, 500);
		await b.waitFor(b.ended, 500);
		expect(server.runtime.live.connectionCount).toBe(0);
	});

	test("one user's streams are capped: a new one beyond the limit closes the oldest", async () => {
		const { client } = await registerUser(server);
		const streams: Awaited<ReturnType<typeof openEvents>>[] = [];
		for (let i = 0; i <= MAX_STREAMS_PER_USER; i++) {
			const stream = await openEvents(server, client);
			await stream.waitFor(() => stream.events.length > 0);
			streams.push(stream);
		}
		await streams[0]?.waitFor(() => streams[0]?.ended() ?? false, 500);
		expect(streams.slice(1).every((s) => !s.ended())).toBe(true);
		await Promise.all(streams.map((s) => s.close()));
	});
});
