import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { gasPriceReports } from "../../db/schema.ts";
import { DAY_MS } from "../lib/time.ts";
import { expireByAge } from "../reports/expiry.ts";
import { FUEL } from "../reports/markets.ts";
import { expectStatus, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";
import { establish } from "../test/standing.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
});
afterAll(() => server.stop());

/** A fuel price at a named station in `zip`, by a reporter of its own unless given. */
async function post(
	zip: string,
	stationName: string,
	fuelType: string,
	price: number,
	by?: TestClient,
	extra: Record<string, unknown> = {},
) {
	const reporter = by ?? (await registerUser(server, { zipCode: zip })).client;
	const res = await reporter.post("/api/gas/reports", {
		stationName,
		stationAddress: `${stationName} Rd`,
		stationZipCode: zip,
		fuelType,
		price,
		...extra,
	});
	if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.data)}`);
	return { id: res.data.id, stationId: res.data.stationId, reporter };
}
/** Moves a report back in time, as if it had been made `days` ago. */
const backdate = (id: number, days: number) =>
	server.db
		.update(gasPriceReports)
		.set({ createdAt: new Date(Date.now() - days * DAY_MS) })
		.where(eq(gasPriceReports.id, id))
		.run();
const row = (id: number) => server.db.select().from(gasPriceReports).where(eq(gasPriceReports.id, id)).get();
const viewerAt = async (zipCode: string | null) => (await registerUser(server, { zipCode })).client;

type Point = { reportId: number; price: number; reportedAt: string };
type Fuel = { fuelType: string; points: Point[]; summary: Record<string, number | null> };
const history = async (client: TestClient, stationId: number, query: `?${string}` | "" = "") => {
	const res = await client.get(`/api/gas/stations/${stationId}/history${query}`);
	expectStatus(res, 200);
	return res.data;
};
const prices = (fuel: Fuel | undefined) => fuel?.points.map((p) => p.price);

describe("GET /api/gas/stations/:id/history", () => {
	test("a fuel's prices at the station alone, oldest first, with lowest, typical and highest", async () => {
		const a = await post("90210", "Alpha", "regular", 3.1);
		backdate(a.id, 5);
		const b = await post("90210", "Alpha", "regular", 3.2);
		backdate(b.id, 2);
		const c = await post("90210", "Alpha", "regular", 3.0);
		await post("90210", "Alpha", "premium", 3.9);
		await post("90210", "Alpha", "electric", 0.45);
		// Another station in the same zip: none of its prices is Alpha's.
		await post("90210", "Bravo", "regular", 3.15);
		const viewer = await viewerAt("90210");

		const regular = await history(viewer, a.stationId, "?fuelType=regular&days=7");
		expect(regular.station).toEqual({
			id: a.stationId,
			name: "Alpha",
			address: "Alpha Rd",
			zipCode: "90210",
			distanceMiles: 0,
			lastUpdated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
		});
		expect(regular.days).toBe(7);
		expect(regular.fuels).toEqual([
			{
				fuelType: "regular",
				points: [
					{ reportId: a.id, price: 3.1, reportedAt: new Date(row(a.id)!.createdAt).toISOString() },
					{ reportId: b.id, price: 3.2, reportedAt: expect.any(String) },
					{ reportId: c.id, price: 3, reportedAt: expect.any(String) },
				],
				summary: { reports: 3, lowest: 3, typical: 3.1, highest: 3.2 },
			},
		]);

		// Every fuel reported there, in the app's fuel order; 30 days unless asked.
		const all = await history(viewer, a.stationId);
		expect(all.days).toBe(30);
		expect(all.fuels.map((f) => [f.fuelType, prices(f)])).toEqual([
			["regular", [3.1, 3.2, 3]],
			["premium", [3.9]],
			["electric", [0.45]],
		]);
		// A fuel asked for and never reported there is answered empty.
		const diesel = await history(viewer, a.stationId, "?fuelType=diesel");
		expect(diesel.fuels).toEqual([
			{ fuelType: "diesel", points: [], summary: { reports: 0, lowest: null, typical: null, highest: null } },
		]);
	});

	test("7, 30 and 90 days: a price is in its window and out of the shorter ones; expired by age it stays", async () => {
		const ids: number[] = [];
		for (const [days, price] of [
			[100, 3.0],
			[60, 3.05],
			[20, 3.1],
			[3, 3.15],
		] as const) {
			const { id } = await post("30310", "Windows", "regular", price);
			backdate(id, days);
			ids.push(id);
		}
		expect(await expireByAge(server.db, FUEL)).toBeGreaterThanOrEqual(3);
		expect(row(ids[2]!)).toMatchObject({ isExpired: true, expiredReason: "Older than 7 days" });
		const viewer = await viewerAt("30310");
		const stationId = row(ids[0]!)!.stationId;
		const of = async (days: number) => prices((await history(viewer, stationId, `?days=${days}`)).fuels[0]);
		expect(await of(7)).toEqual([3.15]);
		expect(await of(30)).toEqual([3.1, 3.15]);
		expect(await of(90)).toEqual([3.05, 3.1, 3.15]);
		// Nothing live but the last: the station still has its history, and its recent reports are the live ones.
		const page = await history(viewer, stationId, "?days=90");
		expect(page.recentReports.map((r) => r.price)).toEqual([3.15]);
	});

	test("flagged, hidden by flags, and unusual until confirmed are left out", async () => {
		const zip = "60614";
		const kept = await post(zip, "Careful", "regular", 3.2);
		const flagged = await post(zip, "Careful", "regular", 3.25);
		const hidden = await post(zip, "Careful", "regular", 3.3);
		// Shoppers of standing, whose flags hide a price (decision 0071).
		const say = async (id: number, body: Record<string, unknown>) => {
			const { client, user } = await registerUser(server, { zipCode: zip });
			establish(server, [user.id]);
			expect((await client.post(`/api/gas/reports/${id}/feedback`, body)).status).toBe(200);
		};
		await say(flagged.id, { kind: "wrong", reason: "wrong-price" });
		for (const reason of ["wrong-price", "wrong-store", "spam"]) await say(hidden.id, { kind: "wrong", reason });
		expect(row(hidden.id)).toMatchObject({ isActive: false, flagCount: 3 });
		const viewer = await viewerAt(zip);
		const page = await history(viewer, kept.stationId, "?fuelType=regular");
		expect(prices(page.fuels[0])).toEqual([3.2]);
		// Live, the flagged price is still among the recent reports, its flag shown; the hidden one is not.
		expect(page.recentReports.map((r) => r.id)).toEqual([flagged.id, kept.id]);
		expect(page.recentReports[0]).toMatchObject({ feedback: { wrong: 1 } });

		// On thin history, $7.250 is far above the usual: kept when asked, out of the history until another shopper
		// confirms it.
		const unusual = await post("87010", "Odd Fuel", "regular", 7.25, undefined, { confirmUnusual: true });
		expect(row(unusual.id)?.isUnusual).toBe(true);
		const far = await viewerAt("87010");
		expect((await history(far, unusual.stationId)).fuels).toEqual([]);
		await say(unusual.id, { kind: "confirm" });
		expect(prices((await history(far, unusual.stationId)).fuels[0])).toEqual([7.25]);
	});

	test("a price the consensus later exposes as an outlier leaves the history", async () => {
		const zip = "80010";
		// In the usual range on thin history, so listed like any price; three neighbours then agree near $5.55.
		const slip = await post(zip, "Slip Fuel", "regular", 2.1);
		expect(row(slip.id)?.isUnusual).toBe(false);
		expect(prices((await history(await viewerAt(zip), slip.stationId)).fuels[0])).toEqual([2.1]);
		for (const price of [5.5, 5.6]) await post(zip, "Slip Fuel", "regular", price);
		const last = await (await viewerAt(zip)).post("/api/gas/reports", {
			stationName: "Slip Fuel",
			stationAddress: "Slip Fuel Rd",
			stationZipCode: zip,
			fuelType: "regular",
			price: 5.55,
		});
		expectStatus(last, 201);
		expect(last.data.expirationAnalysis).toMatchObject({ expiredCount: 1 });
		expect(row(slip.id)).toMatchObject({ isExpired: true, isDiscredited: true });
		const page = await history(await viewerAt(zip), slip.stationId);
		expect(prices(page.fuels[0])).toEqual([5.5, 5.6, 5.55]);
		expect(page.recentReports.map((r) => r.price)).toEqual([5.55, 5.6, 5.5]);
	});

	test("recent reports: the newest 10 live ones, newest first, as the viewer sees them", async () => {
		const zip = "98101";
		const viewer = await viewerAt(zip);
		const posted: number[] = [];
		for (let i = 0; i < 11; i++) {
			const { id } = await post(zip, "Busy Pumps", i % 2 ? "premium" : "regular", 3.2 + i / 1000);
			backdate(id, (11 - i) / 24);
			posted.push(id);
		}
		const mine = await post(zip, "Busy Pumps", "diesel", 4.1, viewer);
		const page = await history(viewer, mine.stationId, "?fuelType=diesel");
		const recent = page.recentReports;
		expect(recent.map((r) => r.id)).toEqual([mine.id, ...posted.slice(2).reverse()]);
		expect(recent[0]).toMatchObject({
			stationName: "Busy Pumps",
			fuelType: "diesel",
			price: 4.1,
			isOwnReport: true,
			distanceMiles: 0,
			feedback: { confirm: 0, changed: 0, unavailable: 0, wrong: 0, mine: null },
		});
		expect(recent[1]?.isOwnReport).toBe(false);
	});

	test("a recent report for cash or card only says so; the chart plots both as the fuel's prices", async () => {
		const zip = "98102";
		const cash = await post(zip, "Two Price Gas", "regular", 3.399, undefined, { payment: "cash" });
		const card = await post(zip, "Two Price Gas", "regular", 3.499, undefined, { payment: "card" });
		const either = await post(zip, "Two Price Gas", "regular", 3.449);
		const page = await history(await viewerAt(zip), cash.stationId, "?fuelType=regular");
		expect(page.recentReports.map((r) => [r.id, r.price, r.payment])).toEqual([
			[either.id, 3.449, null],
			[card.id, 3.499, "card"],
			[cash.id, 3.399, "cash"],
		]);
		expect(prices(page.fuels[0])).toEqual([3.399, 3.499, 3.449]);
	});

	test("distance from the shopper's zip, or the zip asked about; none where a place is off the map", async () => {
		// Bravo's ZIP is one of Beverly Hills' nearest areas (src/gas/nearby.test.ts).
		const { stationId } = await post("90069", "Far Pumps", "regular", 3.3);
		const home = await viewerAt("90210");
		expect((await history(home, stationId)).station.distanceMiles).toBe(1.9);
		const page = await history(home, stationId, "?zipCode=90069");
		expect(page.station.distanceMiles).toBe(0);
		expect(page.recentReports[0]?.distanceMiles).toBe(0);
		expect((await history(await viewerAt(null), stationId)).station.distanceMiles).toBeNull();
		expect((await history(await viewerAt("K1A 0B1"), stationId)).station.distanceMiles).toBeNull();
	});

	test("404 for an unknown station or an id that is not one; 400 for a window or fuel it does not know", async () => {
		const viewer = await viewerAt("55401");
		const { stationId } = await post("55401", "Known", "regular", 3.3);
		for (const id of ["987654321", "abc", "1.5"]) {
			const res = await viewer.get(`/api/gas/stations/${id}/history`);
			expect([res.status, res.data.message]).toEqual([404, "Gas station not found"]);
		}
		for (const [query, message] of [
			["days=14", "days must be one of 7, 30, 90"],
			["days=", "days must be one of 7, 30, 90"],
			["fuelType=kerosene", "Fuel type must be one of regular, premium, diesel, e85, electric"],
		]) {
			const res = await viewer.get(`/api/gas/stations/${stationId}/history?${query}`);
			expect([res.status, res.data.message]).toEqual([400, message]);
		}
		expect((await server.client().get(`/api/gas/stations/${stationId}/history`)).status).toBe(401);
	});
});
