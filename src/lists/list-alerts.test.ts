/**
 * A list's alert: set, read and cleared by its shopper only; told, on the live stream and by push, when the
 * plan's total goes under the target (once per crossing) or its cheapest store changes (never on the first
 * look), within the shopper's one daily cap of alerts. Real HTTP, a real database, the writer thread.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { categoryIds, createAlert, openEvents, reportPrice } from "../alerts/testing.ts";
import { DAY_MS, HOUR_MS } from "../lib/time.ts";
import type { PushPayload } from "../push/payload.ts";
import { browserSubscription, startPushService } from "../push/testing.ts";
import { expectBody, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";
import { LIST_ALERT_WHAT } from "./schemas.ts";

const ZIP = "10001";
let service: ReturnType<typeof startPushService>;
let server: TestServer;
let reporter: TestClient;
let dairy: number;
let produce: number;

beforeAll(async () => {
	service = startPushService();
	server = await startTestServer({ OLLAMA_HOST: "off", PUSH_ALLOWED_ORIGINS: service.origin });
	server.runtime.push.timing = { ...server.runtime.push.timing, baseDelayMs: 20, maxDelayMs: 200 };
	// Only the test's own flushes plan the lists: what each step tells is then the step's alone.
	server.runtime.listAlerts.timing.gatherMs = 60_000;
	reporter = (await registerUser(server, { zipCode: ZIP })).client;
	({ dairy, produce } = await categoryIds(reporter));
}, 30_000);
afterAll(async () => {
	await server.stop();
	service.stop();
});

const message = (res: { data: unknown }) => (res.data as { message: string }).message;
const flush = (now?: number) => server.runtime.listAlerts.flush(now);
/** What the list's alert gave, oldest first: the stream may still carry it, the database has it at once. */
const noticesOf = (listId: number) =>
	server.sqlite
		.query("SELECT kind, notice FROM shopping_list_alert_notices WHERE list_id = ? ORDER BY id")
		.all(listId) as { kind: string; notice: string }[];

/** A shopper at ZIP with a list of one item, its live stream open. */
async function shopperWithList(item: { name: string; categoryId: number }, name = "Weekly shop") {
	const { client, user } = await registerUser(server, { zipCode: ZIP });
	const list = expectBody(await client.post("/api/lists", { name }), 201);
	expectBody(await client.post(`/api/lists/${list.id}/items`, item), 201);
	const events = await openEvents(server, client);
	const notes = () =>
		events.events.filter((e) => e.event === "alert-note").map((e) => JSON.parse(e.data) as PushPayload);
	return { client, user, list, events, notes };
}

/** A price at a store of its own name near ZIP, as a neighbour reports it. */
const price = (productName: string, value: number, storeName: string, categoryId: number, by = reporter) =>
	reportPrice(by, { productName, price: value, categoryId, storeName, zip: ZIP });

describe("setting a list's alert", () => {
	test("refusals name what is wrong; another shopper's list is as unknown as none", async () => {
		const { client, list, events } = await shopperWithList({ name: "butter", categoryId: dairy });
		await events.close();
		const refused = async (body: unknown, text: string, path: string) => {
			const res = await client.put(`/api/lists/${list.id}/alert`, body);
			expect(res.status).toBe(400);
			expect(message(res)).toBe(text);
			expect(res.data?.issues?.[0]?.path).toBe(path);
		};
		await refused({}, LIST_ALERT_WHAT, "underPrice");
		await refused({ onCheapestChange: false, underPrice: "" }, LIST_ALERT_WHAT, "underPrice");
		await refused({ underPrice: 0 }, "Under price must be greater than 0", "underPrice");
		await refused({ underPrice: -4 }, "Under price must be greater than 0", "underPrice");
		await refused(
			{ underPrice: "ten" },
			"Under price must be an amount in dollars and cents, like 25.00",
			"underPrice",
		);
		await refused(
			{ underPrice: 2.499 },
			"Under price must be an amount in dollars and cents, like 25.00",
			"underPrice",
		);
		await refused(
			{ underPrice: 20, zipCode: "00000" },
			"We can't find ZIP code 00000. Check the number, or use your 5-digit US ZIP code.",
			"zipCode",
		);
		await refused({ onCheapestChange: "yes" }, "onCheapestChange must be true or false", "onCheapestChange");

		const other = (await registerUser(server, { zipCode: ZIP })).client;
		for (const res of [
			await other.put(`/api/lists/${list.id}/alert`, { underPrice: 20 }),
			await other.delete(`/api/lists/${list.id}/alert`),
			await other.get(`/api/lists/${list.id}`),
			await client.put("/api/lists/999999/alert", { underPrice: 20 }),
		]) {
			expect(res.status).toBe(404);
			expect(message(res)).toBe("List not found");
		}
		expect(expectBody(await client.get(`/api/lists/${list.id}`), 200).alert).toBeNull();
	});

	test("the list carries its alert and what its plan costs now; the shared link never does; clearing ends it", async () => {
		const { client, list, events } = await shopperWithList({ name: "greek yogurt", categoryId: dairy });
		await events.close();
		await price("Greek Yogurt", 5.25, "Yogurt Barn", dairy);
		const set = expectBody(
			await client.put(`/api/lists/${list.id}/alert`, { underPrice: "4.50", onCheapestChange: true }),
			200,
		);
		expect(set).toEqual({
			zipCode: ZIP,
			underPrice: 4.5,
			onCheapestChange: true,
			seen: { total: 5.25, stores: "Yogurt Barn", at: expect.any(String) },
		});
		const read = expectBody(await client.get(`/api/lists/${list.id}`), 200);
		expect(read.alert).toEqual(set);
		const shared = expectBody(await client.patch(`/api/lists/${list.id}`, { shared: true }), 200);
		const token = String(shared.shareUrl).split("/").pop() as string;
		const guest = expectBody(await server.client().get(`/api/shared-lists/${token}`), 200);
		expect(JSON.stringify(guest)).not.toContain("alert");

		expectBody(await client.delete(`/api/lists/${list.id}/alert`), 200);
		expect(expectBody(await client.get(`/api/lists/${list.id}`), 200).alert).toBeNull();
		// Cleared, a cheaper price tells nothing.
		await price("Greek Yogurt", 3.99, "Dairy Depot", dairy);
		await flush();
		const notices = server.sqlite
			.query("SELECT count(*) AS n FROM shopping_list_alert_notices WHERE list_id = ?")
			.get(list.id);
		expect(notices).toEqual({ n: 0 });
	});
});

