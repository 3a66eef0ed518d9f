import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";
import { FEEDBACK_PER_HOUR } from "./limit.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
});
afterAll(() => server.stop());

const fuel = { stationName: "Limit Gas", stationAddress: "1 Main St", price: 3.299, fuelType: "regular" };

async function fuelReport(client: TestClient) {
	const res = await client.post("/api/gas/reports", fuel);
	expectStatus(res, 201);
	return res.data.id;
}

describe("feedback per shopper per hour", () => {
	test("words given and taken back share one count; past it a shopper is told to wait and nothing changes", async () => {
		const reporter = await registerUser(server, { zipCode: "10001" });
		const fuelId = await fuelReport(reporter.client);
		const priceRes = await reporter.client.post("/api/price-reports", {
			productName: "Limit Oats",
			price: 2.49,
			categoryId: 1,
			storeName: "Limit Store",
			storeAddress: "1 Main St",
		});
		expectStatus(priceRes, 201);
		const priceId = priceRes.data.id;
		const { client } = await registerUser(server, { zipCode: "10001" });
		const priceWord = `/api/price-reports/${priceId}/feedback` as const;
		const fuelWord = `/api/gas/reports/${fuelId}/feedback` as const;

		// A word the schema refuses does not count.
		expect((await client.post(priceWord, { kind: "maybe" })).status).toBe(400);
		for (let i = 0; i < FEEDBACK_PER_HOUR / 2; i++) {
			const path = i % 2 === 0 ? priceWord : fuelWord;
			expect((await client.post(path, { kind: "confirm" })).status).toBe(200);
			expect((await client.delete(path)).status).toBe(200);
		}
		const refused = await client.post(priceWord, { kind: "confirm" });
		expect(refused.status).toBe(429);
		expect(refused.data.message).toBe(
			`You have given feedback ${FEEDBACK_PER_HOUR} times in the last hour, the most one shopper can. Try again in 60 minute(s).`,
		);
		expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
		expect((await client.delete(fuelWord)).status).toBe(429);
		expect(expectBody(await client.get(`/api/price-reports/${priceId}`), 200).feedback).toMatchObject({
			confirm: 0,
			mine: null,
		});

		// Each shopper has a count of their own.
		const other = await registerUser(server, { zipCode: "10001" });
		expect((await other.client.post(priceWord, { kind: "confirm" })).status).toBe(200);
	});
});
