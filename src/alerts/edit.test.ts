/** Editing a price alert in place: PATCH /api/price-alerts/:id. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { priceAlertWords, users } from "../../db/schema.ts";
import { expectBody, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";
import { updateAlert } from "./queries.ts";
import { categoryIds, createAlert, reportPrice } from "./testing.ts";

let server: TestServer;
let reporter: TestClient;
let cat: Awaited<ReturnType<typeof categoryIds>>;
let seq = 0;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	reporter = (await registerUser(server, { zipCode: "10001" })).client;
	cat = await categoryIds(reporter);
});
afterAll(() => server.stop());

/** A word of this test's own, so that reports of one test never meet another's alerts. */
const tag = () => `w${++seq}x`;

async function watcher(alert: Record<string, unknown>) {
	const { client } = await registerUser(server, { zipCode: "10001" });
	return { client, alert: await createAlert(client, alert) };
}

/** The alert as its owner's list shows it. */
async function listed(client: TestClient, id: number) {
	const list = expectBody(await client.get("/api/price-alerts"), 200);
	const found = list.find((a) => a.id === id);
	if (!found) throw new Error(`alert ${id} is not listed`);
	return found;
}

let stations = 0;
async function reportFuel(fields: { fuelType: string; price: number }) {
	const res = await reporter.post("/api/gas/reports", {
		stationName: `Edit Station ${++stations}`,
		stationAddress: "350 10th Ave",
		stationZipCode: "10001",
		vacationMode: false,
		...fields,
	});
	if (res.status !== 201) throw new Error(`fuel report failed: ${res.status} ${JSON.stringify(res.data)}`);
	return res.data.id as number;
}

