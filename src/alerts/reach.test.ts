/**
 * Alerts that reach a closed tab: a neighbour's report under the target arrives as a Web Push
 * message at every device the alert's owner subscribed, through a push service on loopback, encrypted to the
 * device's own keys (decrypted here as a browser would). A slow or failing push service never delays the
 * report's answer nor loses the hit.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { PushPayload } from "../push/payload.ts";
import { browserSubscription, startPushService } from "../push/testing.ts";
import {
	expectBody,
	registerUser,
	STRONG_PASSWORD,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";
import { categoryIds, createAlert, reportPrice } from "./testing.ts";

let service: ReturnType<typeof startPushService>;
let server: TestServer;
let reporter: TestClient;
let dairy: number;

beforeAll(async () => {
	service = startPushService();
	server = await startTestServer({ OLLAMA_HOST: "off", PUSH_ALLOWED_ORIGINS: service.origin });
	server.runtime.push.timing = { ...server.runtime.push.timing, baseDelayMs: 20, maxDelayMs: 200 };
	reporter = (await registerUser(server, { zipCode: "10011" })).client;
	({ dairy } = await categoryIds(reporter));
});
afterAll(async () => {
	await server.stop();
	service.stop();
});

/** A shopper at 10001 with `devices` subscribed devices on the loopback push service. */
async function subscribed(devices = 1) {
	const { client } = await registerUser(server, { zipCode: "10001" });
	const subs = [];
	for (let i = 0; i < devices; i++) {
		const device = await browserSubscription(service.endpoint());
		expect((await client.post("/api/push/subscriptions", device.json)).status).toBe(201);
		subs.push(device);
	}
	return { client, devices: subs };
}

const receivedAt = (endpoint: string) => service.received.filter((r) => r.path === new URL(endpoint).pathname);

describe("a hit as a push message", () => {
	test("reaches every subscribed device with the product, price, store, distance and the deal's link", async () => {
		const { client, devices } = await subscribed(2);
		const alert = await createAlert(client, { productName: "goat cheese", targetPrice: 6 });
		const report = await reportPrice(reporter, {
			productName: "Goat Cheese Log",
			price: 4.79,
			categoryId: dairy,
			storeName: "Chelsea Market",
		});
		await server.runtime.push.idle();
		for (const device of devices) {
			const [message] = receivedAt(device.json.endpoint);
			expect(message?.headers.get("content-encoding")).toBe("aes128gcm");
			const payload = JSON.parse(await device.decrypt(message?.body as Uint8Array)) as PushPayload;
			expect(payload).toEqual({
				title: "Price alert: goat cheese",
				body: "Goat Cheese Log is $4.79 at Chelsea Market, 1 Market St (0.6 mi away). Your target: $6.00.",
				url: `/deals/${report.id}`,
				tag: `alert-${alert.id}`,
			});
		}
	});

	test("a quiet hit (the alert already fired) sends nothing; the push service is not asked", async () => {
		const { client, devices } = await subscribed();
		await createAlert(client, { productName: "burrata", targetPrice: 8 });
		await reportPrice(reporter, { productName: "Burrata", price: 6.5, categoryId: dairy });
		await reportPrice(reporter, { productName: "Burrata Fresh", price: 6.25, categoryId: dairy });
		await server.runtime.push.idle();
		expect(receivedAt(devices[0]?.json.endpoint as string)).toHaveLength(1);
	});

	test("a push service that hangs does not delay the report's answer, and the hit stays listed", async () => {
		const { client, devices } = await subscribed();
		await createAlert(client, { productName: "mozzarella", targetPrice: 5 });
		const path = new URL(devices[0]?.json.endpoint as string).pathname;
		let release = () => {};
		const hanging = new Promise<void>((resolve) => {
			release = resolve;
		});
		service.answerWith(async (request) => {
			if (request.path === path) await hanging;
			return new Response(null, { status: 201 });
		});
		try {
			const started = performance.now();
			const report = await reportPrice(reporter, { productName: "Mozzarella Ball", price: 3.99, categoryId: dairy });
			expect(performance.now() - started).toBeLessThan(2_000);
			const [listed] = expectBody(await client.get("/api/price-alerts"), 200);
			expect(listed?.lastHit).toMatchObject({ reportId: report.id, price: 3.99 });
		} finally {
			release();
			service.answerStatuses(201);
		}
		await server.runtime.push.idle();
		expect(receivedAt(devices[0]?.json.endpoint as string)).toHaveLength(1);
	});

	test("a device that signed out gets nothing; the shopper's other device still does", async () => {
		const { client, devices } = await subscribed();
		const { username } = expectBody(await client.get("/api/auth/user"), 200);
		// The same shopper signed in on a phone, which subscribes too, then signs out.
		const phone = server.client();
		expect((await phone.post("/api/auth/login", { username, password: STRONG_PASSWORD })).status).toBe(200);
		const phoneDevice = await browserSubscription(service.endpoint());
		expect((await phone.post("/api/push/subscriptions", phoneDevice.json)).status).toBe(201);
		expect((await phone.post("/api/auth/logout")).status).toBe(200);
		await createAlert(client, { productName: "pecorino", targetPrice: 9 });
		await reportPrice(reporter, { productName: "Pecorino", price: 7.5, categoryId: dairy });
		await server.runtime.push.idle();
		expect(receivedAt(devices[0]?.json.endpoint as string)).toHaveLength(1);
		expect(receivedAt(phoneDevice.json.endpoint)).toHaveLength(0);
	});
});
