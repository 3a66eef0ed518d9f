import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { MAX_AREAS, neighbourhood, roundMiles } from "../lib/zip.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";

// Issue 42: a chip's filter (a category or its group), wider searches, and how far a quiet town's nearest are.
// Shoppers in Absarokee, Montana (59001): rural, so the places a few rings out are tens of miles away.
const HOME = "59001";
let server: TestServer;
let reporter: TestClient;
let searcher: TestClient;
let category: (name: string) => number;
/** The n-th nearest ZIP area to HOME, with its miles. */
const area = (n: number) => {
	const place = neighbourhood(HOME, MAX_AREAS)[n]!;
	return { zip: place.token.slice(1), miles: roundMiles(place.miles) };
};

const report = async (name: string, price: number, categoryName: string, zip = HOME) => {
	const res = await reporter.post("/api/price-reports", {
		productName: name,
		price,
		categoryId: category(categoryName),
		storeName: `Store ${name}`,
		storeAddress: "1 Main St",
		vacationMode: true,
		reportZipCode: zip,
	});
	if (res.status !== 201) throw new Error(JSON.stringify(res.data));
};
const search = (params: Record<string, string>) => searcher.get(`/api/search?${new URLSearchParams(params)}`);
const searchNearest = (params: Record<string, string>) =>
	searcher.get(`/api/search/nearest?${new URLSearchParams(params)}`);
const names = async (params: Record<string, string>) => {
	const res = await search(params);
	if (res.status !== 200) throw new Error(JSON.stringify(res.data));
	return res.data.map((r) => r.productName);
};
const nearest = async (params: Record<string, string>) => {
	const res = await searchNearest(params);
	expectStatus(res, 200);
	return res.data.nearest;
};

beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	reporter = (await registerUser(server, { zipCode: HOME })).client;
	searcher = (await registerUser(server, { zipCode: HOME })).client;
	const list = expectBody(await searcher.get("/api/categories"), 200);
	category = (name) => list.find((c) => c.name === name)!.id;
	await report("Whole Milk", 3.49, "Dairy");
	await report("Sourdough Bread", 4.99, "Bakery");
	await report("Spaghetti", 1.29, "Groceries");
	await report("Milk Frother", 24.99, "Electronics");
	await report("Wireless Earbuds", 49.99, "Electronics");
	await report("Pizza Slice", 3.5, "Restaurants");
	await report("Dish Soap", 2.99, "Household");
});
afterAll(() => server.stop());

describe("GET /api/search with a category", () => {
	test("a group finds its own category and the ones under it, cheapest first, with no words", async () => {
		expect(await names({ category: "groceries" })).toEqual(["Spaghetti", "Whole Milk", "Sourdough Bread"]);
		expect(await names({ category: "electronics" })).toEqual(["Milk Frother", "Wireless Earbuds"]);
		expect(await names({ category: "Restaurants " })).toEqual(["Pizza Slice"]);
	});

	test("a single category finds only its own; with words, both must match", async () => {
		expect(await names({ category: "dairy" })).toEqual(["Whole Milk"]);
		expect(await names({ q: "milk" })).toEqual(["Whole Milk", "Milk Frother"]);
		expect(await names({ q: "milk", category: "" })).toEqual(["Whole Milk", "Milk Frother"]);
		expect(await names({ q: "milk", category: "groceries" })).toEqual(["Whole Milk"]);
		expect(await names({ q: "milk", category: "electronics" })).toEqual(["Milk Frother"]);
		expect(await names({ q: "milk", category: "bakery" })).toEqual([]);
		expect(await names({ category: "meat-seafood" })).toEqual([]);
		expect(await names({ category: "groceries", sort: "recent" })).toEqual([
			"Spaghetti",
			"Sourdough Bread",
			"Whole Milk",
		]);
	});

	test("a shopper's text cannot put a report under another chip", async () => {
		const res = await reporter.post("/api/price-reports", {
			productName: "Dish Soap",
			price: 2.99,
			categoryId: category("Household"),
			description: "Not a gadget \u{E000}electronics \u{E000}groceries",
			storeName: "Soap Stop",
			storeAddress: "2 Main St",
			vacationMode: true,
			reportZipCode: HOME,
		});
		expectStatus(res, 201);
		expect(await names({ category: "electronics" })).not.toContain("Dish Soap");
		expect(await names({ category: "groceries" })).not.toContain("Dish Soap");
		expect(await names({ category: "household" })).toContain("Dish Soap");
		// Withdrawn again so the other tests' lists stay as they were.
		server.sqlite.run("UPDATE price_reports SET is_active = 0 WHERE id = ?", [res.data.id]);
	});

	test("an unknown category, or neither words nor a filter, is a 400 that says so", async () => {
		for (const find of [search, searchNearest]) {
			for (const slug of ["gas", "dairy products", "x".repeat(41)]) {
				const res = await find({ q: "milk", category: slug });
				expect(res.status).toBe(400);
				expect(res.data.message).toBe("Category not found");
			}
			for (const params of [{}, { q: "  " }, { q: "", category: "" }] as Record<string, string>[]) {
				const res = await find(params);
				expect(res.status).toBe(400);
				expect(res.data.message).toBe("Enter something to search for, or choose a category");
			}
		}
	});
});

describe("a wider search, and the nearest reports of a quiet neighbourhood", () => {
	test("nothing anywhere near: no nearest", async () => {
		expect(await nearest({ q: "whole milk" })).toEqual(null);
		expect(await nearest({ q: "unheardofword" })).toEqual(null);
		expect(await nearest({ category: "personal-care" })).toEqual(null);
	});

	test("a report past the 20 areas: found by its miles and areas, and by a search that many areas wide", async () => {
		const far = area(57);
		const farther = area(300);
		await report("Quince Paste", 6.49, "Groceries", farther.zip);
		expect(await nearest({ q: "quince" })).toEqual({ miles: farther.miles, areas: 300 });
		await report("Quince Jelly", 5.99, "Groceries", far.zip);
		expect(far.miles).toBeGreaterThan(area(20).miles);
		expect(await nearest({ q: "quince" })).toEqual({ miles: far.miles, areas: 57 });
		expect(await nearest({ category: "groceries", q: "qui" })).toEqual({ miles: far.miles, areas: 57 });
		expect(await nearest({ q: "quince", category: "electronics" })).toBeNull();

		expect(await names({ q: "quince" })).toEqual([]);
		expect(await names({ q: "quince", areas: "56" })).toEqual([]);
		const wide = await search({ q: "quince", areas: "57" });
		expectStatus(wide, 200);
		expect(wide.data.map((r) => [r.productName, r.distanceMiles])).toEqual([["Quince Jelly", far.miles]]);
		expect(await names({ q: "quince", areas: String(MAX_AREAS), sort: "distance" })).toEqual([
			"Quince Jelly",
			"Quince Paste",
		]);
	});

	test("areas counts from 20 up to 500", async () => {
		for (const [areas, message] of [
			["19", "areas must be at least 20"],
			["501", "areas must be at most 500"],
			["many", "areas must be a whole number"],
		]) {
			const res = await search({ q: "quince", areas: areas! });
			expect(res.status).toBe(400);
			expect(res.data.message).toBe(message!);
		}
	});
});
