import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";
import { openPricesLines, seenAtShifted, writeOpenPrices } from "./fixtures/fixtures.ts";
import { runImport } from "./import-cli.ts";
import { NO_LOCATIONS_FILE, openPricesRecord } from "./open-prices.ts";

// Sign-ups (argon2) and a server on a busy shared machine.
setDefaultTimeout(30_000);

let server: TestServer;
let shopper: TestClient;
let dir: string;
let files: ReturnType<typeof writeOpenPrices>;
let first: Awaited<ReturnType<typeof runImport>>;

const importInto = (dbPath: string, file = files.prices) =>
	runImport({ kind: "open-prices", file, locations: files.locations }, { dbPath, passwordHashMemoryKib: 19_456 });

type Row = Record<string, unknown>;
const rows = (sql: string, ...params: (string | number)[]) =>
	server.sqlite.query<Row, typeof params>(sql).all(...params);
const count = (table: string) => (rows(`SELECT count(*) AS n FROM ${table}`)[0]!.n as number) ?? 0;

beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	dir = mkdtempSync(join(tmpdir(), "commoncents-open-prices-"));
	files = writeOpenPrices(dir);
	first = await importInto(server.config.dbPath);
	shopper = (await registerUser(server, { zipCode: "90036" })).client;
});
afterAll(async () => {
	await server.stop();
	rmSync(dir, { recursive: true, force: true });
});

const search = async (q: string) => expectBody(await shopper.get(`/api/search?${new URLSearchParams({ q })}`), 200);

