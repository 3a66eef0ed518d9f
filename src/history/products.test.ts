import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DAY_MS } from "../lib/time.ts";
import { neighbourhood } from "../lib/zip.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";
import { establish } from "../test/standing.ts";

let server: TestServer;
let viewer: TestClient;
beforeAll(async () => {
	server = await startTestServer();
	viewer = (await registerUser(server)).client;
});
afterAll(() => server.stop());

/** Groceries: its usual range holds every price used here. */
const GROCERIES = 1;
/** A neighbour of 10001 (Manhattan), and how far it is. */
const NEIGHBOUR = neighbourhood("10001")[1]!;
const NEIGHBOUR_ZIP = NEIGHBOUR.token.slice(1);

type Report = { name: string; price: number; store: string; zip?: string };

/** A report by a shopper of its own (one report each: nobody's later price replaces their earlier one). */
async function report({ name, price, store, zip }: Report) {
	const { client } = await registerUser(server);
	const res = await client.post("/api/price-reports", {
		productName: name,
		price,
		categoryId: GROCERIES,
		storeName: store,
		storeAddress: "1 Main St",
		...(zip ? { vacationMode: true, reportZipCode: zip } : {}),
	});
	if (res.status !== 201) throw new Error(JSON.stringify(res.data));
	return res.data.id;
}

/** Moves a report back in time; `expired`: the age sweep has expired it too. */
function backdate(id: number, daysAgo: number, expired = false) {
	const at = Date.now() - daysAgo * DAY_MS;
	server.sqlite
		.query(
			"UPDATE price_reports SET created_at = ?1, updated_at = ?1, is_expired = ?2, expired_reason = ?3 WHERE id = ?4",
		)
		.run(at, expired ? 1 : 0, expired ? "age" : null, id);
}

const history = (client: TestClient, params: Record<string, string>) =>
	client.get(`/api/products/history?${new URLSearchParams({ categoryId: String(GROCERIES), ...params })}`);

type Answer = { stores: { points: { reportId: number }[] }[] };
const reportIds = (data: Answer) => data.stores.flatMap((s) => s.points.map((p) => p.reportId)).sort((a, b) => a - b);

/** The Monday (UTC) of a time's week, as a day. */
function monday(iso: string) {
	const at = new Date(iso);
	const back = (at.getUTCDay() + 6) % 7;
	return new Date(at.getTime() - back * DAY_MS).toISOString().slice(0, 10);
}

