/** The push routes: the public key, subscribing and ending a subscription, and what is refused. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { pushSubscriptions } from "../../db/schema.ts";
import { HttpError } from "../lib/http.ts";
import { expectStatus, registerUser } from "../test/harness.ts";
import type { PushPayload } from "./payload.ts";
import { MAX_SUBSCRIPTIONS_PER_USER, saveSubscription } from "./queries.ts";
import { browserSubscription, startPushTestBed } from "./testing.ts";

let bed: Awaited<ReturnType<typeof startPushTestBed>>;
let service: typeof bed.service;
let server: typeof bed.server;
let payload: PushPayload;
beforeAll(async () => {
	bed = await startPushTestBed();
	({ service, server, payload } = bed);
});
afterAll(() => bed.stop());

const rowsFor = (endpoint: string) => bed.rowsFor(endpoint);
const subscribedShopper = () => bed.subscribedShopper();
const sendTo = (userId: string, endpoint: string, message?: PushPayload) => bed.sendTo(userId, endpoint, message);

describe("GET /api/push/public-key", () => {
	test("gives the server's VAPID public key to a signed-in shopper, and 401 to a guest", async () => {
		const { client } = await registerUser(server);
		const res = await client.get("/api/push/public-key");
		expectStatus(res, 200);
		expect(res.data).toEqual({ publicKey: server.config.vapid.publicKey });
		expect(Buffer.from(res.data.publicKey, "base64url")).toHaveLength(65);
		expect((await server.client().get("/api/push/public-key")).status).toBe(401);
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
		await expect(saveSubscription(server.db, { userId: user.id, sid: "gone" }, device.json)).rejects.toThrow(HttpError);
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
