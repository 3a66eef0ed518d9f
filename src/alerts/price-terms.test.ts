/**
 * A hit says what its price asks (decision 0093): a member price, a sale or a multi-buy is never told as a
 * regular price, nor a fuel price for cash or card only as either's, on the stream and read back alike.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { expectBody, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";
import type { HitEventData } from "./delivery.ts";
import { hitsAfter } from "./hits.ts";
import { fuelPriceLabel, productPriceLabel } from "./price-label.ts";
import { categoryIds, createAlert, openEvents } from "./testing.ts";

let server: TestServer;
let dairy: number;
let reporter: TestClient;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	reporter = (await registerUser(server, { zipCode: "10001" })).client;
	({ dairy } = await categoryIds(reporter));
});
afterAll(() => server.stop());

/** A product price at a store, with its terms (regular when none are given); its report id and store id. */
async function report(productName: string, price: number, storeName: string, terms: Record<string, unknown> = {}) {
	const res = await reporter.post("/api/price-reports", {
		productName,
		price,
		categoryId: dairy,
		storeName,
		storeAddress: "1 Market St",
		...terms,
	});
	if (res.status !== 201) throw new Error(`report failed: ${res.status} ${JSON.stringify(res.data)}`);
	return { id: res.data.id as number, storeId: res.data.store.id as number };
}

describe("a hit's price label", () => {
	test("names the terms; a regular price and a fuel price for either are the price alone", () => {
		expect(productPriceLabel(349)).toBe("$3.49");
		expect(productPriceLabel(349, { priceType: "regular" })).toBe("$3.49");
		expect(productPriceLabel(299, { priceType: "member" })).toBe("$2.99 (member price)");
		expect(productPriceLabel(299, { priceType: "sale" })).toBe("$2.99 on sale");
		const bundle = { priceType: "multi-buy", multiQuantity: 2, multiPriceCents: 500 } as const;
		expect(productPriceLabel(250, bundle)).toBe("2 for $5.00 ($2.50 each)");
		expect(fuelPriceLabel(3199)).toBe("$3.199");
		expect(fuelPriceLabel(3199, "cash")).toBe("$3.199 (cash price)");
		expect(fuelPriceLabel(3299, "card")).toBe("$3.299 (card price)");
	});
});

describe("a hit of a price with terms", () => {
	test("a multi-buy, a member price and a sale say so, as they happen and read back", async () => {
		const { client, user } = await registerUser(server, { zipCode: "10001" });
		for (const productName of ["yogurt cups", "club cheddar", "sour cream"])
			await createAlert(client, { productName, targetPrice: 6 });
		// A member price is news only to a member of its store.
		const club = await report("Milk Crate", 9, "Club Foods");
		expectBody(await client.put(`/api/stores/${club.storeId}/membership`), 200);
		const live = await openEvents(server, client);
		await live.waitFor(() => live.lastEventId() !== undefined);

		const bundle = await report("Yogurt Cups", 5, "Dairy Barn", { priceType: "multi-buy", multiBuyQuantity: 2 });
		const member = await report("Club Cheddar", 4.99, "Club Foods", { priceType: "member" });
		const sale = await report("Sour Cream", 1.99, "Dairy Barn", { priceType: "sale" });
		await live.waitFor(() => live.hits().length === 3);
		const expected = [
			[bundle.id, "Yogurt Cups is 2 for $5.00 ($2.50 each) at Dairy Barn, 1 Market St", 2.5],
			[member.id, "Club Cheddar is $4.99 (member price) at Club Foods, 1 Market St", 4.99],
			[sale.id, "Sour Cream is $1.99 on sale at Dairy Barn, 1 Market St", 1.99],
		];
		// Each body up to its store's address (the miles and the target follow).
		const told = (hits: HitEventData[]) =>
			hits.map((h) => [h.reportId, h.body.slice(0, h.body.indexOf(" St") + 3), h.price]);
		expect(told(live.hits())).toEqual(expected);
		await live.close();
		// A reconnecting stream is told them as they were told.
		const replayed = (await hitsAfter(server.db, user.id, 0)).map((m) => m.data as HitEventData);
		expect(told(replayed)).toEqual(expected);
		// The Alerts tab's last hit of each carries the terms, as a search's card does.
		const listed = expectBody(await client.get("/api/price-alerts"), 200);
		const last = (name: string) => listed.find((a) => a.productName === name)?.lastHit;
		expect(last("yogurt cups")).toMatchObject({
			price: 2.5,
			priceType: "multi-buy",
			multiBuy: { quantity: 2, price: 5 },
		});
		expect(last("club cheddar")).toMatchObject({ price: 4.99, priceType: "member", multiBuy: null, payment: null });
		expect(last("sour cream")).toMatchObject({ price: 1.99, priceType: "sale" });
	});

	test("a fuel price for cash only says so; one for either is the price alone", async () => {
		const { client, user } = await registerUser(server, { zipCode: "10001" });
		await createAlert(client, { fuelType: "regular", targetPrice: 3.5 });
		await createAlert(client, { fuelType: "diesel", targetPrice: 4.5 });
		const fuel = async (fuelType: string, price: number, payment: string | null) => {
			const res = await reporter.post("/api/gas/reports", {
				stationName: `Terms Gas ${fuelType}`,
				stationAddress: "350 10th Ave",
				fuelType,
				price,
				payment,
				vacationMode: false,
			});
			expect(res.status).toBe(201);
		};
		await fuel("regular", 3.199, "cash");
		await fuel("diesel", 4.299, null);
		const told = (await hitsAfter(server.db, user.id, 0)).map((m) => (m.data as HitEventData).body);
		expect(told).toHaveLength(2);
		expect(told[0]).toStartWith("Regular is $3.199 (cash price) at Terms Gas regular, 350 10th Ave");
		expect(told[1]).toStartWith("Diesel is $4.299 at Terms Gas diesel, 350 10th Ave");
		const listed = expectBody(await client.get("/api/price-alerts"), 200);
		const payments = listed.map((a) => [a.fuelType, a.lastHit?.price, a.lastHit?.payment]);
		expect(payments).toContainEqual(["regular", 3.199, "cash"]);
		expect(payments).toContainEqual(["diesel", 4.299, null]);
	});
});
