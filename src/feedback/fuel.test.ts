import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { gasPriceReports, gasReportFeedback, gasStations } from "../../db/schema.ts";
import { HOUR_MS } from "../lib/time.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";
import { establish } from "../test/standing.ts";
import { OWN_REPORT_MESSAGE } from "./give.ts";

/** A shopper's word on a fuel report: the same four kinds, on the Gas page's shared list of recent reports. */
let server: TestServer;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
});
afterAll(() => server.stop());

let n = 0;
/** A regular price at a station of its own in `zip`, by a reporter of its own. */
async function listed(zip: string, price = 3.459) {
	const reporter = await registerUser(server, { zipCode: zip, firstName: "Rita" });
	const res = await reporter.client.post("/api/gas/reports", {
		stationName: `Shell ${++n}`,
		stationAddress: "350 10th Ave",
		fuelType: "regular",
		price,
	});
	if (res.status !== 201) throw new Error(JSON.stringify(res.data));
	return { id: res.data.id, stationId: res.data.stationId, reporter: reporter.client };
}
const shopper = async (zip: string) => (await registerUser(server, { zipCode: zip })).client;
const say = (client: TestClient, id: number, body: Record<string, unknown>) =>
	client.post(`/api/gas/reports/${id}/feedback`, body);
const unsay = (client: TestClient, id: number) => client.delete(`/api/gas/reports/${id}/feedback`);
const recent = async (client: TestClient) => expectBody(await client.get("/api/gas/reports/nearby"), 200);
const row = (id: number) => server.db.select().from(gasPriceReports).where(eq(gasPriceReports.id, id)).get();

describe("POST /api/gas/reports/:id/feedback", () => {
	test("confirm refreshes a fuel price; the shared recent list shows each shopper their own word", async () => {
		const { id, reporter } = await listed("30310");
		server.db
			.update(gasPriceReports)
			.set({ createdAt: new Date(Date.now() - 20 * HOUR_MS) })
			.where(eq(gasPriceReports.id, id))
			.run();
		const [giver, viewer] = [await shopper("30310"), await shopper("30310")];
		// The viewer's read fills the zip's shared cache before the word is given.
		const before = (await recent(viewer))[0]!;
		expect(before).toMatchObject({ id, fresh: true, isOwnReport: false, feedback: { confirm: 0, mine: null } });
		const res = await say(giver, id, { kind: "confirm" });
		expectStatus(res, 200);
		expect(res.data.report).toMatchObject({ id, starred: false, feedback: { confirm: 1, mine: { kind: "confirm" } } });
		expect(res.data.report.verificationConfidence).toBeGreaterThan(before.verificationConfidence as number);
		expect(Date.parse(res.data.report.seenAt)).toBeGreaterThan(Date.parse(before.seenAt as string) + 19 * HOUR_MS);

		expect((await recent(giver))[0]).toMatchObject({ id, feedback: { confirm: 1, mine: { kind: "confirm" } } });
		expect((await recent(viewer))[0]).toMatchObject({ id, feedback: { confirm: 1, mine: null } });
		expect((await recent(reporter))[0]).toMatchObject({ id, isOwnReport: true, feedback: { mine: null } });
		expect(expectBody(await unsay(giver, id), 200).report.feedback).toMatchObject({ confirm: 0, mine: null });
	});

	test("unavailable says the station is sold out of the fuel; none on one's own report", async () => {
		const { id, reporter } = await listed("60614");
		const own = await say(reporter, id, { kind: "unavailable" });
		expect([own.status, own.data.message]).toEqual([403, OWN_REPORT_MESSAGE]);
		const res = await say(await shopper("60614"), id, { kind: "unavailable" });
		expectStatus(res, 200);
		expect(res.data.report).toMatchObject({ outOfStock: true, bestDeal: false, feedback: { unavailable: 1 } });
		expect((await say(await shopper("60614"), 987654321, { kind: "confirm" })).status).toBe(404);
	});

	test("three wrong flags of shoppers of standing take it off the recent list and the station's price", async () => {
		const { id, stationId } = await listed("98101", 3.299);
		const viewer = await shopper("98101");
		expect((await recent(viewer)).map((r) => r.id)).toContain(id);
		for (const reason of ["wrong-price", "wrong-store", "spam"]) {
			const { client, user } = await registerUser(server, { zipCode: "98101" });
			establish(server, [user.id]);
			expect((await say(client, id, { kind: "wrong", reason })).status).toBe(200);
		}
		expect(row(id)).toMatchObject({ isActive: false, withdrawnReason: "flagged", flagCount: 3 });
		expect((await recent(viewer)).map((r) => r.id)).not.toContain(id);
		const station = server.db.select().from(gasStations).where(eq(gasStations.id, stationId)).get();
		expect(station?.regularPriceMills).toBeNull();
		expect((await say(viewer, id, { kind: "confirm" })).status).toBe(409);
	});

	test("changed files the giver's price of the same fuel at the same station; DELETE takes it back", async () => {
		const { id, stationId } = await listed("78701");
		const { client: giver, user } = await registerUser(server, { zipCode: "78701", firstName: "Gus" });
		const res = await say(giver, id, { kind: "changed", price: "3.559" });
		expectStatus(res, 200);
		expect(res.data.newReport).toMatchObject({
			stationId,
			fuelType: "regular",
			price: 3.559,
			isOwnReport: true,
			user: { firstName: "Gus" },
		});
		expect(row(id)).toMatchObject({ isExpired: true, expiredReason: "A shopper reported a new price: $3.559" });
		const word = server.db.select().from(gasReportFeedback).where(eq(gasReportFeedback.reportId, id)).get();
		expect(word).toMatchObject({ userId: user.id, kind: "changed", price: 3559, newReportId: res.data.newReport?.id });
		expect((await recent(giver)).map((r) => r.id)).toEqual([res.data.newReport!.id]);
		expect(expectBody(await giver.get("/api/auth/user"), 200).totalReports).toBe(1);

		const undone = await unsay(giver, id);
		expect(undone.status).toBe(200);
		expect(row(res.data.newReport!.id)?.expiredReason).toBe("Withdrawn: the price change was taken back");
		expect((await recent(giver)).map((r) => r.id)).toEqual([id]);
		const station = server.db.select().from(gasStations).where(eq(gasStations.id, stationId)).get();
		expect(station?.regularPriceMills).toBe(3459);
		expect(expectBody(await giver.get("/api/auth/user"), 200).totalReports).toBe(0);
	});

	test("a changed price is checked without the report it replaces, as a product's is", async () => {
		// Three voices of the price here, one of them the report said to have changed.
		const { id } = await listed("83001");
		await listed("83001");
		await listed("83001");
		const res = await say(await shopper("83001"), id, { kind: "changed", price: "3.559" });
		expectStatus(res, 200);
		// Two voices left: too few for a consensus, so the usual range judges.
		expect(row(res.data.newReport!.id)?.verificationReason).toBe(
			"Within the usual range for regular gas per gallon; too few nearby reports for a consensus yet.",
		);
	});

	test("a refused fuel price is its 422 and changes nothing; a fourth decimal is a 400", async () => {
		const { id } = await listed("20110");
		const giver = await shopper("20110");
		const refused = await say(giver, id, { kind: "changed", price: 19.99 });
		expect(refused.status).toBe(422);
		expect(row(id)).toMatchObject({ isExpired: false, changedCount: 0 });
		const inexact = await say(giver, id, { kind: "changed", price: "3.4599" });
		expect([inexact.status, inexact.data.message]).toEqual([
			400,
			"Price must be an amount in dollars with at most 3 decimals, like 3.459",
		]);
	});
});
