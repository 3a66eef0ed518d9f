import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { expireEndedSalesAt } from "../reports/index.ts";
import { expectBody, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";

/**
 * Price types in a list's plan, near Rapid City (57701), two stores in town, prices by hand:
 *   cheddar:  Pine Foods 5.00 regular;  Oak Market 5.50 regular, 3.00 member-only
 *   soda:     Pine Foods 3.00 regular, "2 for $5" multi-buy;  Oak Market 2.80 regular
 *   yogurt:   Pine Foods 1.99 on sale until tomorrow;  Oak Market 2.50 regular
 */
let server: TestServer;
let shopper: TestClient;
const DAIRY = 3;
const DAY = 86_400_000;
const stores: Record<string, number> = {};

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

const report = async (productName: string, price: number, store: string, extra = {}) => {
	const { client } = await registerUser(server, { zipCode: "57701" });
	const res = await client.post("/api/price-reports", {
		productName,
		price,
		categoryId: DAIRY,
		storeName: store,
		storeAddress: `${store.length} Main St`,
		storeZipCode: "57701",
		...extra,
	});
	const body = expectBody(res, 201);
	stores[store] = body.store.id;
	return body;
};

beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	shopper = (await registerUser(server, { zipCode: "57701" })).client;
	await report("Cheddar block", 5.0, "Pine Foods");
	await report("Cheddar block", 5.5, "Oak Market");
	await report("Cheddar block", 3.0, "Oak Market", { priceType: "member" });
	await report("Cola 2 liter", 3.0, "Pine Foods");
	await report("Cola 2 liter", 5.0, "Pine Foods", { priceType: "multi-buy", multiBuyQuantity: 2 });
	await report("Cola 2 liter", 2.8, "Oak Market");
	await report("Greek yogurt", 1.99, "Pine Foods", { priceType: "sale", saleEnds: day(1) });
	await report("Greek yogurt", 2.5, "Oak Market");
	await report("Gouda wedge", 4.0, "Oak Market", { priceType: "member" });
});
afterAll(() => server.stop());

const planOf = async (name: string, quantity = 1) => {
	const list = expectBody(await shopper.post("/api/lists", { name: `${name} x${quantity}` }), 201);
	expectBody(await shopper.post(`/api/lists/${list.id}/items`, { name, quantity, categoryId: DAIRY }), 201);
	return expectBody(await shopper.get(`/api/lists/${list.id}/plan`), 200);
};
const cheapest = (plan: Awaited<ReturnType<typeof planOf>>) => {
	const single = plan.single!;
	const [item] = single.items;
	return { store: single.stores[0]!.name, price: item!.price, type: item!.priceType };
};