describe("a list's alert tells", () => {
	test("under the target once per crossing: quiet while still under, again once back above and under", async () => {
		const { client, list, events, notes } = await shopperWithList({ name: "oat milk", categoryId: dairy });
		const second = (await registerUser(server, { zipCode: ZIP })).client;
		await price("Oat Milk", 4.0, "Corner Oats", dairy);
		expectBody(await client.put(`/api/lists/${list.id}/alert`, { underPrice: 3.5 }), 200);
		await flush();
		expect(notes()).toEqual([]);

		await price("Oat Milk", 3.0, "Budget Oats", dairy);
		await flush();
		await events.waitFor(() => notes().length === 1);
		expect(notes()[0]).toEqual({
			title: "List alert: Weekly shop",
			body: "Your list “Weekly shop” now costs $3.00 at Budget Oats near 10001. Your target: $3.50.",
			url: `/lists/${list.id}`,
			tag: `list-${list.id}`,
		});
		// Cheaper still: still under, so quiet.
		await price("Oat Milk", 2.9, "Oat Outlet", dairy, second);
		await flush();
		// Both cheap prices go back up: the list costs $4.00 at Corner Oats, over the target, and is armed again.
		await price("Oat Milk", 4.5, "Budget Oats", dairy);
		await price("Oat Milk", 4.5, "Oat Outlet", dairy, second);
		await flush();
		expect(expectBody(await client.get(`/api/lists/${list.id}`), 200).alert?.seen).toMatchObject({
			total: 4,
			stores: "Corner Oats",
		});
		expect(noticesOf(list.id)).toEqual([{ kind: "under", notice: "sent" }]);
		await price("Oat Milk", 3.25, "Budget Oats", dairy);
		await flush();
		await events.waitFor(() => notes().length === 2);
		expect(notes()[1]?.body).toBe(
			"Your list “Weekly shop” now costs $3.25 at Budget Oats near 10001. Your target: $3.50.",
		);
		expect(noticesOf(list.id)).toHaveLength(2);
		await events.close();
	});

	test("a change of cheapest store, never on the first look; a burst of prices is planned once", async () => {
		const { client, list, events, notes } = await shopperWithList(
			{ name: "rye bread", categoryId: produce },
			"Bakery run",
		);
		// Set before anything on the list is priced: the first price seen is only recorded.
		expect(
			expectBody(await client.put(`/api/lists/${list.id}/alert`, { onCheapestChange: true }), 200).seen,
		).toBeNull();
		await price("Rye Bread", 5.0, "Rye House", produce);
		await flush();
		// Cheaper at the same store: no change of store.
		await price("Rye Bread", 4.8, "Rye House", produce);
		await flush();
		expect(noticesOf(list.id)).toEqual([]);

		const second = (await registerUser(server, { zipCode: ZIP })).client;
		await price("Rye Bread", 4.6, "Crumb & Co", produce);
		await price("Rye Bread", 4.4, "Loaf Lane", produce, second);
		await flush();
		await events.waitFor(() => notes().length === 1);
		expect(notes()[0]?.body).toBe(
			"Your list “Bakery run” is now cheapest at Loaf Lane (was Rye House): $4.40 near 10001.",
		);
		expect(noticesOf(list.id)).toEqual([{ kind: "cheapest", notice: "sent" }]);
		await events.close();
	});

	test("a price elsewhere, or of nothing on the list, plans no list; the sweep looks again at the others", async () => {
		const { client, list, events } = await shopperWithList({ name: "ghee", categoryId: dairy }, "Pantry");
		await events.close();
		await price("Ghee", 9.0, "Ghee Shop", dairy);
		await flush();
		expectBody(await client.put(`/api/lists/${list.id}/alert`, { underPrice: 8 }), 200);
		const seenAt = async () => expectBody(await client.get(`/api/lists/${list.id}`), 200).alert?.seen?.at;
		const first = await seenAt();
		await price("Sourdough", 6.0, "Ghee Shop", produce);
		await reportPrice(reporter, {
			productName: "Ghee",
			price: 7,
			categoryId: dairy,
			storeName: "Far Ghee",
			zip: "94103",
		});
		await flush();
		expect(await seenAt()).toBe(first);
		await server.runtime.listAlerts.sweep(Date.now() + 2 * HOUR_MS);
		expect(await seenAt()).not.toBe(first);
		expect(noticesOf(list.id)).toEqual([]);
	});

	test("reaches a subscribed device by push, with the list's link", async () => {
		const { client, list, events } = await shopperWithList({ name: "cheddar", categoryId: dairy }, "Cheese board");
		await events.close();
		const device = await browserSubscription(service.endpoint());
		expect((await client.post("/api/push/subscriptions", device.json)).status).toBe(201);
		await price("Cheddar", 7.0, "Cheese Cave", dairy);
		expectBody(await client.put(`/api/lists/${list.id}/alert`, { underPrice: 6, onCheapestChange: true }), 200);
		await price("Cheddar", 5.5, "Curd Corner", dairy);
		await flush();
		await server.runtime.push.idle();
		const received = service.received.filter((r) => r.path === new URL(device.json.endpoint).pathname);
		expect(received).toHaveLength(1);
		expect(JSON.parse(await device.decrypt(received[0]?.body as Uint8Array))).toEqual({
			title: "List alert: Cheese board",
			body: "Your list “Cheese board” now costs $5.50 at Curd Corner near 10001 (it was cheapest at Cheese Cave). Your target: $6.00.",
			url: `/lists/${list.id}`,
			tag: `list-${list.id}`,
		});
		expect(noticesOf(list.id)).toEqual([{ kind: "both", notice: "sent" }]);
	});

	test("one daily cap with price alerts: a list's notice counts, is held over it, and is summed up", async () => {
		const { client, list, events, notes } = await shopperWithList({ name: "kale", categoryId: produce }, "Greens");
		expectBody(await client.put("/api/profile/alert-settings", { dailyCap: 1 }), 200);
		await price("Kale", 3.0, "Leafy Mart", produce);
		expectBody(await client.put(`/api/lists/${list.id}/alert`, { underPrice: 2.5 }), 200);
		await createAlert(client, { productName: "swiss chard", targetPrice: 4 });
		await price("Kale", 2.25, "Kale Korner", produce);
		await flush();
		await events.waitFor(() => notes().length === 1);
		// The cap is spent: the price alert's hit is held.
		await price("Swiss Chard", 3.5, "Leafy Mart", produce);
		const [alert] = expectBody(await client.get("/api/price-alerts"), 200);
		const hits = server.sqlite.query("SELECT notice FROM price_alert_hits WHERE alert_id = ?").all(alert?.id ?? 0);
		expect(hits).toEqual([{ notice: "held" }]);

		// A day later, with the cap free again: back above and under, sent, summing up the held hit.
		await price("Kale", 3.5, "Kale Korner", produce);
		await flush(Date.now() + DAY_MS);
		await price("Kale", 2.0, "Kale Korner", produce);
		await flush(Date.now() + DAY_MS + 1_000);
		await events.waitFor(() => notes().length === 2);
		expect(notes()[1]?.body).toBe(
			"Your list “Greens” now costs $2.00 at Kale Korner near 10001. Your target: $2.50. And 1 more alert since your last notification.",
		);
		expect(server.sqlite.query("SELECT notice FROM price_alert_hits WHERE alert_id = ?").all(alert?.id ?? 0)).toEqual([
			{ notice: "summed" },
		]);
		// Over the cap, a list's news is held too, and tells nothing.
		await price("Kale", 3.5, "Kale Korner", produce);
		await flush(Date.now() + DAY_MS + 2_000);
		await price("Kale", 1.75, "Kale Korner", produce);
		await flush(Date.now() + DAY_MS + 3_000);
		const last = server.sqlite
			.query("SELECT notice FROM shopping_list_alert_notices WHERE list_id = ? ORDER BY id DESC LIMIT 1")
			.get(list.id);
		expect(last).toEqual({ notice: "held" });
		expect(noticesOf(list.id).map((n) => n.notice)).toEqual(["sent", "sent", "held"]);
		await events.close();
	});
});