describe("PATCH /api/price-alerts/:id", () => {
	test("an edited alert fires on its new words and target, and no longer on its old ones", async () => {
		const [oldWord, newWord] = [tag(), tag()];
		const { client, alert } = await watcher({
			productName: `oat milk ${oldWord}`,
			targetPrice: 3,
			categoryId: cat.dairy,
		});
		const res = await client.patch(`/api/price-alerts/${alert.id}`, {
			productName: `almond milk ${newWord}`,
			targetPrice: "2.50",
		});
		expect(res.status).toBe(200);
		expect(res.data).toEqual({
			...alert,
			productName: `almond milk ${newWord}`,
			targetPrice: 2.5,
		});

		// The old words at a price under both targets: nothing.
		await reportPrice(reporter, { productName: `Oat Milk ${oldWord}`, price: 2, categoryId: cat.dairy });
		expect((await listed(client, alert.id)).lastHit).toBeNull();
		// The new words, under the old target but over the new one: nothing.
		await reportPrice(reporter, { productName: `Almond Milk ${newWord}`, price: 2.75, categoryId: cat.dairy });
		expect((await listed(client, alert.id)).lastHit).toBeNull();
		// The new words under the new target: a hit.
		const hit = await reportPrice(reporter, {
			productName: `Almond Milk ${newWord}`,
			price: 2.4,
			categoryId: cat.dairy,
		});
		expect((await listed(client, alert.id)).lastHit).toMatchObject({ reportId: hit.id, price: 2.4 });

		const words = server.db.select().from(priceAlertWords).where(eq(priceAlertWords.alertId, alert.id)).all();
		expect([...new Set(words.map((w) => w.word))].sort()).toEqual(["almond", "milk", newWord].sort());
		expect(new Set(words.map((w) => w.targetPriceCents))).toEqual(new Set([250]));
	});

	test("fields left out keep their value; an edit that matches as before keeps the alert's hits", async () => {
		const word = tag();
		const { client, alert } = await watcher({
			productName: `rye bread ${word}`,
			targetPrice: 4,
			categoryId: cat.groceries,
		});
		const hit = await reportPrice(reporter, {
			productName: `Rye Bread ${word}`,
			price: 3.5,
			categoryId: cat.groceries,
		});
		const before = await listed(client, alert.id);
		expect(before.lastHit).toMatchObject({ reportId: hit.id });
		expect(before.lastNotified).not.toBeNull();

		// The same words in another order and case, everything else as it was: the same alert, hits and all.
		const renamed = await client.patch(`/api/price-alerts/${alert.id}`, {
			productName: `Bread ${word} RYE`,
			targetPrice: "4.00",
			categoryId: cat.groceries,
			scope: "near",
			fuelType: null,
		});
		expect(expectBody(renamed, 200)).toEqual({ ...before, productName: `Bread ${word} RYE` });
		expect(await listed(client, alert.id)).toEqual({ ...before, productName: `Bread ${word} RYE` });
	});

	// Made when the test runs: the categories are read once the server is up.
	test.each<[string, (word: string) => Record<string, unknown>]>([
		["a lower target", () => ({ targetPrice: 3 })],
		["another word", (word) => ({ productName: `rye bread loaf ${word}` })],
		["another category", () => ({ categoryId: cat.produce })],
		["any category", () => ({ categoryId: null })],
		["another place", () => ({ scope: "spots" })],
		["a fuel", () => ({ fuelType: "regular" })],
	])("an edit to %s drops the hits of what the alert watched before", async (_name, change) => {
		const word = tag();
		const { client, alert } = await watcher({
			productName: `rye bread ${word}`,
			targetPrice: 4,
			categoryId: cat.groceries,
		});
		await reportPrice(reporter, { productName: `Rye Bread ${word}`, price: 3.5, categoryId: cat.groceries });
		expect((await listed(client, alert.id)).lastHit).not.toBeNull();

		const body = change(word);
		const edited = expectBody(await client.patch(`/api/price-alerts/${alert.id}`, body), 200);
		// No "last hit" at a price over the new target, of another product, or of a product shown as fuel.
		expect(edited).toMatchObject({ lastHit: null, lastNotified: null });
		expect(await listed(client, alert.id)).toMatchObject({ lastHit: null, lastNotified: null });
	});

	test("an edit that matches anew still fires on the next report it meets", async () => {
		const word = tag();
		const { client, alert } = await watcher({
			productName: `rye bread ${word}`,
			targetPrice: 4,
			categoryId: cat.groceries,
		});
		await reportPrice(reporter, { productName: `Rye Bread ${word}`, price: 3.5, categoryId: cat.groceries });
		expectBody(await client.patch(`/api/price-alerts/${alert.id}`, { targetPrice: 3 }), 200);
		expect((await listed(client, alert.id)).lastHit).toBeNull();
		// Now in any category: a report filed elsewhere sets it off.
		expectBody(await client.patch(`/api/price-alerts/${alert.id}`, { categoryId: null }), 200);
		const other = await reportPrice(reporter, {
			productName: `Rye Bread ${word}`,
			price: 2.9,
			categoryId: cat.produce,
		});
		expect((await listed(client, alert.id)).lastHit).toMatchObject({ reportId: other.id, price: 2.9 });
	});

	test("edits made at once each keep what the other changed", async () => {
		const { client, user } = await registerUser(server, { zipCode: "10001" });
		const alert = await createAlert(client, { productName: `miso ${tag()}`, targetPrice: 4 });
		const owner = server.db.select().from(users).where(eq(users.id, user.id)).get();
		if (!owner) throw new Error("the user is not stored");
		// Both edits start before either is written, as two requests of one process can.
		await Promise.all([
			updateAlert(server.db, owner, alert.id, { targetPrice: 300 }),
			updateAlert(server.db, owner, alert.id, { categoryId: cat.groceries }),
		]);
		expect(await listed(client, alert.id)).toMatchObject({ targetPrice: 3, categoryId: cat.groceries });
	});

	test("a fuel alert edited to another fuel and target fires on that fuel only", async () => {
		const { client, alert } = await watcher({ fuelType: "regular", targetPrice: 3 });
		const res = expectBody(
			await client.patch(`/api/price-alerts/${alert.id}`, { fuelType: "diesel", targetPrice: 4 }),
			200,
		);
		expect(res).toMatchObject({ id: alert.id, fuelType: "diesel", productName: "Diesel", targetPrice: 4 });
		await reportFuel({ fuelType: "regular", price: 2.499 });
		expect((await listed(client, alert.id)).lastHit).toBeNull();
		const diesel = await reportFuel({ fuelType: "diesel", price: 3.899 });
		expect((await listed(client, alert.id)).lastHit).toMatchObject({ reportId: diesel });
	});

	test("a product alert turned into a fuel alert is named by its fuel; back again, it needs a name", async () => {
		const { client, alert } = await watcher({ productName: `ghee ${tag()}`, targetPrice: 5, categoryId: cat.dairy });
		const fuel = expectBody(await client.patch(`/api/price-alerts/${alert.id}`, { fuelType: "premium" }), 200);
		expect(fuel).toMatchObject({ productName: "Premium", fuelType: "premium", categoryId: null, targetPrice: 5 });
		const unnamed = await client.patch(`/api/price-alerts/${alert.id}`, { fuelType: null });
		expect(unnamed.status).toBe(400);
		expect(unnamed.data.message).toBe("Product name is required");
		const named = await client.patch(`/api/price-alerts/${alert.id}`, { fuelType: null, productName: "ghee" });
		expect(expectBody(named, 200)).toMatchObject({ productName: "ghee", fuelType: null, categoryId: null });
	});

	test.each([
		["an empty product name", { productName: "" }, "productName", "Product name is required"],
		["a name without words", { productName: "!!" }, "productName", "Product name needs at least one letter or digit"],
		["a blank target", { targetPrice: "" }, "targetPrice", "Target price is required"],
		["a zero target", { targetPrice: 0 }, "targetPrice", "Target price must be greater than 0"],
		[
			"fractions of a cent",
			{ targetPrice: "2.505" },
			"targetPrice",
			"Target price must be an amount in dollars and cents, like 2.50",
		],
		["an unknown place", { scope: "mars" }, "scope", 'Where must be "near" or "spots"'],
		[
			"an unknown fuel",
			{ fuelType: "kerosene" },
			"fuelType",
			"Fuel type must be one of regular, premium, diesel, e85, electric",
		],
		[
			"a fuel alert at any price",
			{ fuelType: "regular", targetPrice: null },
			"targetPrice",
			"Target price is required",
		],
		["an unknown category", { categoryId: 9999 }, "categoryId", "Unknown category"],
		["nothing to change", {}, "", "Send at least one field of the alert to change"],
	])("refuses %s with a clear message and leaves the alert as it was", async (_name, body, path, message) => {
		const { client, alert } = await watcher({ productName: `tea ${tag()}`, targetPrice: 2 });
		const res = await client.patch(`/api/price-alerts/${alert.id}`, body);
		expect(res.status).toBe(400);
		expect(res.data.message).toBe(message);
		expect(res.data.issues).toContainEqual({ path, message });
		expect(await listed(client, alert.id)).toEqual(alert);
	});

	test("another user's alert is not found and stays as it was; guests are refused", async () => {
		const { client: owner, alert } = await watcher({ productName: `jam ${tag()}`, targetPrice: 2 });
		const other = (await registerUser(server)).client;
		const foreign = await other.patch(`/api/price-alerts/${alert.id}`, { targetPrice: 9 });
		expect(foreign.status).toBe(404);
		expect(foreign.data.message).toBe("Price alert not found");
		expect((await other.patch("/api/price-alerts/abc", { targetPrice: 9 })).status).toBe(404);
		expect((await server.client().patch(`/api/price-alerts/${alert.id}`, { targetPrice: 9 })).status).toBe(401);
		expect(await listed(owner, alert.id)).toEqual(alert);
	});

	test("an edit that makes a copy of another alert is refused; saving an alert unchanged is not", async () => {
		const word = tag();
		const { client, alert } = await watcher({ productName: `salsa ${word}`, targetPrice: 3 });
		const second = await createAlert(client, { productName: `salsa ${word}`, targetPrice: 4 });
		const copy = await client.patch(`/api/price-alerts/${second.id}`, { targetPrice: "3.00" });
		expect(copy.status).toBe(409);
		expect(copy.data.message).toBe("You already have this price alert");
		const same = await client.patch(`/api/price-alerts/${alert.id}`, { productName: `${word} salsa`, targetPrice: 3 });
		expect(expectBody(same, 200)).toMatchObject({ id: alert.id, productName: `${word} salsa` });
	});
});
