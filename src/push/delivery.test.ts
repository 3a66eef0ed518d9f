/** Web Push delivery through a push service on loopback: encryption, VAPID, retries, removals. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { log } from "../lib/log.ts";
import { expectBody } from "../test/harness.ts";
import type { PushPayload } from "./payload.ts";
import { PushSender, REFUSALS_BEFORE_REMOVAL } from "./sender.ts";
import { browserSubscription, startPushTestBed, verifyVapid } from "./testing.ts";

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

describe("delivery", () => {
	test("the device decrypts the message, signed with the server's VAPID key", async () => {
		const { client, user, device } = await subscribedShopper();
		const { publicKey } = expectBody(await client.get("/api/push/public-key"), 200);
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

	test("a subscription refused for good message after message (403) is removed; one refusal is not enough", async () => {
		const { user, device } = await subscribedShopper();
		service.answerStatuses(403, 201, 403, 403, 403);
		try {
			expect(await sendTo(user.id, device.json.endpoint)).toHaveLength(1);
			expect(await sendTo(user.id, device.json.endpoint)).toHaveLength(1); // delivered: the count starts over
			for (let i = 0; i < REFUSALS_BEFORE_REMOVAL - 1; i++) await sendTo(user.id, device.json.endpoint);
			expect(rowsFor(device.json.endpoint)).toHaveLength(1);
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
		push.limits = { ...limits, concurrency: 1, maxWaiting: 2 };
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