describe("a report's price type", () => {
	test("a multi-buy keeps its bundle and prices one at its share; a sale its last day", async () => {
		const multi = await report("Seltzer can", 5.0, "Pine Foods", { priceType: "multi-buy", multiBuyQuantity: 3 });
		expect(multi).toMatchObject({ price: 1.67, priceType: "multi-buy", multiBuy: { quantity: 3, price: 5 } });
		const sale = await report("Seltzer can", 1.5, "Oak Market", { priceType: "sale", saleEnds: day(3) });
		expect(sale).toMatchObject({ price: 1.5, priceType: "sale", saleEnds: day(3), multiBuy: null });
		const found = expectBody(await shopper.get("/api/search?q=seltzer"), 200);
		expect(found.map((r) => [r.store.name, r.priceType, r.saleEnds, r.multiBuy])).toEqual([
			["Oak Market", "sale", day(3), null],
			["Pine Foods", "multi-buy", null, { quantity: 3, price: 5 }],
		]);
	});

	test("a sale or member price is judged among its own kind, not as an outlier of the regular price", async () => {
		for (const [store, price] of [
			["Pine Foods", 4.0],
			["Oak Market", 4.1],
			["Elm Grocer", 3.9],
			["Ash Mart", 4.0],
		])
			await report("Salted butter", price as number, store as string);
		const member = await report("Salted butter", 1.5, "Pine Foods", { priceType: "member" });
		expect(member).toMatchObject({ priceType: "member", unusual: false });
		expect(member.expirationAnalysis ?? null).toBeNull();
		// A card per store and type: the regular prices all stand beside the member one.
		const found = expectBody(await shopper.get("/api/search?q=salted%20butter"), 200);
		expect(found.map((r) => [r.store.name, r.priceType, r.price])).toEqual([
			["Pine Foods", "member", 1.5],
			["Elm Grocer", "regular", 3.9],
			// Equal prices, the newest first.
			["Ash Mart", "regular", 4],
			["Pine Foods", "regular", 4],
			["Oak Market", "regular", 4.1],
		]);
	});

	test("a changed word keeps the price's terms: a member price stays one, a multi-buy's new price is its bundle's", async () => {
		const member = await report("Havarti slices", 3.0, "Oak Market", { priceType: "member" });
		const changed = expectBody(
			await shopper.post(`/api/price-reports/${member.id}/feedback`, { kind: "changed", price: 2.75 }),
			200,
		);
		expect(changed.newReport).toMatchObject({ price: 2.75, priceType: "member" });
		const multi = await report("Havarti slices", 6.0, "Pine Foods", { priceType: "multi-buy", multiBuyQuantity: 2 });
		const same = await shopper.post(`/api/price-reports/${multi.id}/feedback`, { kind: "changed", price: 6 });
		expect(same.status).toBe(400);
		const bundle = expectBody(
			await shopper.post(`/api/price-reports/${multi.id}/feedback`, { kind: "changed", price: 7 }),
			200,
		);
		expect(bundle.newReport).toMatchObject({ price: 3.5, priceType: "multi-buy", multiBuy: { quantity: 2, price: 7 } });
	});

	test("a multi-buy's refused price names the bundle's range", async () => {
		const res = await shopper.post("/api/price-reports", {
			productName: "Cream cheese tub",
			price: 9000,
			categoryId: DAIRY,
			storeName: "Pine Foods",
			storeAddress: "10 Main St",
			priceType: "multi-buy",
			multiBuyQuantity: 2,
		});
		expect(res.status).toBe(422);
		const body = res.data as { message: string; suggestedRange: { min: number; max: number } };
		// The range is the bundle's: twice what one may cost.
		const one = await shopper.post("/api/price-reports", {
			productName: "Cream cheese tub",
			price: 4500,
			categoryId: DAIRY,
			storeName: "Pine Foods",
			storeAddress: "10 Main St",
		});
		expect(one.status).toBe(422);
		const single = (one.data as { suggestedRange: { min: number; max: number } }).suggestedRange;
		expect(body.suggestedRange).toEqual({ min: single.min * 2, max: single.max * 2 });
	});

	test("refusals name the field and what is wrong", async () => {
		const refused = async (extra: Record<string, unknown>) => {
			const res = await shopper.post("/api/price-reports", {
				productName: "Butter",
				price: 4,
				categoryId: DAIRY,
				storeName: "Pine Foods",
				storeAddress: "10 Main St",
				...extra,
			});
			expect(res.status).toBe(400);
			return (res.data as { message: string }).message;
		};
		expect(await refused({ priceType: "coupon" })).toContain(
			"Price type must be one of regular, sale, member, multi-buy",
		);
		expect(await refused({ priceType: "sale", saleEnds: day(-3) })).toContain("The sale's last day has passed");
		expect(await refused({ priceType: "sale", saleEnds: "2026-02-30" })).toContain("Sale's last day must be a date");
		expect(await refused({ saleEnds: day(2) })).toContain("Only a sale has a last day");
		expect(await refused({ priceType: "multi-buy" })).toContain("Say how many the multi-buy price is for");
		expect(await refused({ priceType: "multi-buy", multiBuyQuantity: 1 })).toContain("A multi-buy is for 2 to 24");
		expect(await refused({ multiBuyQuantity: 2 })).toContain("Only a multi-buy price is for several");
	});

	test("a fuel price may be cash or card only, and says so", async () => {
		const fuel = (payment: unknown) =>
			shopper.post("/api/gas/reports", {
				stationName: "Prairie Fuel",
				stationAddress: "2 Pump Rd",
				fuelType: "regular",
				price: 3.099,
				payment,
			});
		expect(expectBody(await fuel("cash"), 201)).toMatchObject({ price: 3.099, payment: "cash" });
		const refused = await fuel("coins");
		expect(refused.status).toBe(400);
		expect((refused.data as { message: string }).message).toContain("Payment must be one of cash, card");
	});
});

