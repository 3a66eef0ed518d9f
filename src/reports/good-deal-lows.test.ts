import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { productLows } from "../data/price-history.ts";
import { DAY_MS } from "../lib/time.ts";
import { nearTokens } from "../lib/zip.ts";
import { registerUser, startTestServer, type TestServer } from "../test/harness.ts";
import { GOOD_DEAL_DAYS } from "./good-deal.ts";
import { GoodDealLows } from "./good-deal-lows.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(() => server.stop());

let stores = 0;
/** A price of `name` by a shopper of its own at a store of its own, in 10001. */
async function report(name: string, price: number): Promise<number> {
	const { client } = await registerUser(server);
	const i = ++stores;
	const res = await client.post("/api/price-reports", {
		productName: name,
		price,
		categoryId: 1,
		storeName: `Lows store ${i}`,
		storeAddress: `${i} Low St`,
	});
	if (res.status !== 201) throw new Error(JSON.stringify(res.data));
	return res.data.id;
}

const product = ["kiwi fruit", 1] as const;
const window = (since = Date.now() - GOOD_DEAL_DAYS * DAY_MS) => ({
	places: JSON.stringify(nearTokens("10001")),
	since,
});

describe("Remembered good-deal lows", () => {
	test("a remembered low is the one read afresh after every change to the product's history", async () => {
		const lows = new GoodDealLows();
		const remembered = (since?: number) => lows.read(server.db, [product], window(since))[0];
		const fresh = (since?: number) => productLows(server.db, [product], window(since))[0];
		const ids = [];
		for (const price of [3, 3.1, 3.2, 3.3, 3.4]) ids.push(await report("Kiwi Fruit", price));
		expect(remembered()).toEqual(fresh());
		expect(remembered()).toMatchObject({ lowCents: 300, prices: 5 });

		// A new lowest price.
		const lowest = await report("Kiwi Fruit", 2.9);
		expect(remembered()).toMatchObject({ lowCents: 290, prices: 6 });
		// Hidden by a moderator, then discredited: the low goes back each time.
		server.sqlite.query("UPDATE price_reports SET is_active = 0 WHERE id = ?").run(lowest);
		expect(remembered()).toMatchObject({ lowCents: 300, prices: 5 });
		server.sqlite.query("UPDATE price_reports SET is_discredited = 1 WHERE id = ?").run(ids[0]!);
		expect(remembered()).toMatchObject({ lowCents: 310, prices: 4 });
		// Flagged, and repriced.
		server.sqlite.query("UPDATE price_reports SET flag_weight = 1 WHERE id = ?").run(ids[1]!);
		expect(remembered()).toMatchObject({ lowCents: 320, prices: 3 });
		server.sqlite.query("UPDATE price_reports SET price_cents = 250 WHERE id = ?").run(ids[4]!);
		expect(remembered()).toMatchObject({ lowCents: 250, prices: 3 });
		// Renamed away from the product, and deleted.
		server.sqlite.query("UPDATE price_reports SET normalized_name = 'golden kiwi' WHERE id = ?").run(ids[4]!);
		expect(remembered()).toMatchObject({ lowCents: 320, prices: 2 });
		server.sqlite.query("DELETE FROM price_reports WHERE id = ?").run(ids[2]!);
		expect(remembered()).toMatchObject({ lowCents: 330, prices: 1 });
		expect(remembered()).toEqual(fresh());
	});

	test("a remembered low is read again once its oldest price leaves the window, with no write", async () => {
		const lows = new GoodDealLows();
		const [older] = [await report("Star Fruit", 1.5), await report("Star Fruit", 1.8)];
		const star = ["star fruit", 1] as const;
		const read = (since: number) => lows.read(server.db, [star], window(since))[0];
		const oldestAt = server.sqlite.query("SELECT created_at AS at FROM price_reports WHERE id = ?").get(older!) as {
			at: number;
		};
		expect(read(oldestAt.at)).toMatchObject({ lowCents: 150, prices: 2 });
		// The clock moves on past the oldest price: the window starts after it.
		expect(read(oldestAt.at + 1)).toMatchObject({ lowCents: 180, prices: 1 });
		expect(read(oldestAt.at + 1)).toEqual(productLows(server.db, [star], window(oldestAt.at + 1))[0]!);
	});
});
