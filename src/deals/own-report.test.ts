import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { expectBody, expectStatus, registerUser, startTestServer, type TestServer } from "../test/harness.ts";

/**
 * Whether a report is the reading shopper's own, on every list that offers votes, deals and words about it: the
 * cards leave out what the server would refuse on one's own report, so each list must say so of the right one.
 */
let server: TestServer;
let dairyId: number;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	const { client } = await registerUser(server);
	dairyId = expectBody(await client.get("/api/categories"), 200).find((c) => c.name === "Dairy")!.id;
});
afterAll(() => server.stop());

/** A reporter and a neighbour of theirs in `zipCode`. */
async function neighbours(zipCode: string) {
	const reporter = (await registerUser(server, { zipCode, firstName: "Rhea" })).client;
	const other = (await registerUser(server, { zipCode, firstName: "Otto" })).client;
	return { reporter, other };
}

describe("a product's report", () => {
	test("is the reporter's own on search, its page and the price history; nobody else's", async () => {
		const { reporter, other } = await neighbours("10001");
		const productName = "Own Report Kefir";
		const filed = await reporter.post("/api/price-reports", {
			productName,
			price: 2.89,
			categoryId: dairyId,
			storeName: "Chelsea Dairy",
			storeAddress: "9 W 20th St",
		});
		expectStatus(filed, 201);
		const { id } = filed.data;
		expect(filed.data.isOwnReport).toBe(true);

		const history =
			`/api/products/history?productName=${encodeURIComponent(productName)}&categoryId=${dairyId}` as const;
		for (const [client, own] of [
			[reporter, true],
			[other, false],
		] as const) {
			const found = expectBody(await client.get(`/api/search?q=${encodeURIComponent(productName)}`), 200);
			expect(found.map((r) => [r.id, r.isOwnReport])).toEqual([[id, own]]);
			expect(expectBody(await client.get(`/api/price-reports/${id}`), 200).isOwnReport).toBe(own);
			const offers = expectBody(await client.get(history), 200).bestOffers;
			expect(offers.map((r) => [r.id, r.isOwnReport])).toEqual([[id, own]]);
		}

		// Signed out, nobody is told anything of it.
		const guest = server.client();
		expect((await guest.get(`/api/search?q=${encodeURIComponent(productName)}`)).status).toBe(401);
		expect((await guest.get(`/api/price-reports/${id}`)).status).toBe(401);
	});

	test("what its reporter cannot do to it is refused with the reason, never a failure", async () => {
		const { reporter } = await neighbours("10001");
		const filed = await reporter.post("/api/price-reports", {
			productName: "Own Report Ghee",
			price: 7.49,
			categoryId: dairyId,
			storeName: "Chelsea Dairy",
			storeAddress: "9 W 20th St",
		});
		expectStatus(filed, 201);
		const { id } = filed.data;
		const answers = [
			await reporter.post(`/api/price-reports/${id}/upvote`),
			await reporter.post(`/api/price-reports/${id}/take-deal`),
			await reporter.post(`/api/price-reports/${id}/feedback`, { kind: "confirm" }),
			await reporter.post(`/api/price-reports/${id}/feedback`, { kind: "wrong", reason: "wrong-price" }),
		];
		expect(answers.map((a) => [a.status, (a.data as { message: string }).message])).toEqual([
			[403, "You can't upvote your own report"],
			[403, "You can't take a deal on your own report"],
			[403, "This is your own report: to change it, report the price again"],
			[403, "This is your own report: to change it, report the price again"],
		]);
	});
});

describe("a fuel report", () => {
	test("is the reporter's own on the nearby list and the station's page; nobody else's", async () => {
		const zipCode = "04101";
		const { reporter, other } = await neighbours(zipCode);
		const filed = await reporter.post("/api/gas/reports", {
			stationName: "Casco Fuel",
			stationAddress: "2 Commercial St",
			stationZipCode: zipCode,
			fuelType: "regular",
			price: 3.459,
		});
		expectStatus(filed, 201);
		const { id, stationId } = filed.data;

		for (const [client, own] of [
			[reporter, true],
			[other, false],
		] as const) {
			const nearby = expectBody(await client.get("/api/gas/reports/nearby"), 200);
			expect(nearby.filter((r) => r.id === id).map((r) => r.isOwnReport)).toEqual([own]);
			const station = expectBody(await client.get(`/api/gas/stations/${stationId}/history`), 200);
			expect(station.recentReports.filter((r) => r.id === id).map((r) => r.isOwnReport)).toEqual([own]);
		}
		expect((await server.client().get("/api/gas/reports/nearby")).status).toBe(401);
		const own = await reporter.post(`/api/gas/reports/${id}/feedback`, { kind: "unavailable" });
		expect([own.status, (own.data as { message: string }).message]).toEqual([
			403,
			"This is your own report: to change it, report the price again",
		]);
	});
});
