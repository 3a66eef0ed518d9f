import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { priceAlertHits, priceAlerts, priceReports } from "../../db/schema.ts";
import { WORD_HITS_SQL } from "../data/alert-hits.ts";
import { expectBody, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";
import { hitsAfter } from "./hits.ts";
import { categoryIds, createAlert, recordHits, reportPrice } from "./testing.ts";

let server: TestServer;
let cat: Awaited<ReturnType<typeof categoryIds>>;
let reporter: TestClient;
let seq = 0;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	reporter = (await registerUser(server, { zipCode: "10001" })).client;
	cat = await categoryIds(reporter);
});
afterAll(() => server.stop());

const hitsOf = (alertId: number) =>
	server.db.select().from(priceAlertHits).where(eq(priceAlertHits.alertId, alertId)).all();

/** A watcher at `zip` with one alert; each test uses words of its own so reports do not cross tests. */
async function watcher(alert: Record<string, unknown>, zip = "10001") {
	const { client } = await registerUser(server, { zipCode: zip });
	return { client, alert: await createAlert(client, alert) };
}

describe("matching a stored report against alerts", () => {
	test.each([
		["eggs", "Free Range Eggs"],
		["organic milk", "Milk, Organic Whole"],
		["Crème fraîche", "CREME FRAICHE tub"],
		["strawberry", "Strawberries 1 lb"],
		["tomatoes", "Roma Tomato"],
		["kiwi", "Golden Kiwis"],
		["camera lens", "Camera Lenses 50mm"],
	])("alert %p fires for report %p", async (alertName, reportName) => {
		const tag = `t${++seq}`;
		const { alert } = await watcher({ productName: `${alertName} ${tag}`, targetPrice: 5 });
		await reportPrice(reporter, { productName: `${reportName} ${tag}`, price: 2.99, categoryId: cat.groceries });
		expect(hitsOf(alert.id)).toHaveLength(1);
	});

	test("every alert word must be in the report's name", async () => {
		const { alert } = await watcher({ productName: "organic oat milk", targetPrice: 5 });
		await reportPrice(reporter, { productName: "Oat Milk Barista", price: 3.49, categoryId: cat.dairy });
		expect(hitsOf(alert.id)).toHaveLength(0);
		await reportPrice(reporter, { productName: "Organic Oat Milk", price: 3.49, categoryId: cat.dairy });
		expect(hitsOf(alert.id)).toHaveLength(1);
	});

	test("the category must match when the alert has one; any category does when it has none", async () => {
		const strict = await watcher({ productName: "kale bunch", targetPrice: 4, categoryId: cat.produce });
		const loose = await watcher({ productName: "kale bunch", targetPrice: 4 });
		await reportPrice(reporter, { productName: "Kale Bunch", price: 2.49, categoryId: cat.groceries });
		expect(hitsOf(strict.alert.id)).toHaveLength(0);
		expect(hitsOf(loose.alert.id)).toHaveLength(1);
		await reportPrice(reporter, { productName: "Kale Bunch", price: 2.49, categoryId: cat.produce });
		expect(hitsOf(strict.alert.id)).toHaveLength(1);
	});

	test("the price must be at or under the target", async () => {
		const { alert } = await watcher({ productName: "cheddar block", targetPrice: 4.5 });
		await reportPrice(reporter, { productName: "Cheddar Block", price: 4.51, categoryId: cat.dairy });
		expect(hitsOf(alert.id)).toHaveLength(0);
		await reportPrice(reporter, { productName: "Cheddar Block", price: 4.5, categoryId: cat.dairy });
		expect(hitsOf(alert.id)).toHaveLength(1);
		expect(hitsOf(alert.id)[0]?.priceCents).toBe(450);
	});

	test("a report in the alert's neighbourhood fires it, though its ZIP is far off by number", async () => {
		// 90069 West Hollywood is 1.9 miles from 90210 Beverly Hills and 141 off by number.
		const { alert } = await watcher({ productName: "greek yogurt", targetPrice: 6 }, "90210");
		await reportPrice(reporter, { productName: "Greek Yogurt", price: 4.99, categoryId: cat.dairy, zip: "90069" });
		expect(hitsOf(alert.id)).toHaveLength(1);
	});

	test("a report near by number but far on the map does not fire it", async () => {
		// 93514 Bishop is 4 off 93510 Acton by number and some 210 miles away.
		const { alert } = await watcher({ productName: "goat cheese", targetPrice: 6 }, "93510");
		await reportPrice(reporter, { productName: "Goat Cheese", price: 4.99, categoryId: cat.dairy, zip: "93514" });
		expect(hitsOf(alert.id)).toHaveLength(0);
		await reportPrice(reporter, { productName: "Goat Cheese", price: 4.99, categoryId: cat.dairy, zip: "93510-0001" });
		expect(hitsOf(alert.id)).toHaveLength(1);
	});

	test("near is the alert owner's neighbourhood, which need not hold the alert's own ZIP the other way", async () => {
		// 90036 is among 90210's 20 nearest areas; 90210 is not among 90036's.
		const wide = await watcher({ productName: "rye crackers", targetPrice: 6 }, "90210");
		const narrow = await watcher({ productName: "rye crackers", targetPrice: 6 }, "90036");
		await reportPrice(reporter, { productName: "Rye Crackers", price: 3, categoryId: cat.groceries, zip: "90036" });
		expect(hitsOf(wide.alert.id)).toHaveLength(1);
		await reportPrice(reporter, { productName: "Rye Crackers", price: 3, categoryId: cat.groceries, zip: "90210" });
		expect(hitsOf(narrow.alert.id)).toHaveLength(1); // the 90036 report, not the 90210 one
	});

	test("an alert at a PO box ZIP watches its neighbours; a report at a PO box is near only that ZIP", async () => {
		const box = await watcher({ productName: "rice cakes", targetPrice: 6 }, "10008");
		const street = await watcher({ productName: "rice cakes", targetPrice: 6 }, "10007");
		await reportPrice(reporter, { productName: "Rice Cakes", price: 2, categoryId: cat.groceries, zip: "10007" });
		expect(hitsOf(box.alert.id)).toHaveLength(1);
		expect(hitsOf(street.alert.id)).toHaveLength(1);
		await reportPrice(reporter, { productName: "Rice Cakes", price: 1.5, categoryId: cat.groceries, zip: "10008" });
		expect(hitsOf(box.alert.id)).toHaveLength(2);
		expect(hitsOf(street.alert.id)).toHaveLength(1);
	});

	test("a postal code that is not a US zip matches only itself", async () => {
		const { alert } = await watcher({ productName: "butter tarts", targetPrice: 8 }, "M5V 2T6");
		await reportPrice(reporter, {
			productName: "Butter Tarts",
			price: 5.99,
			categoryId: cat.groceries,
			zip: "M5V 3L9",
		});
		expect(hitsOf(alert.id)).toHaveLength(0);
		await reportPrice(reporter, { productName: "Butter Tarts", price: 5.99, categoryId: cat.groceries, zip: "m5v2t6" });
		expect(hitsOf(alert.id)).toHaveLength(1);
	});

	test("a hit stamps lastNotified, shows as the alert's last hit, and is never repeated for the same report", async () => {
		const { client, alert } = await watcher({ productName: "sourdough loaf", targetPrice: 7 });
		const report = await reportPrice(reporter, {
			productName: "Sourdough Loaf",
			price: 5.5,
			categoryId: cat.groceries,
			storeName: "Bread Co",
		});
		expect(recordHits(server.db, report.id)).toEqual([]);
		expect(hitsOf(alert.id)).toHaveLength(1);
		const row = server.db.select().from(priceAlerts).where(eq(priceAlerts.id, alert.id)).get();
		expect(row?.lastNotified).toBeInstanceOf(Date);
		const [listed] = expectBody(await client.get("/api/price-alerts"), 200);
		expect(listed?.lastNotified).toBe(row?.lastNotified?.toISOString());
		expect(listed?.lastHit).toEqual({
			reportId: report.id,
			productName: "Sourdough Loaf",
			price: 5.5,
			priceType: "regular",
			saleEnds: null,
			multiBuy: null,
			payment: null,
			storeName: "Bread Co",
			storeAddress: "1 Market St",
			zipCode: "10001",
			distanceMiles: 0,
			at: expect.any(String),
		});
		// A cheaper report later is a new hit and becomes the last one.
		const cheaper = await reportPrice(reporter, {
			productName: "Sourdough Loaf",
			price: 4.99,
			categoryId: cat.groceries,
		});
		expect(hitsOf(alert.id)).toHaveLength(2);
		expect(expectBody(await client.get("/api/price-alerts"), 200)[0]?.lastHit).toMatchObject({
			reportId: cheaper.id,
			price: 4.99,
		});
	});

	test("the same shopper re-reporting the same or a higher price at the same store is no new hit; a lower one is", async () => {
		const { client, alert } = await watcher({ productName: "kefir bottle", targetPrice: 5 });
		const lastHit = async () => expectBody(await client.get("/api/price-alerts"), 200)[0]?.lastHit;
		const at = { categoryId: cat.dairy, storeName: "Dairy Barn" };
		const first = await reportPrice(reporter, { productName: "Kefir Bottle", price: 4, ...at });
		expect(hitsOf(alert.id)).toHaveLength(1);
		// Reported again later (within a minute the first report would simply be answered again).
		const earlier = new Date(Date.now() - 2 * 60_000);
		server.db.update(priceReports).set({ createdAt: earlier }).where(eq(priceReports.id, first.id)).run();
		const again = await reportPrice(reporter, { productName: "Kefir Bottle", price: 4, ...at });
		const higher = await reportPrice(reporter, { productName: "kefir bottle", price: 4.5, ...at });
		expect(hitsOf(alert.id)).toHaveLength(1);
		// The alert shows the store's current price, which is the shopper's latest report.
		expect(await lastHit()).toMatchObject({ reportId: higher.id, price: 4.5, storeName: "Dairy Barn" });
		expect(again.id).not.toBe(higher.id);

		const lower = await reportPrice(reporter, { productName: "Kefir Bottle", price: 3.5, ...at });
		expect(hitsOf(alert.id)).toHaveLength(2);
		expect(await lastHit()).toMatchObject({ reportId: lower.id, price: 3.5 });
		// Another shopper's price at the same store is news of its own.
		const neighbour = (await registerUser(server, { zipCode: "10001" })).client;
		await reportPrice(neighbour, { productName: "Kefir Bottle", price: 4, ...at });
		expect(hitsOf(alert.id)).toHaveLength(3);
	});

	test("a report withdrawn by moderation is no alert's last hit, nor replayed to a reconnecting stream", async () => {
		const { client, alert } = await watcher({ productName: "feta block", targetPrice: 6 });
		const me = expectBody(await client.get("/api/auth/user"), 200);
		const honest = await reportPrice(reporter, { productName: "Feta Block", price: 5, categoryId: cat.dairy });
		const fake = await reportPrice(reporter, { productName: "Feta Block", price: 0.5, categoryId: cat.dairy });
		expect(expectBody(await client.get("/api/price-alerts"), 200)[0]?.lastHit).toMatchObject({ reportId: fake.id });
		server.db.update(priceReports).set({ isActive: false }).where(eq(priceReports.id, fake.id)).run();
		expect(expectBody(await client.get("/api/price-alerts"), 200)[0]?.lastHit).toMatchObject({
			reportId: honest.id,
			price: 5,
		});
		const replayed = (await hitsAfter(server.db, me.id, 0)).map((m) => (m.data as { reportId: number }).reportId);
		expect(replayed).toEqual([honest.id]);
		expect(hitsOf(alert.id)).toHaveLength(2); // the history is kept
	});

	test("a price since replaced over the target, or expired, is no alert's last hit, nor replayed", async () => {
		const { client, alert } = await watcher({ productName: "gouda wheel", targetPrice: 10 });
		const me = expectBody(await client.get("/api/auth/user"), 200);
		const listed = async () => expectBody(await client.get("/api/price-alerts"), 200)[0];
		const neighbour = (await registerUser(server, { zipCode: "10001" })).client;
		const deli = await reportPrice(neighbour, {
			productName: "Gouda Wheel",
			price: 9,
			categoryId: cat.dairy,
			storeName: "Corner Deli",
		});
		const cave = { productName: "Gouda Wheel", categoryId: cat.dairy, storeName: "Cheese Cave" };
		const cheap = await reportPrice(reporter, { ...cave, price: 8 });
		expect((await listed())?.lastHit).toMatchObject({ reportId: cheap.id, price: 8 });
		// The cave's price is now $12: its $8 is gone from search, so the alert names the deli's, still listed.
		await reportPrice(reporter, { ...cave, price: 12 });
		expect((await listed())?.lastHit).toMatchObject({ reportId: deli.id, price: 9, storeName: "Corner Deli" });
		// The deli's expires by age: no price it matched is listed, though it did match ("no longer listed").
		server.db.update(priceReports).set({ isExpired: true }).where(eq(priceReports.id, deli.id)).run();
		expect(await listed()).toMatchObject({ lastHit: null, lastNotified: expect.any(String) });
		expect(await hitsAfter(server.db, me.id, 0)).toEqual([]);
		expect(hitsOf(alert.id)).toHaveLength(2); // the history is kept
	});

	test("the reporter's own alert stays quiet for their own report", async () => {
		const { client, alert } = await watcher({ productName: "almond butter", targetPrice: 9 });
		await reportPrice(client, { productName: "Almond Butter", price: 6.99, categoryId: cat.groceries });
		expect(hitsOf(alert.id)).toHaveLength(0);
	});

	test("a deleted alert and an expired report never match", async () => {
		const { client, alert } = await watcher({ productName: "brie wedge", targetPrice: 9 });
		const other = await watcher({ productName: "brie wedge", targetPrice: 9 });
		await client.delete(`/api/price-alerts/${alert.id}`);
		const report = await reportPrice(reporter, { productName: "Brie Wedge", price: 5.99, categoryId: cat.dairy });
		expect(hitsOf(alert.id)).toHaveLength(0);
		expect(hitsOf(other.alert.id)).toHaveLength(1);
		const late = await watcher({ productName: "brie wedge", targetPrice: 8 });
		server.db.update(priceReports).set({ isExpired: true }).where(eq(priceReports.id, report.id)).run();
		expect(recordHits(server.db, report.id)).toEqual([]);
		expect(hitsOf(late.alert.id)).toHaveLength(0);
	});

	test("other users' alerts stay private: hits land only on the alert's owner's list", async () => {
		const anna = await watcher({ productName: "blueberries pint", targetPrice: 5 });
		const ben = await watcher({ productName: "blueberries pint", targetPrice: 3 });
		await reportPrice(reporter, { productName: "Blueberries Pint", price: 3.99, categoryId: cat.produce });
		const annas = expectBody(await anna.client.get("/api/price-alerts"), 200);
		const bens = expectBody(await ben.client.get("/api/price-alerts"), 200);
		expect(annas.map((a: { id: number }) => a.id)).toEqual([anna.alert.id]);
		expect(annas[0]?.lastHit).toMatchObject({ price: 3.99 });
		expect(bens.map((a: { id: number }) => a.id)).toEqual([ben.alert.id]);
		expect(bens[0]?.lastHit).toBeNull();
		expect((await reporter.get("/api/price-alerts")).data).toEqual([]);
	});

	test("candidates come from the word index, one seek per word at the report's place, price checked in the index", () => {
		const plan = server.sqlite
			.query(`EXPLAIN QUERY PLAN ${WORD_HITS_SQL}`)
			.all({ words: '["egg"]', loc: "z10001", price: 100 }) as { detail: string }[];
		const details = plan.map((p) => p.detail).join("\n");
		// No read of the table itself, nor of any place but the report's.
		expect(details).toContain(
			"SEARCH price_alert_words USING COVERING INDEX sqlite_autoindex_price_alert_words_1 (word=? AND loc_token=? AND target_price_cents>?)",
		);
		expect(details).not.toMatch(/SCAN price_alert_words\b/);
	});
});