describe("import open-prices", () => {
	test("a USD price in the US with a product or category is a report at its store, by the Open Prices profile", async () => {
		const { tally } = first.run;
		expect(tally.read).toBe(16);
		expect(tally.tookAs("price", "added")).toBe(6);
		expect(tally.tookAs("store", "added")).toBe(2);

		// Two Open Prices contributors priced them there: one card, the cheaper first, with both prices counted.
		const [organic, ...others] = await search("apples");
		expect(others).toEqual([]);
		expect(organic).toMatchObject({
			price: 2.49,
			storeReports: { reports: 2, agreeing: 1 },
			productName: "Organic apples",
			size: { quantity: 1, unit: "kg" },
			tags: ["organic"],
			zipCode: "90036",
			store: { name: "Farmers Fresh Market", address: "263 South La Brea Avenue" },
			user: { firstName: "Open Prices", username: "open-prices" },
		});
		// The store's own ZIP (its address's), and the time the price was seen, not the time it was imported: the
		// upload's time when it was uploaded the day it was bought (UTC, as the dump writes it), else that day's noon.
		const seen = (id: number) =>
			rows("SELECT created_at AS at FROM price_reports WHERE source_key = ?", `open-prices:${id}`)[0]!.at;
		expect(seen(1013)).toBe(seenAtShifted("2026-11-20T15:55:12.000000Z", files.days));
		expect(seen(1001)).toBe(seenAtShifted("2026-11-18T12:00:00Z", files.days));

		const [cheddar] = await search("cheddar");
		expect(cheddar).toMatchObject({
			price: 3.99,
			description: "On sale, was $5.49",
			zipCode: "90046",
			store: { name: "Sunset Grocery", address: "7700 Sunset Boulevard" },
		});
		const profile = await shopper.get("/api/users/open-prices/profile");
		expectStatus(profile, 200);
		expect(profile.data.firstName).toBe("Open Prices");
	});

	test("what is left out is counted by reason, with examples", () => {
		const { tally } = first.run;
		expect(tally.reasons().map((r) => [r.reason, r.count])).toEqual([
			["no location on the map", 2],
			["outside the US", 2],
			["a duplicate, as Open Prices marks it", 1],
			["its barcode does not add up", 1],
			["not in US dollars", 1],
			["refused by the quality check", 1],
			["the store has no street address", 1],
			["too old to be live (seen over 30 days ago)", 1],
		]);
		expect(first.lines).toContain("  not in US dollars: 1, e.g. price 1004 (EUR)");
		expect(first.lines).toContain("  outside the US: 2, e.g. price 1005 (PA); price 1012");
		expect(first.lines).toContain(
			"  refused by the quality check: 1, e.g. price 1010: $349.00 is outside the usual range for Produce.",
		);
		// The slip is nowhere: not listed, not counted against anyone.
		expect(rows("SELECT id FROM price_reports WHERE price_cents = 34900")).toEqual([]);
		expect(rows("SELECT reports_refused AS n FROM users WHERE source = 'open-prices'")).toEqual([{ n: 0 }]);
	});

	test("a barcode's price is its product's: shown by its code until a shopper names it", async () => {
		// Price 1007 has a code alone: a report of that product, named by its digits for now.
		const [coded, ...more] = expectBody(
			await shopper.get(`/api/search?${new URLSearchParams({ barcode: "028400090858" })}`),
			200,
		);
		expect(more).toEqual([]);
		expect(coded).toMatchObject({ productName: "0028400090858", barcode: "0028400090858", price: 3.79 });
		// A code that does not add up is no code: a price with a name keeps its name (1002), one without is left out.
		const [milk] = await search("whole milk");
		expect(milk).toMatchObject({ productName: "Whole Milk 1 gal", barcode: null });
		expect(first.lines).toContain("  its barcode does not add up: 1, e.g. price 1016 (0028400090859)");

		// The first shopper to name it names the product: the code's digits never counted as a name.
		const { categoryId } = coded as { categoryId: number };
		expectStatus(
			await shopper.post("/api/price-reports", {
				productName: "Honey Nut Cheerios 10.8 oz",
				barcode: "0028400090858",
				price: 3.99,
				categoryId,
				storeName: "Corner Market",
				storeAddress: "100 N Fairfax Ave",
				storeZipCode: "90036",
			}),
			201,
		);
		const history = expectBody(
			await shopper.get(
				`/api/products/history?${new URLSearchParams({ barcode: "0028400090858", categoryId: String(categoryId) })}`,
			),
			200,
		);
		expect(history.productName).toBe("Honey Nut Cheerios 10.8 oz");
		expect(history.stores.map((s: { name: string }) => s.name).sort()).toEqual([
			"Corner Market",
			"Farmers Fresh Market",
		]);
	});

	test("the account can never sign in", async () => {
		const [account] = rows("SELECT password FROM users WHERE source = 'open-prices'");
		expect(String(account!.password)).toStartWith("$argon2id$");
		const res = await server.client().post("/api/auth/login", { username: "open-prices", password: "open-prices" });
		expect(res.status).toBe(401);
	});

	test("a second run adds nothing; a changed price replaces the one imported, and its neighbours stay", async () => {
		const tables = ["users", "stores", "price_reports", "price_alert_hits"];
		const before = tables.map(count);
		const again = await importInto(server.config.dbPath);
		expect(tables.map(count)).toEqual(before);
		expect(again.run.tally.tookAs("price", "already here")).toBe(6);
		expect(again.run.tally.tookAs("price", "added")).toBe(0);

		const changed = writeOpenPrices(dir, {
			name: "changed.jsonl",
			edit: (lines) =>
				lines.map((line) =>
					line.id === 1001
						? { ...line, price: 2.39 }
						: line.id === 1002
							? { ...line, product_name: "Organic Whole Milk 1 gal" }
							: line.id === 1013
								? { ...line, product_name: "Extra Sharp Cheddar 8 oz" }
								: line,
				),
		});
		const third = await importInto(server.config.dbPath, changed.prices);
		expect(third.run.tally.tookAs("price", "updated")).toBe(2);
		expect(third.run.tally.tookAs("price", "already here")).toBe(4);
		expect(await search("apples")).toMatchObject([{ price: 2.39, storeReports: { reports: 2 } }]);
		// Renamed at the source: the price under its old name stops counting.
		expect((await search("milk")).map((r: Row) => r.productName)).toEqual(["Organic Whole Milk 1 gal"]);
		// A product known by its code stays that product, whatever its name at the source.
		expect((await search("cheddar")).map((r: Row) => r.productName)).toEqual(["Sharp Cheddar 8 oz"]);
		const live = rows(
			"SELECT count(*) AS n FROM price_reports WHERE is_active = 1 AND is_expired = 0 AND source_key IS NOT NULL",
		);
		expect(live).toEqual([{ n: 6 }]);
		expect(rows("SELECT source_key AS key FROM price_reports WHERE price_cents = 249")).toEqual([{ key: null }]);
	});

	test("a gzipped dump reads the same", async () => {
		const other = mkdtempSync(join(tmpdir(), "commoncents-open-prices-gz-"));
		try {
			const gz = writeOpenPrices(dir, { name: "prices.jsonl.gz" });
			const run = await importInto(join(other, "gz.db"), gz.prices);
			expect(run.lines.slice(1)).toEqual(first.lines.slice(1));
		} finally {
			rmSync(other, { recursive: true, force: true });
		}
	});
});

describe("a price line's place", () => {
	const line = (fields: Row) => ({
		line: 1,
		value: { ...openPricesLines()[0], location: null, location_id: null, ...fields },
	});
	const where = {
		osm_id: 42,
		osm_type: "NODE",
		osm_name: "Corner Store",
		osm_display_name: "Corner Store, 5, Main Street, Anytown",
	};

	test("may come whole (the API's) or flattened (the Parquet copy's); with no postcode, it is the nearest ZIP", () => {
		const nested = openPricesRecord(line({ location: { ...where, osm_lat: 40.7506, osm_lon: -73.9971 } }), new Map());
		expect(nested).toMatchObject({
			store: { sourceKey: "osm:node/42", name: "Corner Store", address: "5 Main Street", zip: "10001" },
		});
		const flat = openPricesRecord(
			line({
				location_osm_id: 42,
				location_osm_type: "NODE",
				location_osm_name: "Corner Store",
				location_osm_display_name: where.osm_display_name,
				location_osm_lat: "34.1005",
				location_osm_lon: "-118.4146",
			}),
			new Map(),
		);
		expect(flat).toMatchObject({ store: { zip: "90210" } });
	});

	test("by its id in the locations dump, which the command asks for when it is not given", () => {
		const [apples] = openPricesLines();
		expect(openPricesRecord({ line: 1, value: apples }, new Map())).toEqual({
			leftOut: NO_LOCATIONS_FILE,
			example: "price 1001",
		});
	});
});