describe("price types in a plan", () => {
	test("a member-only price counts only once the shopper is a member there", async () => {
		const before = await planOf("cheddar");
		expect(cheapest(before)).toEqual({ store: "Pine Foods", price: 5, type: "regular" });
		expect(before.memberPricesAt).toEqual([
			{ id: stores["Oak Market"]!, name: "Oak Market", address: "10 Main St", items: 1 },
		]);

		const joined = expectBody(await shopper.put(`/api/stores/${stores["Oak Market"]}/membership`), 200);
		expect(joined).toMatchObject({ member: true, store: { name: "Oak Market" } });
		const member = await planOf("cheddar");
		expect(cheapest(member)).toEqual({ store: "Oak Market", price: 3, type: "member" });
		expect(member.single!.stores[0]!.member).toBe(true);
		expect(member.memberPricesAt).toEqual([]);

		expectBody(await shopper.delete(`/api/stores/${stores["Oak Market"]}/membership`), 200);
		expect(cheapest(await planOf("cheddar"))).toEqual({ store: "Pine Foods", price: 5, type: "regular" });
		expect((await shopper.put("/api/stores/999999/membership")).status).toBe(404);
	});

	test("a list whose only prices are member prices has no plan, and says where they are", async () => {
		const plan = await planOf("gouda");
		expect([plan.single, plan.pair, plan.recommended]).toEqual([null, null, null]);
		expect(plan.items.map((i) => i.stores)).toEqual([0]);
		expect(plan.memberPricesAt.map((s) => [s.name, s.items])).toEqual([["Oak Market", 1]]);
	});

	test("a member-only price alerts only the members of its store", async () => {
		const { client: watcher } = await registerUser(server, { zipCode: "57701" });
		expectBody(
			await watcher.post("/api/price-alerts", { productName: "brie", targetPrice: 10, categoryId: DAIRY }),
			201,
		);
		const lastHit = async () => {
			const alerts = expectBody(await watcher.get("/api/price-alerts"), 200);
			return alerts[0]!.lastHit;
		};
		await report("Brie round", 5.0, "Oak Market", { priceType: "member" });
		expect(await lastHit()).toBeNull();
		expectBody(await watcher.put(`/api/stores/${stores["Oak Market"]}/membership`), 200);
		await report("Brie round", 4.5, "Oak Market", { priceType: "member" });
		expect(await lastHit()).toMatchObject({ price: 4.5 });
	});

	test("a multi-buy counts per unit only when the quantity reaches it", async () => {
		expect(cheapest(await planOf("cola", 1))).toEqual({ store: "Oak Market", price: 2.8, type: "regular" });
		const two = cheapest(await planOf("cola", 2));
		expect(two).toEqual({ store: "Pine Foods", price: 5, type: "multi-buy" });
		expect(cheapest(await planOf("cola", 3))).toEqual({ store: "Pine Foods", price: 7.5, type: "multi-buy" });
	});

	test("a sale past its last day is no longer live", async () => {
		const onSale = await planOf("yogurt");
		expect(cheapest(onSale)).toEqual({ store: "Pine Foods", price: 1.99, type: "sale" });
		expect(onSale.single!.items[0]!.saleEnds).toBe(day(1));

		// Its last day is over everywhere two days on; the next minute's sweep ends it.
		expect(await expireEndedSalesAt(server.db, Date.now() + DAY)).toBe(0);
		expect(await expireEndedSalesAt(server.db, Date.now() + 2 * DAY + 11 * 3_600_000)).toBe(1);
		expect(cheapest(await planOf("yogurt"))).toEqual({ store: "Oak Market", price: 2.5, type: "regular" });
		const found = expectBody(await shopper.get("/api/search?q=yogurt"), 200);
		expect(found.map((r) => [r.store.name, r.priceType])).toEqual([["Oak Market", "regular"]]);
	});
});
