/**
 * What a list alert's look leaves alone: the shopper's own changes (items, memberships) are recorded, not
 * told; a store merged away is no change of store; over the daily cap, looks add no more held rows and the
 * held "under" is sent once the cap has room; a run lets the event loop turn between its looks.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { categoryIds, createAlert, openEvents, reportPrice } from "../alerts/testing.ts";
import { DAY_MS, HOUR_MS } from "../lib/time.ts";
import type { PushPayload } from "../push/payload.ts";
import { expectBody, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";

const ZIP = "10001";
let server: TestServer;
let reporter: TestClient;
let second: TestClient;
let dairy: number;
let produce: number;

beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	// Only the test's own flushes and sweeps plan the lists.
	server.runtime.listAlerts.timing.gatherMs = 60_000;
	reporter = (await registerUser(server, { zipCode: ZIP })).client;
	second = (await registerUser(server, { zipCode: ZIP })).client;
	({ dairy, produce } = await categoryIds(reporter));
}, 30_000);
afterAll(() => server.stop());

const flush = (now?: number) => server.runtime.listAlerts.flush(now);
const sweep = (now: number) => server.runtime.listAlerts.sweep(now);
const noticesOf = (listId: number) =>
	server.sqlite
		.query("SELECT kind, notice FROM shopping_list_alert_notices WHERE list_id = ? ORDER BY id")
		.all(listId) as { kind: string; notice: string }[];
const price = (productName: string, value: number, storeName: string, categoryId: number, by = reporter) =>
	reportPrice(by, { productName, price: value, categoryId, storeName, zip: ZIP });

/** A shopper at ZIP with a list of these items, its live stream open. */
async function shopperWithList(name: string, items: { name: string; categoryId: number }[]) {
	const { client } = await registerUser(server, { zipCode: ZIP });
	const list = expectBody(await client.post("/api/lists", { name }), 201);
	const ids: number[] = [];
	for (const item of items) ids.push(expectBody(await client.post(`/api/lists/${list.id}/items`, item), 201).id);
	const events = await openEvents(server, client);
	const notes = () =>
		events.events.filter((e) => e.event === "alert-note").map((e) => JSON.parse(e.data) as PushPayload);
	return { client, list, ids, events, notes };
}

