import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DAY_MS } from "../lib/time.ts";
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
let searcher: TestClient;
beforeAll(async () => {
	server = await startTestServer();
	searcher = (await registerUser(server)).client;
});
afterAll(() => server.stop());

let storeCount = 0;
/** Each price by a shopper of its own at a store of its own, in 10001 (Groceries: every price here is usual). */
async function reportPrices(name: string, prices: number[]) {
	const ids: number[] = [];
	for (const price of prices) {
		const i = ++storeCount;
		const { client } = await registerUser(server);
		const res = await client.post("/api/price-reports", {
			productName: name,
			price,
			categoryId: 1,
			storeName: `${name} store ${i}`,
			storeAddress: `${i} Main St`,
		});
		if (res.status !== 201) throw new Error(JSON.stringify(res.data));
		ids.push(res.data.id);
	}
	return ids;
}

/** Moves a report back in time, expired by age as the sweep would have it. */
function ageOut(id: number, daysAgo: number) {
	const at = Date.now() - daysAgo * DAY_MS;
	server.sqlite
		.query("UPDATE price_reports SET created_at = ?1, is_expired = 1, expired_reason = 'age' WHERE id = ?2")
		.run(at, id);
}

/** Each search result's price and whether it wears the Good deal badge, cheapest first. */
async function badges(q: string, client = searcher) {
	const res = await client.get(`/api/search?${new URLSearchParams({ q, sort: "price" })}`);
	expectStatus(res, 200);
	return res.data.map((r: { price: number; goodDeal: boolean }) => [r.price, r.goodDeal]);
}

const dealPage = async (id: number, client = searcher) =>
	expectBody(await client.get(`/api/price-reports/${id}`), 200).goodDeal;

describe("Good deal", () => {
	test("within 5% of the 90-day low near the shopper: $2.10 on a $2.00 low is, $2.11 is not", async () => {
		const ids = await reportPrices("Honeycrisp Apples", [2.5, 2.11, 2.1, 2.4, 2]);
		expect(await badges("honeycrisp")).toEqual([
			[2, true],
			[2.1, true],
			[2.11, false],
			[2.4, false],
			[2.5, false],
		]);
		expect(await dealPage(ids[2]!)).toBe(true);
		expect(await dealPage(ids[1]!)).toBe(false);
		// Around another zip the product has no history: no good deal there, on the deal page either.
		const faraway = (await registerUser(server, { zipCode: "90210" })).client;
		expect(await dealPage(ids[2]!, faraway)).toBe(false);
	});

	test("four prices say too little: no good deal, not even the lowest", async () => {
		await reportPrices("Bosc Pears", [2, 2.05, 2.5, 3]);
		expect(await badges("bosc")).toEqual([
			[2, false],
			[2.05, false],
			[2.5, false],
			[3, false],
		]);
	});

	test("90 days: a price expired by age counts, an older one does not", async () => {
		// Aged before the others come, so that no consensus judges them.
		const [aged, older] = await reportPrices("Fuji Apples", [1.9, 1]);
		ageOut(aged!, 60);
		ageOut(older!, 100);
		await reportPrices("Fuji Apples", [2.2, 2.3, 2.4, 2.5]);
		// The low is $1.90 among five prices: $1.995 would be its 5%, so $2.20 is no good deal.
		expect(await badges("fuji")).toEqual([
			[2.2, false],
			[2.3, false],
			[2.4, false],
			[2.5, false],
		]);
		ageOut(aged!, 91);
		// Out of the window: four prices left, too few.
		expect(await badges("fuji")).toEqual([
			[2.2, false],
			[2.3, false],
			[2.4, false],
			[2.5, false],
		]);
		const [fifth] = await reportPrices("Fuji Apples", [2.25]);
		expect(await badges("fuji")).toEqual([
			[2.2, true],
			[2.25, true],
			[2.3, true],
			[2.4, false],
			[2.5, false],
		]);
		expect(await dealPage(fifth!)).toBe(true);
	});

	test("a flagged, unconfirmed-unusual or out-of-stock price is never one, nor counts as the low", async () => {
		const [flagged, unusual, cheapest, , third] = await reportPrices(
			"Rice Cakes",
			[2, 2.02, 2.05, 2.08, 2.1, 2.15, 2.4],
		);
		const { client: critic, user } = await registerUser(server);
		establish(server, [user.id]); // a flag of a new account would weigh nothing
		const say = (id: number, word: Record<string, string>) => critic.post(`/api/price-reports/${id}/feedback`, word);
		expect((await say(flagged!, { kind: "wrong", reason: "wrong-price" })).status).toBe(200);
		server.sqlite.query("UPDATE price_reports SET is_unusual = 1 WHERE id = ?").run(unusual!);
		expect((await say(third!, { kind: "unavailable" })).status).toBe(200);

		// Five trustworthy prices (out of stock is still a price), the lowest $2.05: $2.15 is within 5% of it
		// (and would not be of $2.00 or $2.02); $2.10 would be but is out of stock.
		expect(await badges("rice cakes")).toEqual([
			[2, false],
			[2.02, false],
			[2.05, true],
			[2.08, true],
			[2.1, false],
			[2.15, true],
			[2.4, false],
		]);
		expect(await dealPage(flagged!)).toBe(false);
		expect(await dealPage(unusual!)).toBe(false);
		expect(await dealPage(cheapest!)).toBe(true);
	});
});