describe("GET /api/products/history", () => {
	const ids = { old: 0, older: 0, neighbour: 0, far: 0, corner: 0, third: 0 };
	beforeAll(async () => {
		const name = "Oat Milk Barista";
		ids.old = await report({ name, price: 4.5, store: "Corner Grocer" });
		backdate(ids.old, 40, true);
		ids.older = await report({ name, price: 5, store: "Corner Grocer" });
		backdate(ids.older, 100, true);
		ids.neighbour = await report({ name, price: 3.5, store: "Deli Two", zip: NEIGHBOUR_ZIP });
		backdate(ids.neighbour, 10);
		ids.far = await report({ name, price: 2, store: "Sunset Market", zip: "90210" });
		ids.corner = await report({ name: "oat milk  barista", price: 4, store: "Corner Grocer" });
		ids.third = await report({ name: "Oat Milk barista", price: 4.2, store: "Third Ave Foods" });
	});

	test("the prices near the zip over 90 days, a series per store, the latest store first", async () => {
		const res = await history(viewer, { productName: "OAT MILK barista" });
		expectStatus(res, 200);
		const { stores, median, summary, ...rest } = res.data;
		expect(rest).toMatchObject({
			productName: "Oat Milk barista", // the latest report's spelling
			categoryId: GROCERIES,
			categoryName: "Groceries",
			zipCode: "10001",
			days: 90,
			youPaid: null,
		});
		expect(stores.map((s) => [s.name, s.distanceMiles, s.points.map((p) => p.price)])).toEqual([
			["Third Ave Foods", 0, [4.2]],
			["Corner Grocer", 0, [4.5, 4]],
			["Deli Two", Math.round(NEIGHBOUR.miles * 10) / 10, [3.5]],
		]);
		expect(stores[1]?.points[1]).toEqual({
			reportId: ids.corner,
			price: 4,
			reportedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
		});
		// A week's median: today's two prices, and one price in each earlier week.
		const at = (id: number) =>
			stores
				.flatMap((s: { points: { reportId: number; reportedAt: string }[] }) => s.points)
				.find((p: { reportId: number }) => p.reportId === id)!.reportedAt;
		expect(median).toEqual([
			{ date: monday(at(ids.old)), price: 4.5 },
			{ date: monday(at(ids.neighbour)), price: 3.5 },
			{ date: monday(at(ids.corner)), price: 4.1 },
		]);
		const regular = { priceType: "regular", saleEnds: null, multiBuy: null } as const;
		expect(summary).toEqual({
			stores: 3,
			reports: 4,
			lowest: { price: 3.5, ...regular, reportedAt: at(ids.neighbour), storeName: "Deli Two" },
			typical: 4.1,
			highest: { price: 4.5, ...regular, reportedAt: at(ids.old), storeName: "Corner Grocer" },
		});
	});

	test("30 days: a median per day; 365 days: the 100-day-old price too", async () => {
		const month = expectBody(await history(viewer, { productName: "Oat Milk Barista", days: "30" }), 200);
		expect(reportIds(month)).toEqual([ids.neighbour, ids.corner, ids.third].sort((a, b) => a - b));
		const day = (iso: string) => iso.slice(0, 10);
		const corner = month.stores.find((s: { name: string }) => s.name === "Corner Grocer")!.points[0]!;
		const deli = month.stores.find((s: { name: string }) => s.name === "Deli Two")!.points[0]!;
		expect(month.median).toEqual([
			{ date: day(deli.reportedAt), price: 3.5 },
			{ date: day(corner.reportedAt), price: 4.1 },
		]);
		expect(month.summary).toMatchObject({ reports: 3, typical: 4 });

		const year = expectBody(await history(viewer, { productName: "Oat Milk Barista", days: "365" }), 200);
		expect(reportIds(year)).toEqual([ids.older, ids.old, ids.neighbour, ids.corner, ids.third].sort((a, b) => a - b));
		expect(year.summary.highest).toMatchObject({ price: 5, storeName: "Corner Grocer" });
	});

	test("another zip's neighbourhood has its own history", async () => {
		const beverly = expectBody(await history(viewer, { productName: "Oat Milk Barista", zipCode: "90210" }), 200);
		expect(reportIds(beverly)).toEqual([ids.far]);
		expect(beverly).toMatchObject({ zipCode: "90210", summary: { reports: 1, typical: 2 } });
		expect(beverly.stores[0]).toMatchObject({ name: "Sunset Market", distanceMiles: 0 });
	});

	test("expired by age stays; hidden, judged wrong, flagged and unconfirmed-unusual prices leave", async () => {
		const name = "Rye Crackers";
		const kept = await report({ name, price: 3, store: "Kept" });
		const aged = await report({ name, price: 3.1, store: "Aged" });
		backdate(aged, 20, true);
		const hidden = await report({ name, price: 3.2, store: "Hidden" });
		const flagged = await report({ name, price: 3.3, store: "Flagged" });
		const outlier = await report({ name, price: 3.4, store: "Outlier" });
		const unusual = await report({ name, price: 3.5, store: "Unusual" });
		const confirmed = await report({ name, price: 3.6, store: "Confirmed" });

		// Shoppers of standing, whose flags hide a price (decision 0071).
		const flaggers = await Promise.all([1, 2, 3].map(() => registerUser(server)));
		establish(
			server,
			flaggers.map((f) => f.user.id),
		);
		const flag = (client: TestClient, id: number) =>
			client.post(`/api/price-reports/${id}/feedback`, { kind: "wrong", reason: "wrong-price" });
		for (const f of flaggers) expect((await flag(f.client, hidden)).status).toBe(200);
		expect((await flag(flaggers[0]!.client, flagged)).status).toBe(200);
		// An outlier the consensus exposed is expired and judged wrong.
		server.sqlite
			.query("UPDATE price_reports SET is_expired = 1, is_discredited = 1, expired_reason = 'outlier' WHERE id = ?")
			.run(outlier);
		server.sqlite.query("UPDATE price_reports SET is_unusual = 1 WHERE id IN (?, ?)").run(unusual, confirmed);
		const confirmedBy = flaggers[1]!.client;
		expect((await confirmedBy.post(`/api/price-reports/${confirmed}/feedback`, { kind: "confirm" })).status).toBe(200);

		const res = await history(viewer, { productName: name });
		expectStatus(res, 200);
		expect(reportIds(res.data)).toEqual([kept, aged, confirmed].sort((a, b) => a - b));
		expect(res.data.summary).toMatchObject({ reports: 3, typical: 3.1 });
		// The best offers are live: the aged price is history, not an offer.
		expect(res.data.bestOffers.map((o: { id: number }) => o.id)).toEqual([kept, confirmed]);
	});

	test("best offers: the live trustworthy prices near the zip, cheapest first, at most 3, as search shows them", async () => {
		const name = "Maple Syrup Grade A";
		const prices = [7.5, 6.2, 7, 6.5, 6];
		const live = [];
		for (const [i, price] of prices.entries())
			live.push(await report({ name, price, store: `Sugar Shack ${i}`, zip: i === 4 ? NEIGHBOUR_ZIP : undefined }));
		const expired = await report({ name, price: 5.9, store: "Old Shack" });
		backdate(expired, 5, true);
		await report({ name, price: 4, store: "Far Shack", zip: "90210" });

		const res = await history(viewer, { productName: name });
		expectStatus(res, 200);
		const offers = res.data.bestOffers;
		expect(offers.map((o: { id: number; price: number }) => [o.id, o.price])).toEqual([
			[live[4]!, 6],
			[live[1]!, 6.2],
			[live[3]!, 6.5],
		]);
		// The 90-day low is the expired $5.90, six prices: $6.00 is within 5% of it, $6.20 is not.
		expect(offers.map((o: { goodDeal: boolean }) => o.goodDeal)).toEqual([true, false, false]);
		const searched = expectBody(await viewer.get(`/api/search?q=${encodeURIComponent("maple syrup")}&sort=price`), 200);
		for (const offer of offers) {
			const result = searched.find((r: { id: number }) => r.id === offer.id);
			expect({ ...offer, verificationConfidence: 0, seenAt: "" }).toEqual({
				...result!,
				verificationConfidence: 0,
				seenAt: "",
			});
		}
		expect(offers[0]?.distanceMiles).toBe(Math.round(NEIGHBOUR.miles * 10) / 10);
	});

	test("the chart holds the stores with the most reports; the figures count every store", async () => {
		const name = "Hazelnut Spread Jar";
		// Seven stores: the first has three prices, the rest one each, the last the newest.
		const ids = [];
		for (const [i, price] of [3.1, 3.2, 3.3].entries()) {
			const id = await report({ name, price, store: "Busy Market" });
			backdate(id, 30 - i);
			ids.push(id);
		}
		for (let i = 1; i <= 6; i++) ids.push(await report({ name, price: 3 + i / 10, store: `Small Shop ${i}` }));
		const res = await history(viewer, { productName: name });
		expectStatus(res, 200);
		expect(res.data.summary).toMatchObject({ reports: 9, stores: 7 });
		const charted = res.data.stores.map((s: { name: string }) => s.name);
		expect(charted).toHaveLength(6);
		expect(charted).toContain("Busy Market");
		// The newest small shop leads; of the ties, the oldest report's store is the one left out.
		expect(charted[0]).toBe("Small Shop 6");
		expect(charted).not.toContain("Small Shop 1");
	});

	test("a store's older price is no offer once a newer one stands there", async () => {
		const name = "Cold Brew Concentrate";
		const older = await report({ name, price: 5, store: "Bean Counter" });
		backdate(older, 3);
		const newer = await report({ name, price: 6, store: "Bean Counter" });
		const elsewhere = await report({ name, price: 7, store: "Roastery" });
		const res = await history(viewer, { productName: name });
		expectStatus(res, 200);
		expect(res.data.bestOffers.map((o: { id: number }) => o.id)).toEqual([newer, elsewhere]);
		expect(reportIds(res.data)).toEqual([older, newer, elsewhere]);
	});

	test("a product nobody reported has an empty history under the name asked", async () => {
		const res = await history(viewer, { productName: "  Unicorn Jerky ", days: "365" });
		expect(res.status).toBe(200);
		expect(res.data).toEqual({
			productName: "Unicorn Jerky",
			product: null,
			categoryId: GROCERIES,
			categoryName: "Groceries",
			zipCode: "10001",
			days: 365,
			stores: [],
			median: [],
			summary: { reports: 0, stores: 0, lowest: null, typical: null, highest: null },
			bestOffers: [],
			youPaid: null,
		});
	});

	test("asks for a name, a known category, a window of 30, 90 or 365 days and a zip; a guest signs in", async () => {
		const cases: [Record<string, string>, string][] = [
			[{ productName: "" }, "Product name is required"],
			[{ productName: "Milk", days: "7" }, "days must be one of 30, 90, 365"],
			[{ productName: "Milk", categoryId: "" }, "Category is required"],
			[{ productName: "Milk", categoryId: "999" }, "Category not found"],
		];
		for (const [params, message] of cases) {
			const res = await history(viewer, params);
			expect({ params, status: res.status, message: res.data.message }).toEqual({ params, status: 400, message });
		}
		const homeless = (await registerUser(server, { zipCode: "" })).client;
		const noZip = await history(homeless, { productName: "Milk" });
		expect(noZip).toMatchObject({ status: 400, data: { message: "Set your zip code to search for deals near you." } });
		expect((await history(homeless, { productName: "Milk", zipCode: "10001" })).status).toBe(200);
		expect((await history(server.client(), { productName: "Milk" })).status).toBe(401);
	});
});