describe("a list alert's look", () => {
	test("over the cap, later looks add no held rows; once the cap has room, the held news is sent", async () => {
		const { client, list, events, notes } = await shopperWithList("Greens", [
			{ name: "collards", categoryId: produce },
		]);
		expectBody(await client.put("/api/profile/alert-settings", { dailyCap: 1 }), 200);
		await price("Collards", 3.0, "Collard Corner", produce);
		expectBody(await client.put(`/api/lists/${list.id}/alert`, { underPrice: 2.5 }), 200);
		// A price alert's hit spends the cap.
		await createAlert(client, { productName: "mustard greens", targetPrice: 4 });
		await price("Mustard Greens", 3.5, "Collard Corner", produce);
		await events.waitFor(() => events.events.some((e) => e.event === "price-alert"));

		await price("Collards", 2.25, "Greens Grove", produce);
		await flush();
		await price("Collards", 2.2, "Leaf Lot", produce, second);
		await flush();
		await sweep(Date.now() + 2 * HOUR_MS);
		expect(noticesOf(list.id)).toEqual([{ kind: "under", notice: "held" }]);

		// A day on, the cap has room: the alert was left armed, so this look tells, its own held row no "more".
		await sweep(Date.now() + DAY_MS + 4 * HOUR_MS);
		await events.waitFor(() => notes().length === 1);
		expect(notes()[0]?.body).toBe("Your list “Greens” now costs $2.20 at Leaf Lot near 10001. Your target: $2.50.");
		expect(noticesOf(list.id)).toEqual([
			{ kind: "under", notice: "summed" },
			{ kind: "under", notice: "sent" },
		]);
		await events.close();
	});

	test("the shopper's own change to the list is recorded, not told; the next price is", async () => {
		const { client, list, ids, events, notes } = await shopperWithList("Roots", [
			{ name: "parsnips", categoryId: produce },
			{ name: "turnips", categoryId: produce },
		]);
		await price("Parsnips", 2.0, "Root Cellar", produce);
		await price("Turnips", 3.0, "Root Cellar", produce);
		const set = { underPrice: 4, onCheapestChange: true };
		expect(expectBody(await client.put(`/api/lists/${list.id}/alert`, set), 200).seen?.total).toBe(5);
		// Without the turnips the list costs $2.00: under the target, by the shopper's own doing.
		expectBody(await client.delete(`/api/lists/${list.id}/items/${ids[1]}`), 200);
		// Ticking changes nothing the plan reads.
		expectBody(await client.patch(`/api/lists/${list.id}/items/${ids[0]}`, { ticked: true }), 200);
		await sweep(Date.now() + 2 * HOUR_MS);
		expect(expectBody(await client.get(`/api/lists/${list.id}`), 200).alert?.seen?.total).toBe(2);
		// Two parsnips, at $4.00: still at the target, and still the shopper's own change.
		expectBody(await client.patch(`/api/lists/${list.id}/items/${ids[0]}`, { quantity: 2 }), 200);
		await sweep(Date.now() + 4 * HOUR_MS);
		expect(noticesOf(list.id)).toEqual([]);

		await price("Parsnips", 1.5, "Parsnip Place", produce);
		await flush(Date.now() + 5 * HOUR_MS);
		await events.waitFor(() => notes().length === 1);
		expect(notes()[0]?.body).toBe(
			"Your list “Roots” is now cheapest at Parsnip Place (was Root Cellar): $3.00 near 10001.",
		);
		await events.close();
	});

	test("joining or leaving a store is the shopper's own change too", async () => {
		const { client, list, events } = await shopperWithList("Cheese", [{ name: "brie", categoryId: dairy }]);
		await events.close();
		await price("Brie", 6.0, "Brie Hall", dairy);
		const member = await reporter.post("/api/price-reports", {
			productName: "Brie",
			price: 5.0,
			categoryId: dairy,
			storeName: "Brie Club",
			storeAddress: "1 Market St",
			vacationMode: true,
			reportZipCode: ZIP,
			priceType: "member",
		});
		const club = expectBody(member, 201).store.id;
		const set = expectBody(await client.put(`/api/lists/${list.id}/alert`, { onCheapestChange: true }), 200);
		expect(set.seen?.stores).toBe("Brie Hall");
		const seenStores = async () => expectBody(await client.get(`/api/lists/${list.id}`), 200).alert?.seen?.stores;

		expectBody(await client.put(`/api/stores/${club}/membership`), 200);
		await sweep(Date.now() + 2 * HOUR_MS);
		expect(await seenStores()).toBe("Brie Club");
		expectBody(await client.delete(`/api/stores/${club}/membership`), 200);
		await sweep(Date.now() + 4 * HOUR_MS);
		expect(await seenStores()).toBe("Brie Hall");
		expect(noticesOf(list.id)).toEqual([]);
	});

	test("a store seen before a merge folded it into another is no change of store", async () => {
		const { client, list, events, notes } = await shopperWithList("Loaves", [
			{ name: "pumpernickel", categoryId: produce },
		]);
		await price("Pumpernickel", 5.0, "Pump House", produce);
		expectBody(await client.put(`/api/lists/${list.id}/alert`, { onCheapestChange: true }), 200);
		// As a merge leaves it: the last look's store was a duplicate, deleted, of the one the plan names now.
		server.sqlite.query("UPDATE shopping_list_alerts SET seen_store_ids = '99999999' WHERE list_id = ?").run(list.id);
		await price("Pumpernickel", 4.8, "Pump House", produce);
		await flush();
		expect(noticesOf(list.id)).toEqual([]);

		await price("Pumpernickel", 4.5, "Dark Loaf", produce);
		await flush();
		await events.waitFor(() => notes().length === 1);
		expect(notes()[0]?.body).toBe(
			"Your list “Loaves” is now cheapest at Dark Loaf (was Pump House): $4.50 near 10001.",
		);
		await events.close();
	});

	test("a run gives the event loop a turn before each look", async () => {
		const alerts = server.sqlite.query("SELECT count(*) AS n FROM shopping_list_alerts").get() as { n: number };
		expect(alerts.n).toBeGreaterThanOrEqual(3);
		let turns = 0;
		let running = true;
		const count = () => {
			if (!running) return;
			turns++;
			setImmediate(count);
		};
		setImmediate(count);
		await sweep(Date.now() + 30 * DAY_MS);
		running = false;
		expect(turns).toBeGreaterThanOrEqual(alerts.n - 1);
	});
});
