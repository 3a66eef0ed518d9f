/**
 * One account cannot starve the others' push: a tarpit push service on loopback (it takes the connection and
 * never answers) holds all of shopper A's devices, while shopper B's message to a well-behaved push service
 * (another port, so another origin) is still delivered at once. Real servers, real timers, each wait bounded.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Socket, TCPSocketListener } from "bun";
import { log } from "../lib/log.ts";
import { registerUser, startTestServer, type TestServer } from "../test/harness.ts";
import { MAX_SUBSCRIPTIONS_PER_USER } from "./queries.ts";
import { browserSubscription, startPushService } from "./testing.ts";

/** A push service that accepts connections, reads what it is sent and never answers. */
function startTarpit() {
	type Held = { openedAt: number; closedAt?: number };
	const open = new Set<Socket<Held>>();
	const held: Held[] = [];
	const listener: TCPSocketListener<Held> = Bun.listen<Held>({
		hostname: "127.0.0.1",
		port: 0,
		socket: {
			open(socket) {
				open.add(socket);
				socket.data = { openedAt: performance.now() };
				held.push(socket.data);
			},
			data() {},
			close(socket) {
				open.delete(socket);
				socket.data.closedAt = performance.now();
			},
		},
	});
	const origin = `http://127.0.0.1:${listener.port}`;
	return {
		origin,
		held,
		open,
		endpoint: () => `${origin}/push/${crypto.randomUUID()}`,
		stop() {
			for (const socket of open) socket.end();
			listener.stop(true);
		},
	};
}

/** Polls `done` every few milliseconds until it holds or `withinMs` pass; how long it took, or null. */
async function within(withinMs: number, done: () => boolean) {
	const started = performance.now();
	while (!done()) {
		if (performance.now() - started > withinMs) return null;
		await Bun.sleep(5);
	}
	return performance.now() - started;
}

const payload = { title: "Milk: $2.49", body: "At Fresh Mart", url: "/deals/7", tag: "alert-3" };

let server: TestServer;
const tarpit = startTarpit();
const good = startPushService();
beforeAll(async () => {
	server = await startTestServer({ PUSH_ALLOWED_ORIGINS: [tarpit.origin, good.origin].join(",") });
});
afterAll(async () => {
	await server.stop();
	tarpit.stop();
	good.stop();
});

async function shopperWith(endpoints: string[]) {
	const shopper = await registerUser(server);
	for (const endpoint of endpoints) {
		const res = await shopper.client.post("/api/push/subscriptions", (await browserSubscription(endpoint)).json);
		expect(res.status).toBe(201);
	}
	return shopper.user as { id: string };
}

describe("push slots shared fairly", () => {
	test("a shopper whose push service never answers does not hold up another shopper's message", async () => {
		const a = await shopperWith(Array.from({ length: MAX_SUBSCRIPTIONS_PER_USER }, () => tarpit.endpoint()));
		const bEndpoint = good.endpoint();
		const b = await shopperWith([bEndpoint]);
		const push = server.runtime.push;

		push.send(a.id, payload);
		push.send(a.id, { ...payload, tag: "alert-4" });
		expect(await within(2_000, () => tarpit.open.size >= 2)).not.toBeNull();
		const started = performance.now();
		push.send(b.id, payload);
		const bPath = new URL(bEndpoint).pathname;
		const delivered = await within(2_000, () => good.received.some((r) => r.path === bPath));
		expect(delivered).not.toBeNull();
		expect(performance.now() - started).toBeLessThan(2_000);
		// A's requests are still stuck in the tarpit meanwhile, and no more of them than A's share of slots.
		expect(tarpit.open.size).toBeGreaterThan(0);
		expect(tarpit.open.size).toBeLessThanOrEqual(push.limits.perShopper);
		expect(tarpit.held.every((h) => h.closedAt === undefined)).toBe(true);
	});

	test("a try ends when the push service has not answered in the answer's time, or at the whole try's", async () => {
		const push = server.runtime.push;
		const timing = push.timing;
		/** How long the tarpit held the connection of one message sent to a new shopper's one device there. */
		const heldFor = async () => {
			const shopper = await shopperWith([tarpit.endpoint()]);
			const at = tarpit.held.length;
			push.send(shopper.id, payload);
			expect(await within(3_000, () => tarpit.held[at]?.closedAt !== undefined)).not.toBeNull();
			const { openedAt, closedAt = Number.NaN } = tarpit.held[at]!;
			return closedAt - openedAt;
		};
		// Each gives up after its one try, and says so: expected here.
		log.setSink(() => {});
		try {
			push.timing = { ...timing, answerTimeoutMs: 300, requestTimeoutMs: 5_000, attempts: 1 };
			const answer = await heldFor();
			expect(answer).toBeGreaterThanOrEqual(250);
			expect(answer).toBeLessThan(1_000);
			push.timing = { ...timing, answerTimeoutMs: 5_000, requestTimeoutMs: 400, attempts: 1 };
			const whole = await heldFor();
			expect(whole).toBeGreaterThanOrEqual(300);
			expect(whole).toBeLessThan(1_000);
		} finally {
			push.timing = timing;
			log.setSink(undefined);
		}
	});
});
