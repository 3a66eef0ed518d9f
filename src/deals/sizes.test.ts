import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";
import {
	SIZE_BOTH_MESSAGE,
	SIZE_COUNT_MESSAGE,
	SIZE_QUANTITY_MESSAGE,
	SIZE_TOO_BIG_MESSAGE,
	SIZE_UNIT_MESSAGE,
} from "./schemas.ts";

/** A product's size on a price report (issue 42): validated, stored in thousandths, given back as it was typed. */
let server: TestServer;
let shopper: TestClient;
beforeAll(async () => {
	server = await startTestServer();
	shopper = (await registerUser(server, { zipCode: "58201" })).client;
});
afterAll(() => server.stop());

let n = 0;
const report = (size: unknown, extra: Record<string, unknown> = {}) =>
	shopper.post("/api/price-reports", {
		productName: `Oat Drink ${++n}`,
		price: 3.49,
		categoryId: 3,
		storeName: `Prairie Grocer ${n}`,
		storeAddress: "1 Red River Rd",
		...(size === undefined ? {} : { size }),
		...extra,
	});
const stored = (id: number) =>
	server.sqlite.query("SELECT size_milli AS milli, size_unit AS unit FROM price_reports WHERE id = ?").get(id);

describe("a price report's size", () => {
	test("is stored in thousandths with its unit, and given back in the answer, the report and the search", async () => {
		const half = await report({ quantity: "0.5", unit: "gal" });
		expectStatus(half, 201);
		expect(half.data.size).toEqual({ quantity: 0.5, unit: "gal" });
		expect(stored(half.data.id)).toEqual({ milli: 500, unit: "gal" });
		const bottle = await report({ quantity: 64, unit: "fl oz" });
		expectStatus(bottle, 201);
		expect(bottle.data.size).toEqual({ quantity: 64, unit: "fl oz" });
		const weighed = await report({ quantity: "1.125", unit: "lb" });
		expectStatus(weighed, 201);
		expect(stored(weighed.data.id)).toEqual({ milli: 1125, unit: "lb" });
		expect(expectBody(await shopper.get(`/api/price-reports/${weighed.data.id}`), 200).size).toEqual({
			quantity: 1.125,
			unit: "lb",
		});
		// One price, so the newest first.
		const found = await shopper.get("/api/search?q=oat%20drink");
		expectStatus(found, 200);
		expect(found.data.map((r: { size: unknown }) => r.size)).toEqual([
			{ quantity: 1.125, unit: "lb" },
			{ quantity: 64, unit: "fl oz" },
			{ quantity: 0.5, unit: "gal" },
		]);
	});

	test("is optional: none, null, or both parts blank store no size", async () => {
		for (const size of [undefined, null, { quantity: "", unit: "" }, { quantity: " ", unit: null }]) {
			const res = await report(size);
			expectStatus(res, 201);
			expect(res.data.size).toBeNull();
			expect(stored(res.data.id)).toEqual({ milli: null, unit: null });
		}
	});

	test.each([
		[{ quantity: "12" }, SIZE_BOTH_MESSAGE],
		[{ quantity: "12", unit: "" }, SIZE_BOTH_MESSAGE],
		[{ unit: "oz" }, SIZE_BOTH_MESSAGE],
		[{ quantity: "12", unit: "pint" }, SIZE_UNIT_MESSAGE],
		[{ quantity: "0", unit: "oz" }, SIZE_QUANTITY_MESSAGE],
		[{ quantity: "-2", unit: "oz" }, SIZE_QUANTITY_MESSAGE],
		[{ quantity: "1.2345", unit: "kg" }, SIZE_QUANTITY_MESSAGE],
		[{ quantity: "a dozen", unit: "count" }, SIZE_QUANTITY_MESSAGE],
		[{ quantity: "100000.001", unit: "g" }, SIZE_TOO_BIG_MESSAGE],
		[{ quantity: "1.5", unit: "count" }, SIZE_COUNT_MESSAGE],
		["half gallon", "Size must be a quantity and a unit"],
	])("refuses %p: %s", async (size, message) => {
		const res = await report(size);
		expect(res.status).toBe(400);
		expect(res.data).toEqual({ message, issues: [{ path: "size", message }] });
	});

	test("the largest size and a whole count are taken", async () => {
		expect(expectBody(await report({ quantity: "100000", unit: "g" }), 201).size).toEqual({
			quantity: 100_000,
			unit: "g",
		});
		expect(expectBody(await report({ quantity: "12", unit: "count" }), 201).size).toEqual({
			quantity: 12,
			unit: "count",
		});
	});
});
