/**
 * When a hit notifies (decision 0050): once per crossing of the target, again a week later, at most the
 * shopper's daily cap a day with the rest summed up in the next; and alerts limited to starred spots, and
 * fuel alerts. What the shopper was told is read as a reconnecting stream is sent it (hitsAfter): the
 * notified hits whose reports are still listed.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { priceAlertHits, priceAlerts, priceReports } from "../../db/schema.ts";
import { DAY_MS } from "../lib/time.ts";
import { expectBody, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";
import type { HitEventData } from "./delivery.ts";
import { hitsAfter } from "./hits.ts";
import { categoryIds, createAlert, openEvents, reportPrice } from "./testing.ts";

let server: TestServer;
let dairy: number;
let reporter: TestClient;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	reporter = (await registerUser(server, { zipCode: "10001" })).client;
	({ dairy } = await categoryIds(reporter));
});
afterAll(() => server.stop());

/** A shopper at 10001 with the alert; `told()` lists what they were notified of, oldest first. */
async function watcher(alert: Record<string, unknown>) {
	const { client, user } = await registerUser(server, { zipCode: "10001" });
	const created = await createAlert(client, alert);
	const told = async () => (await hitsAfter(server.db, user.id, 0)).map((m) => m.data as HitEventData);
	return { client, user, alert: created, told };
}

const notices = (alertId: number) =>
	server.db
		.select({ notice: priceAlertHits.notice })
		.from(priceAlertHits)
		.where(eq(priceAlertHits.alertId, alertId))
		.orderBy(priceAlertHits.id)
		.all()
		.map((h) => h.notice);

const expireReport = (id: number) =>
	server.db.update(priceReports).set({ isExpired: true }).where(eq(priceReports.id, id)).run();

describe("an alert fires once per crossing", () => {
	test("a second price under the target while the first is still listed is quiet", async () => {
		const { client, alert, told } = await watcher({ productName: "halloumi", targetPrice: 5 });
		const first = await reportPrice(reporter, { productName: "Halloumi", price: 4.5, categoryId: dairy });
		const second = await reportPrice(reporter, { productName: "Halloumi Block", price: 3.99, categoryId: dairy });
		expect((await told()).map((h) => h.reportId)).toEqual([first.id]);
		expect(notices(alert.id)).toEqual(["sent", "quiet"]);
		// The Alerts tab still shows the newest price that met it.
		const [listed] = expectBody(await client.get("/api/price-alerts"), 200);
		expect(listed?.lastHit).toMatchObject({ reportId: second.id, price: 3.99 });
	});

	test("it re-arms once no listed price is under the target any more, and fires on the next one", async () => {
		const { alert, told } = await watcher({ productName: "paneer", targetPrice: 5 });
		const first = await reportPrice(reporter, { productName: "Paneer", price: 4.5, categoryId: dairy });
		// The price goes back above the target: the only report under it expires (or is replaced higher).
		expireReport(first.id);
		const again = await reportPrice(reporter, { productName: "Paneer", price: 4.75, categoryId: dairy });
		expect(notices(alert.id)).toEqual(["sent", "sent"]);
		expect((await told()).map((h) => h.reportId)).toEqual([again.id]);
	});

	test("a shopper replacing their own price higher over the target re-arms the alert too", async () => {
		const { alert } = await watcher({ productName: "labneh", targetPrice: 5 });
		const shop = { categoryId: dairy, storeName: "Levant Deli" };
		await reportPrice(reporter, { productName: "Labneh", price: 4.5, ...shop });
		await reportPrice(reporter, { productName: "Labneh", price: 6.5, ...shop }); // over: no hit, and re-armed
		await reportPrice(reporter, { productName: "Labneh", price: 4.25, ...shop });
		expect(notices(alert.id)).toEqual(["sent", "sent"]);
	});

	test("a week after it fired, it fires again even if the price never went back up", async () => {
		const { alert } = await watcher({ productName: "skyr", targetPrice: 5 });
		await reportPrice(reporter, { productName: "Skyr", price: 4.5, categoryId: dairy });
		const eightDaysAgo = new Date(Date.now() - 8 * DAY_MS);
		server.db.update(priceAlerts).set({ lastNotified: eightDaysAgo }).where(eq(priceAlerts.id, alert.id)).run();
		await reportPrice(reporter, { productName: "Skyr Vanilla", price: 4.25, categoryId: dairy });
		expect(notices(alert.id)).toEqual(["sent", "sent"]);
	});

	test("the shopper's own report never notifies them, nor counts as a hit", async () => {
		const { client, alert, told } = await watcher({ productName: "quark", targetPrice: 5 });
		await reportPrice(client, { productName: "Quark", price: 2, categoryId: dairy });
		expect(notices(alert.id)).toEqual([]);
		expect(await told()).toEqual([]);
	});
});

