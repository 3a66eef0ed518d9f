import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { pushSubscriptions } from "../../db/schema.ts";
import { HttpError } from "../lib/http.ts";
import { log } from "../lib/log.ts";
import { registerUser, startTestServer, type TestServer } from "../test/harness.ts";
import type { PushPayload } from "./payload.ts";
import { MAX_SUBSCRIPTIONS_PER_USER, saveSubscription } from "./queries.ts";
import { PushSender } from "./sender.ts";
import { browserSubscription, startPushService, verifyVapid } from "./testing.ts";

let service: ReturnType<typeof startPushService>;
let server: TestServer;

beforeAll(async () => {
	service = startPushService();
	server = await startTestServer({ PUSH_ALLOWED_ORIGINS: service.origin });
	server.runtime.push.timing = { ...server.runtime.push.timing, baseDelayMs: 20, maxDelayMs: 200 };
});
afterAll(async () => {
	await server.stop();
	service.stop();
});

const payload: PushPayload = {
	title: "Milk: $2.49",
	body: "At Fresh Mart, 0.8 mi away",
	url: "/deals/7",
	tag: "alert-3",
};

const rowsFor = (endpoint: string) =>
	server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)).all();

/** A shopper with one subscribed device on the test push service. */
async function subscribedShopper() {
	const shopper = await registerUser(server);
	const device = await browserSubscription(service.endpoint());
	const res = await shopper.client.post("/api/push/subscriptions", device.json);
	expect(res.status).toBe(201);
	return { ...shopper, device };
}

/** Sends and waits until the sender has nothing left to do; answers the requests the device's endpoint got. */
async function sendTo(userId: string, endpoint: string, message = payload) {
	const before = service.received.length;
	server.runtime.push.send(userId, message);
	await server.runtime.push.idle();
	const path = new URL(endpoint).pathname;
	return service.received.slice(before).filter((r) => r.path === path);
}

describe("GET /api/push/public-key", () => {
	test("gives the server's VAPID public key to a signed-in shopper, and 401 to a guest", async () => {
		const { client } = await registerUser(server);
		const res = await client.get("/api/push/public-key");
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ publicKey: server.config.vapid.publicKey });
		expect(Buffer.from(res.data.publicKey, "base64url")).toHaveLength(65);
		expect((await server.client().get("/api/push/public-key")).status).toBe(401);
	});
});

