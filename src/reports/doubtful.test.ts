import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { users } from "../../db/schema.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";
import { likeliestMeant, slipReadings } from "./doubtful.ts";

describe("the readings a slip hides", () => {
	test("a decimal point off and two adjacent digits swapped; the one in range nearest the reference wins", () => {
		expect(slipReadings(3490).sort((a, b) => a - b)).toEqual([349, 3409, 3940, 4390, 34900, 349000]);
		expect(likeliestMeant(3490, { min: 50, max: 2000 }, null)).toBe(349);
		expect(likeliestMeant(219, { min: 97, max: 161 }, 129)).toBe(129);
		expect(likeliestMeant(5555, { min: 50, max: 2000 }, null)).toBeNull();
	});
});

// The model off (judged inside the write) and unreachable (judged before it): the same answers either way.
for (const [label, env] of [
	["model off", { OLLAMA_HOST: "off" }],
	["model unreachable", {}],
] as const) {
	describe(`a doubtful price is asked about before it is saved (${label})`, () => {
		let server: TestServer;
		let client: TestClient;
		let neighbours: TestClient[];
		beforeAll(async () => {
			server = await startTestServer(env);
			// A town nobody has reported milk in yet.
			client = (await registerUser(server, { zipCode: "97201" })).client;
			neighbours = [];
			for (let i = 0; i < 3; i++) neighbours.push((await registerUser(server, { zipCode: "97201" })).client);
		});
		afterAll(() => server.stop());

		const milk = (price: string, extra = {}, by = client, productName = "Whole Milk") =>
			by.post("/api/price-reports", {
				productName,
				price,
				categoryId: 3, // Dairy
				storeName: `Corner Market ${neighbours.indexOf(by) + 1}`,
				storeAddress: "12 Oak St",
				...extra,
			});
		const refusedCount = () => server.db.select({ n: users.reportsRefused }).from(users).all();

		test("a first-ever milk at $34.90 is not listed: the answer asks whether $3.49 was meant", async () => {
			const before = expectBody(await client.get("/api/auth/user"), 200);
			const refusedBefore = refusedCount();
			const res = await milk("34.90");
			expect(res.status).toBe(422);
			expect(res.data).toEqual({
				message: "Did you mean $3.49?",
				reason: "$34.90 is far above the prices usually reported for Dairy ($0.50 to $20.00).",
				confirmable: true,
				suggestedPrice: 3.49,
				suggestedRange: { min: 0.5, max: 20 },
			});
			expect(expectBody(await client.get("/api/search?q=whole%20milk"), 200)).toEqual([]);
			const after = expectBody(await client.get("/api/auth/user"), 200);
			expect(after.totalReports).toBe(before.totalReports);
			// Asked, not refused: the shopper's accuracy does not pay for a question.
			expect(after.accuracy).toBe(before.accuracy);
			expect(refusedCount()).toEqual(refusedBefore);
		});

		test("kept as typed (confirmUnusual), it is saved as unusual, with its warning", async () => {
			const res = await milk("34.90", { confirmUnusual: true });
			expectStatus(res, 201);
			expect(res.data).toMatchObject({
				price: 34.9,
				unusual: true,
				bestDeal: false,
				warning:
					"$34.90 is far above the prices usually reported for Dairy ($0.50 to $20.00). It's listed, but won't be a Best Deal until another shopper confirms it.",
			});
			expect(res.data.verificationConfidence).toBeLessThanOrEqual(0.4);
			const listed = expectBody(await client.get("/api/search?q=whole%20milk"), 200);
			expect(listed.map((r) => r.price)).toEqual([34.9]);
		});

		test("with 3 nearby voices, a swap of digits far above them is asked about; the suggestion is the swap undone", async () => {
			for (const [i, p] of ["1.29", "1.25", "1.35"].entries()) {
				expect((await milk(p, {}, neighbours[i], "Skim Milk")).status).toBe(201);
			}
			const res = await milk("2.19", {}, client, "Skim Milk");
			expectStatus(res, 422);
			expect(res.data).toMatchObject({
				message: "Did you mean $1.29?",
				reason: "$2.19 is 70% above the $1.29 nearby shoppers report.",
				confirmable: true,
				suggestedPrice: 1.29,
			});
			expect(res.data.suggestedRange.min).toBeLessThanOrEqual(1.25);
			expect(res.data.suggestedRange.max).toBeGreaterThanOrEqual(1.35);
			// Within half of what they report: a dear store, listed like any price.
			expect((await milk("1.79", {}, client, "Skim Milk")).status).toBe(201);
			const kept = await milk("2.19", { confirmUnusual: true }, client, "Skim Milk");
			expectStatus(kept, 201);
			expect(kept.data).toMatchObject({ unusual: true, bestDeal: false });
			expect(kept.data.warning).toContain("$2.19 is 70% above the $1.29 nearby shoppers report.");
		});

		test("confirmUnusual must be true or false", async () => {
			const res = await milk("3.49", { confirmUnusual: "yes" });
			expect(res.status).toBe(400);
			expect(res.data.issues).toEqual([{ path: "confirmUnusual", message: "confirmUnusual must be true or false" }]);
		});
	});
}

describe("a doubtful fuel price is asked about the same way", () => {
	let server: TestServer;
	let client: TestClient;
	beforeAll(async () => {
		server = await startTestServer({ OLLAMA_HOST: "off" });
		client = (await registerUser(server, { zipCode: "97301" })).client;
	});
	afterAll(() => server.stop());

	const fuel = (fuelType: string, price: string, extra = {}, by = client, stationName = "Oak Fuel") =>
		by.post("/api/gas/reports", {
			stationName,
			stationAddress: "4 Oak St",
			stationZipCode: "97301",
			fuelType,
			price,
			...extra,
		});

	test("a first regular at $7.49 asks whether $4.790 was meant; kept, it is saved as unusual", async () => {
		const res = await fuel("regular", "7.49");
		expect(res.status).toBe(422);
		expect(res.data).toMatchObject({
			message: "Did you mean $4.790?",
			confirmable: true,
			suggestedPrice: 4.79,
			suggestedRange: { min: 2, max: 6.5 },
		});
		expect((await client.get("/api/gas/reports/nearby")).data).toEqual([]);
		const kept = await fuel("regular", "7.49", { confirmUnusual: true });
		expectStatus(kept, 201);
		expect(kept.data.warning).toContain("$7.490 is far above the prices usually reported for regular gas per gallon");
	});

	test("a slipped decimal past the fuel's sane bounds stays refused, and says what was likely meant", async () => {
		for (const [price, meant] of [
			["34.59", 3.459],
			["0.349", 3.49],
		] as const) {
			const res = await fuel("regular", price, { confirmUnusual: true });
			expectStatus(res, 422);
			expect(res.data).toMatchObject({ message: "Price report rejected", suggestedPrice: meant });
			expect(res.data.confirmable).toBeUndefined();
		}
	});

	test("with 3 nearby voices, a swap far above them is asked about", async () => {
		for (const p of ["3.699", "3.689", "3.709"]) {
			const { client: neighbour } = await registerUser(server, { zipCode: "97301" });
			expect((await fuel("diesel", p, {}, neighbour, `Diesel ${p}`)).status).toBe(201);
		}
		const res = await fuel("diesel", "6.399");
		expect(res.status).toBe(422);
		expect(res.data).toMatchObject({ message: "Did you mean $3.699?", confirmable: true, suggestedPrice: 3.699 });
		expect((await fuel("diesel", "6.399", { confirmUnusual: true })).status).toBe(201);
	});
});
