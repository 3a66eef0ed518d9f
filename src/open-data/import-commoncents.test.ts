import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HOUR_MS } from "../lib/time.ts";
import type { ExportLine } from "./format.ts";
import { runImport } from "./import-cli.ts";

let dir: string;
beforeAll(() => {
	dir = mkdtempSync(join(tmpdir(), "commoncents-import-export-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SPRINGFIELD = "5b1c0e5e-3a3f-4d7e-9a0e-0f6f1f6b2a11";
const SHELBYVILLE = "9d2f7c44-8e21-4b6a-b7de-2c1e0a9f4d52";
const reportedAt = new Date(Date.now() - HOUR_MS).toISOString();
const fresh = { reportedAt, lastSeenAt: reportedAt, confirmations: 0, confidence: 0.9 };

/** A price line of an export from before price types (decision 0093): it says nothing of them. */
type OldPrice = Omit<Extract<ExportLine, { type: "price" }>, "priceType" | "saleEnds" | "multiBuy">;
type OldFuelPrice = Omit<Extract<ExportLine, { type: "fuel_price" }>, "payment">;
type OldLine = Exclude<ExportLine, { type: "price" | "fuel_price" }> | OldPrice | OldFuelPrice;

/**
 * An export as another instance would write it (one from before price types): its id, and the attribution its
 * operator chose; `extra`, lines after it.
 */
function exportFile(
	name: string,
	{ instance, attribution = "CommonCents contributors" }: { instance: string | null; attribution?: string },
	extra: string[] = [],
) {
	const header = {
		type: "header",
		format: "commoncents-open-data",
		version: 1,
		exportedAt: new Date().toISOString(),
		license: "ODbL-1.0",
		licenseUrl: null,
		attribution,
		...(instance === null ? {} : { instance }),
		counts: { stores: 1, stations: 0, prices: 3, fuelPrices: 1 },
	} as Extract<ExportLine, { type: "header" }>;
	const lines: OldLine[] = [
		header,
		{ type: "store", id: 7, name: "Corner Shop", address: "5 Elm St", zipCode: "10001" },
		{
			type: "price",
			id: 1,
			storeId: 7,
			productName: "Bagels",
			barcode: null,
			category: "bakery",
			price: 4.5,
			size: { quantity: 6, unit: "count" },
			zipCode: "10001",
			reporter: null,
			...fresh,
		},
		// A category this instance does not have: filed under Groceries.
		{ ...baseline(2), productName: "Lawn Seed", category: "garden" },
		{ ...baseline(3), productName: "Bread", category: "bakery", price: 549 },
		{ ...baseline(4), storeId: 99, productName: "Jam" },
		{
			type: "fuel_price",
			id: 5,
			stationId: 42,
			fuelType: "regular",
			price: 3.299,
			zipCode: "10001",
			reporter: null,
			...fresh,
		},
	];
	const path = join(dir, name);
	writeFileSync(path, `${[...lines.map((l) => JSON.stringify(l)), ...extra].join("\n")}\n`);
	return path;
}

function baseline(id: number): OldPrice {
	return {
		type: "price",
		id,
		storeId: 7,
		productName: "",
		barcode: null,
		category: "groceries",
		price: 2.5,
		size: null,
		zipCode: "10001",
		reporter: null,
		...fresh,
	};
}

const importFile = (file: string, dbPath: string) =>
	runImport({ kind: "commoncents", file, locations: null }, { dbPath, passwordHashMemoryKib: 19_456 });

describe("import commoncents", () => {
	test("files each price at its store through the quality check, and says why it left the others out", async () => {
		const dbPath = join(dir, "town.db");
		const done = await importFile(
			exportFile("a.jsonl", { instance: SPRINGFIELD, attribution: "Springfield Prices" }, ['{"type":"coupon","id":1}']),
			dbPath,
		);
		expect(done.run.tally.tookAs("price", "added")).toBe(2);
		expect(done.run.tally.reasons().map((r) => [r.reason, r.count])).toEqual([
			["its station is not in the file", 1],
			["its store is not in the file", 1],
			[
				'not a line of the export: Invalid type: Expected ("store" | "station" | "price" | "fuel_price") but received "coupon"',
				1,
			],
			["refused by the quality check", 1],
		]);
		const db = new Database(dbPath, { readonly: true });
		const filed = db
			.query(`SELECT p.product_name AS name, c.slug AS category, p.size_milli AS size, p.zip_code AS zip
        FROM price_reports p JOIN product_categories c ON c.id = p.category_id ORDER BY p.id`)
			.all();
		db.close();
		expect(filed).toEqual([
			{ name: "Bagels", category: "bakery", size: 6000, zip: "10001" },
			{ name: "Lawn Seed", category: "groceries", size: null, zip: "10001" },
		]);
	});

	test("the same ids from another instance are other prices, whatever the attributions say", async () => {
		const dbPath = join(dir, "two.db");
		// Both keep the default attribution: they are told apart by their ids.
		await importFile(exportFile("a.jsonl", { instance: SPRINGFIELD }), dbPath);
		const other = await importFile(exportFile("b.jsonl", { instance: SHELBYVILLE }), dbPath);
		expect(other.run.tally.tookAs("price", "added")).toBe(2);
		expect(other.run.tally.tookAs("price", "updated")).toBe(0);
		// An operator who changes the attribution exports the same prices: nothing is added twice.
		const renamed = await importFile(
			exportFile("b2.jsonl", { instance: SHELBYVILLE, attribution: "Shelbyville Price Watch" }),
			dbPath,
		);
		expect(renamed.run.tally.tookAs("price", "already here")).toBe(2);
		expect(renamed.run.tally.tookAs("price", "added")).toBe(0);
	});

	test("a price's terms are filed as the export has them; a price from before them is regular", async () => {
		const dbPath = join(dir, "terms.db");
		const price = (id: number, productName: string, terms: Partial<Extract<ExportLine, { type: "price" }>>) =>
			JSON.stringify({ ...baseline(id), productName, saleEnds: null, multiBuy: null, ...terms });
		const saleEnds = new Date(Date.now() + 7 * 24 * HOUR_MS).toISOString().slice(0, 10);
		const lines = [
			price(10, "Club Coffee", { priceType: "member", price: 6.99 }),
			price(11, "Yogurt Cups", { priceType: "multi-buy", price: 1.67, multiBuy: { quantity: 3, price: 5 } }),
			price(12, "Pasta", { priceType: "sale", price: 1.25, saleEnds }),
			JSON.stringify({ type: "station", id: 42, name: "Pump Stop", address: "2 Pump Rd", zipCode: "10001" }),
			JSON.stringify({
				...fresh,
				type: "fuel_price",
				id: 13,
				stationId: 42,
				fuelType: "diesel",
				price: 4.1,
				payment: "cash",
				zipCode: "10001",
				reporter: null,
			}),
		];
		await importFile(exportFile("terms.jsonl", { instance: SPRINGFIELD }, lines), dbPath);
		const db = new Database(dbPath, { readonly: true });
		const filed = db
			.query(`SELECT product_name AS name, price_cents AS cents, price_type AS type, sale_ends AS saleEnds,
          multi_quantity AS quantity, multi_price_cents AS bundle FROM price_reports ORDER BY id`)
			.all();
		const fuel = db.query("SELECT price_mills AS mills, payment FROM gas_price_reports ORDER BY id").all();
		db.close();
		const regular = { type: "regular", saleEnds: null, quantity: null, bundle: null };
		expect(filed).toEqual([
			{ name: "Bagels", cents: 450, ...regular },
			{ name: "Lawn Seed", cents: 250, ...regular },
			{ name: "Club Coffee", cents: 699, ...regular, type: "member" },
			// One's share of "3 for $5.00", beside its bundle, as a shopper's multi-buy is filed.
			{ name: "Yogurt Cups", cents: 167, ...regular, type: "multi-buy", quantity: 3, bundle: 500 },
			{ name: "Pasta", cents: 125, ...regular, type: "sale", saleEnds },
		]);
		// The file's fuel price of a station it does not list (42 comes later) is left out; the one after it is cash.
		expect(fuel).toEqual([{ mills: 4100, payment: "cash" }]);
	});

	test("an export whose header has no instance id is refused, naming why", async () => {
		const file = exportFile("anonymous.jsonl", { instance: null });
		await expect(importFile(file, join(dir, "anonymous.db"))).rejects.toThrow(
			`${file} does not say which instance exported it (its header has no instance id); export it again with this version of CommonCents`,
		);
	});
});