describe("delivery", () => {
	test("the device decrypts the message, signed with the server's VAPID key", async () => {
		const { client, user, device } = await subscribedShopper();
		const { publicKey } = (await client.get("/api/push/public-key")).data;
		const [request, ...more] = await sendTo(user.id, device.json.endpoint);
		expect(more).toHaveLength(0);
		expect(request?.headers.get("content-encoding")).toBe("aes128gcm");
		expect(request?.headers.get("ttl")).toBe("86400");
		expect(request?.headers.get("urgency")).toBe("high");
		expect(request?.headers.get("topic")).toBe("alert-3");
		const claims = await verifyVapid(request?.headers.get("authorization") ?? null, publicKey);
		expect(claims.aud).toBe(service.origin);
		expect(claims.sub).toBe(server.config.vapid.subject);
		expect(JSON.parse(await device.decrypt(request?.body ?? new Uint8Array()))).toEqual(payload);
	});

	test("every subscribed device of the shopper gets it, and nobody else's", async () => {
		const { client, user, device } = await subscribedShopper();
		const second = await browserSubscription(service.endpoint());
		expect((await client.post("/api/push/subscriptions", second.json)).status).toBe(201);
		const other = await subscribedShopper();
		const before = service.received.length;
		server.runtime.push.send(user.id, payload);
		await server.runtime.push.idle();
		const paths = service.received.slice(before).map((r) => r.path);
		expect(paths.sort()).toEqual(
			[new URL(device.json.endpoint).pathname, new URL(second.json.endpoint).pathname].sort(),
		);
		expect(paths).not.toContain(new URL(other.device.json.endpoint).pathname);
	});

	test.each([410, 404])("a %i from the push service removes the subscription", async (status) => {
		const { user, device } = await subscribedShopper();
		service.answerStatuses(status);
		try {
			expect(await sendTo(user.id, device.json.endpoint)).toHaveLength(1);
		} finally {
			service.answerStatuses(201);
		}
		expect(rowsFor(device.json.endpoint)).toHaveLength(0);
		expect(await sendTo(user.id, device.json.endpoint)).toHaveLength(0);
	});

	test("a 429 is retried after its Retry-After and then delivered", async () => {
		const { user, device } = await subscribedShopper();
		service.answerWith(({ count }) =>
			count === 1
				? new Response(null, { status: 429, headers: { "Retry-After": "1" } })
				: new Response(null, { status: 201 }),
		);
		try {
			const requests = await sendTo(user.id, device.json.endpoint);
			expect(requests).toHaveLength(2);
			// Retry-After (a second) counts, although the back-off alone would have waited far less.
			expect((requests[1]?.at ?? 0) - (requests[0]?.at ?? 0)).toBeGreaterThanOrEqual(150);
			expect(JSON.parse(await device.decrypt(requests[1]?.body ?? new Uint8Array()))).toEqual(payload);
		} finally {
			service.answerStatuses(201);
		}
		expect(rowsFor(device.json.endpoint)).toHaveLength(1);
	});

	test("a 5xx that never recovers is given up after the attempts, and the subscription stays", async () => {
		const { user, device } = await subscribedShopper();
		const lines: string[] = [];
		log.setSink((line) => lines.push(line));
		service.answerStatuses(503);
		try {
			const requests = await sendTo(user.id, device.json.endpoint);
			expect(requests).toHaveLength(server.runtime.push.timing.attempts);
			const gaps = requests.slice(1).map((r, i) => r.at - (requests[i]?.at ?? 0));
			expect(Math.min(...gaps)).toBeGreaterThanOrEqual(9);
		} finally {
			service.answerStatuses(201);
			log.setSink(undefined);
		}
		expect(rowsFor(device.json.endpoint)).toHaveLength(1);
		// The log names the push service, never the endpoint's path (a capability) nor the keys.
		const gaveUp = lines.map((line) => JSON.parse(line)).find((l) => l.msg === "push: given up after retries");
		expect(gaveUp).toMatchObject({ origin: service.origin, userId: user.id, reason: "status 503" });
		const logged = lines.join("");
		for (const secret of [
			new URL(device.json.endpoint).pathname,
			device.json.keys.auth,
			server.config.vapid.privateKey,
		])
			expect(logged).not.toContain(secret);
	});

	test("a slow push service delays nothing: send returns at once, and other devices are served meanwhile", async () => {
		const slow = await subscribedShopper();
		const quick = await subscribedShopper();
		const slowPath = new URL(slow.device.json.endpoint).pathname;
		const quickPath = new URL(quick.device.json.endpoint).pathname;
		let release: () => void = () => {};
		const held = new Promise<void>((resolve) => {
			release = resolve;
		});
		let slowAnswered = false;
		service.answerWith(async ({ path }) => {
			if (path !== slowPath) return new Response(null, { status: 201 });
			await held;
			slowAnswered = true;
			return new Response(null, { status: 201 });
		});
		try {
			const started = performance.now();
			server.runtime.push.send(slow.user.id, payload);
			server.runtime.push.send(quick.user.id, payload);
			expect(performance.now() - started).toBeLessThan(50);
			while (!service.received.some((r) => r.path === quickPath)) await Bun.sleep(5);
			expect(service.received.some((r) => r.path === slowPath)).toBe(true);
			expect(slowAnswered).toBe(false);
		} finally {
			release();
			await server.runtime.push.idle();
			service.answerStatuses(201);
		}
		expect(slowAnswered).toBe(true);
	});

	test("past the queue's bound the oldest waiting message is dropped", async () => {
		const { client, user, device } = await subscribedShopper();
		const devices = [device];
		for (let i = 0; i < 3; i++) {
			const more = await browserSubscription(service.endpoint());
			expect((await client.post("/api/push/subscriptions", more.json)).status).toBe(201);
			devices.push(more);
		}
		const push = server.runtime.push;
		const limits = push.limits;
		push.limits = { concurrency: 1, maxWaiting: 2 };
		const before = service.received.length;
		const lines: string[] = [];
		log.setSink((line) => lines.push(line));
		try {
			push.send(user.id, payload);
			await push.idle();
		} finally {
			push.limits = limits;
			log.setSink(undefined);
		}
		expect(lines.map((line) => JSON.parse(line).msg)).toEqual(["push: queue full, oldest message dropped"]);
		const paths = service.received.slice(before).map((r) => r.path);
		// The first is sent at once; of the three left waiting, the oldest made room for the last.
		expect(paths).toEqual([0, 2, 3].map((i) => new URL(devices[i]?.json.endpoint ?? "").pathname));
	});

	test("a stop cancels the retries waiting, and sends nothing more", async () => {
		const { user, device } = await subscribedShopper();
		const path = new URL(device.json.endpoint).pathname;
		const sender = new PushSender(server.db, { vapid: server.config.vapid, allowedOrigins: [service.origin] });
		sender.timing = { ...sender.timing, baseDelayMs: 100, maxDelayMs: 100 };
		service.answerStatuses(503);
		const lines: string[] = [];
		log.setSink((line) => lines.push(line));
		try {
			sender.send(user.id, payload);
			while (!service.received.some((r) => r.path === path)) await Bun.sleep(5);
			await Bun.sleep(20);
			sender.stop();
			await sender.idle();
			sender.send(user.id, payload);
			await Bun.sleep(250);
		} finally {
			service.answerStatuses(201);
			log.setSink(undefined);
		}
		expect(service.received.filter((r) => r.path === path)).toHaveLength(1);
	});
});

