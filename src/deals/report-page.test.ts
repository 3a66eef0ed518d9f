import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { priceReports } from "../../db/schema.ts";
import { expectStatus, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(() => server.stop());

const report = async (client: TestClient, name: string, zip: string) => {
	const res = await client.post("/api/price-reports", {
		productName: name,
		price: 4.25,
		categoryId: 1,
		storeName: "Corner Grocer",
		storeAddress: "9 Elm St",
		vacationMode: true,
		reportZipCode: zip,
	});
	if (res.status !== 201) throw new Error(JSON.stringify(res.data));
	return res.data.id;
};

describe("GET /api/price-reports/:id", () => {
	test("answers the deal as the viewer's search shows it: votes, deal taken and miles from their zip", async () => {
		const reporter = await registerUser(server);
		const viewer = await registerUser(server, { zipCode: "90210" });
		const id = await report(reporter.client, "Quince paste", "90069");
		await viewer.client.post(`/api/price-reports/${id}/upvote`);
		await viewer.client.post(`/api/price-reports/${id}/take-deal`);

		const res = await viewer.client.get(`/api/price-reports/${id}`);
		expectStatus(res, 200);
		expect(res.data).toMatchObject({
			id,
			productName: "Quince paste",
			price: 4.25,
			upvotes: 1,
			hasUserUpvoted: true,
			hasUserTakenDeal: true,
			store: { name: "Corner Grocer", address: "9 Elm St" },
			user: { firstName: "Sam", lastName: "S" },
		});
		expect(res.data.distanceMiles).toBe(1.9); // West Hollywood from Beverly Hills
		const searched = await viewer.client.get("/api/search?q=quince");
		expectStatus(searched, 200);
		expect(searched.data).toEqual([res.data]);

		// Another shopper sees their own view of it; one without a zip sees no distance.
		const other = await registerUser(server, { zipCode: "" });
		expect((await other.client.get(`/api/price-reports/${id}`)).data).toMatchObject({
			hasUserUpvoted: false,
			hasUserTakenDeal: false,
			distanceMiles: null,
		});
	});

	test("an unknown, withdrawn or expired report is not found; a guest must sign in", async () => {
		const reporter = await registerUser(server);
		const withdrawn = await report(reporter.client, "Medlar jam", "10001");
		const expired = await report(reporter.client, "Rowan jelly", "10001");
		server.db.update(priceReports).set({ isActive: false }).where(eq(priceReports.id, withdrawn)).run();
		server.db.update(priceReports).set({ isExpired: true }).where(eq(priceReports.id, expired)).run();

		for (const path of [withdrawn, expired, 999_999_999, "abc"].map((id) => `/api/price-reports/${id}` as const)) {
			const res = await reporter.client.get(path);
			expect({ path, status: res.status, data: res.data }).toEqual({
				path,
				status: 404,
				data: { message: "Price report not found" },
			});
		}
		expect((await server.client().get(`/api/price-reports/${withdrawn}`)).status).toBe(401);
	});
});