describe("the daily cap", () => {
	test("over the cap, hits are held; the next notification sums them up", async () => {
		const { client, user } = await registerUser(server, { zipCode: "10001" });
		const cap = await client.put("/api/profile/alert-settings", { dailyCap: 2 });
		expect(cap.status).toBe(200);
		const names = ["cheddar", "gruyere", "emmental", "comte", "manchego"];
		const alerts = [];
		for (const name of names) alerts.push(await createAlert(client, { productName: name, targetPrice: 9 }));
		const stream = await openEvents(server, client);
		for (const name of names.slice(0, 4))
			await reportPrice(reporter, { productName: name, price: 7, categoryId: dairy });
		await stream.waitFor(() => stream.hits().length === 2);
		expect(alerts.slice(0, 4).map((a) => notices(a.id))).toEqual([["sent"], ["sent"], ["held"], ["held"]]);
		// A day later the cap has room again: the next hit is sent and sums up the two held.
		server.db.$client
			.query(
				"UPDATE price_alert_hits SET created_at = created_at - $day WHERE alert_id IN (SELECT id FROM price_alerts WHERE user_id = $user)",
			)
			.run({ day: DAY_MS, user: user.id });
		await reportPrice(reporter, { productName: "Manchego", price: 7, categoryId: dairy });
		await stream.waitFor(() => stream.hits().length === 3);
		const last = stream.hits()[2] as HitEventData;
		expect(last.title).toBe("Price alert: manchego");
		expect(last.body).toEndWith("And 2 more alerts since your last notification.");
		expect(alerts.slice(2, 4).map((a) => notices(a.id))).toEqual([["summed"], ["summed"]]);
		await stream.close();
	});

	test("a held hit leaves its alert armed: its next hit, once the cap has room, is sent", async () => {
		const { client, user } = await registerUser(server, { zipCode: "10001" });
		await client.put("/api/profile/alert-settings", { dailyCap: 1 });
		const first = await createAlert(client, { productName: "stilton", targetPrice: 9 });
		const second = await createAlert(client, { productName: "roquefort", targetPrice: 9 });
		await reportPrice(reporter, { productName: "Stilton", price: 7, categoryId: dairy });
		await reportPrice(reporter, { productName: "Roquefort", price: 7, categoryId: dairy });
		expect([notices(first.id), notices(second.id)]).toEqual([["sent"], ["held"]]);
		server.db.$client
			.query(
				"UPDATE price_alert_hits SET created_at = created_at - $day WHERE alert_id IN (SELECT id FROM price_alerts WHERE user_id = $user)",
			)
			.run({ day: DAY_MS, user: user.id });
		// The first Roquefort is still listed, yet the alert never told the shopper: this one is sent, and it is
		// itself the news (no "more" to sum up).
		const stream = await openEvents(server, client, { "last-event-id": "0" });
		await reportPrice(reporter, { productName: "Roquefort Wedge", price: 6.5, categoryId: dairy });
		expect(notices(second.id)).toEqual(["summed", "sent"]);
		await stream.waitFor(() => stream.hits().some((h) => h.alertId === second.id));
		const told = stream.hits().find((h) => h.alertId === second.id) as HitEventData;
		expect(told.body).not.toContain("more alert");
		await stream.close();
	});
});