describe("POST /api/push/subscriptions", () => {
	test("the same endpoint again updates the row; another account takes it over", async () => {
		const { client, user, device } = await subscribedShopper();
		const renewed = await browserSubscription(device.json.endpoint);
		const again = await client.post("/api/push/subscriptions", renewed.json);
		expect(again.status).toBe(200);
		expect(Object.keys(again.data)).toEqual(["id"]);
		expect(rowsFor(device.json.endpoint)).toMatchObject([{ userId: user.id, p256dh: renewed.json.keys.p256dh }]);

		const next = await registerUser(server);
		expect((await next.client.post("/api/push/subscriptions", renewed.json)).status).toBe(200);
		expect(rowsFor(device.json.endpoint)).toMatchObject([{ userId: next.user.id }]);
		expect(await sendTo(user.id, device.json.endpoint)).toHaveLength(0);
		const [request] = await sendTo(next.user.id, device.json.endpoint);
		expect(JSON.parse(await renewed.decrypt(request?.body ?? new Uint8Array()))).toEqual(payload);
	});

	test(`past ${MAX_SUBSCRIPTIONS_PER_USER} devices the oldest is replaced`, async () => {
		const { client, user, device: first } = await subscribedShopper();
		for (let i = 1; i <= MAX_SUBSCRIPTIONS_PER_USER; i++) {
			const device = await browserSubscription(service.endpoint());
			expect((await client.post("/api/push/subscriptions", device.json)).status).toBe(201);
		}
		const rows = server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id)).all();
		expect(rows).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
		expect(rowsFor(first.json.endpoint)).toHaveLength(0);
	});

	test.each([
		["https://127.0.0.1/push/x", "The push endpoint's host is a loopback address"],
		["https://10.0.0.1/push/x", "The push endpoint's host is a private address"],
		["https://[::1]:8443/push/x", "The push endpoint's host is a loopback address"],
		["https://169.254.169.254/latest/meta-data", "The push endpoint's host is a link-local address"],
		["https://[::ffff:192.168.0.1]/push/x", "The push endpoint's host is a private address"],
		["https://localhost/push/x", "The push endpoint's host localhost resolves to a loopback address"],
		["http://push.example.com/push/x", "The push endpoint must be an https URL"],
		["https://user:pw@push.example.com/x", "The push endpoint must not carry a user name or password"],
		["ftp://push.example.com/x", "The push endpoint must be an https URL"],
	])("refuses %s", async (endpoint, message) => {
		const { client } = await registerUser(server);
		const res = await client.post("/api/push/subscriptions", (await browserSubscription(endpoint)).json);
		expect(res.status).toBe(400);
		expect(res.data.message).toBe(message);
		expect(rowsFor(endpoint)).toHaveLength(0);
	});

	test("refuses bad keys, a relative or overlong endpoint, and a guest", async () => {
		const { client } = await registerUser(server);
		const good = (await browserSubscription(service.endpoint())).json;
		const cases: [unknown, string][] = [
			[{ ...good, endpoint: "/push/x" }, "endpoint must be an absolute URL"],
			[{ ...good, endpoint: `${service.origin}/${"a".repeat(2048)}` }, "endpoint must be at most 2048 characters"],
			[{ endpoint: good.endpoint }, "keys is required"],
			[{ ...good, keys: "x" }, "keys must hold p256dh and auth"],
			[{ ...good, keys: { ...good.keys, auth: "AAAA" } }, "keys.auth must be 16 bytes in base64url"],
			[
				{ ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 4).toString("base64url") } },
				"keys.p256dh must be a P-256 public key in base64url (65 bytes, 0x04 first)",
			],
			[
				{ ...good, keys: { ...good.keys, p256dh: good.keys.auth } },
				"keys.p256dh must be a P-256 public key in base64url (65 bytes, 0x04 first)",
			],
		];
		for (const [body, message] of cases) {
			const res = await client.post("/api/push/subscriptions", body);
			expect({ status: res.status, message: res.data.message }).toEqual({ status: 400, message });
		}
		expect((await server.client().post("/api/push/subscriptions", good)).status).toBe(401);
	});
});

describe("ending a subscription", () => {
	test("DELETE removes the shopper's own subscription, and 404 for one that is not theirs", async () => {
		const { client, user, device } = await subscribedShopper();
		const stranger = await registerUser(server);
		const endpoint = device.json.endpoint;
		expect((await stranger.client.delete("/api/push/subscriptions", { json: { endpoint } })).status).toBe(404);
		expect(rowsFor(endpoint)).toHaveLength(1);
		const res = await client.delete("/api/push/subscriptions", { json: { endpoint } });
		expect(res.status).toBe(200);
		expect(rowsFor(endpoint)).toHaveLength(0);
		expect((await client.delete("/api/push/subscriptions", { json: { endpoint } })).status).toBe(404);
		expect(await sendTo(user.id, endpoint)).toHaveLength(0);
	});

	test("a subscription whose session ended meanwhile is refused as signed out", async () => {
		const { user } = await registerUser(server);
		const device = await browserSubscription(service.endpoint());
		expect(() => saveSubscription(server.db, { userId: user.id, sid: "gone" }, device.json)).toThrow(HttpError);
		expect(rowsFor(device.json.endpoint)).toHaveLength(0);
	});

	test("signing out removes this device's subscription, not the shopper's other devices'", async () => {
		const { client, user, device, username } = await subscribedShopper();
		const other = server.client();
		expect((await other.post("/api/auth/login", { username, password: "Str0ng!Pass" })).status).toBe(200);
		const otherDevice = await browserSubscription(service.endpoint());
		expect((await other.post("/api/push/subscriptions", otherDevice.json)).status).toBe(201);

		expect((await client.post("/api/auth/logout")).status).toBe(200);
		expect(rowsFor(device.json.endpoint)).toHaveLength(0);
		expect(await sendTo(user.id, device.json.endpoint)).toHaveLength(0);
		expect(await sendTo(user.id, otherDevice.json.endpoint)).toHaveLength(1);
	});
});
