import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { registerUser, startTestServer, type TestServer } from "../test/harness.ts";
import { fixture, writeOpenPrices } from "./fixtures/fixtures.ts";
import { runImport } from "./import-cli.ts";

// Sign-ups (argon2) and a server on a busy shared machine.
setDefaultTimeout(30_000);

let server: TestServer;
let dir: string;
let first: Awaited<ReturnType<typeof runImport>>;

const importOsm = (file = fixture("overpass.geojson"), dbPath = server.config.dbPath) =>
	runImport({ kind: "osm", file, locations: null }, { dbPath, passwordHashMemoryKib: 19_456 });

type Row = Record<string, unknown>;
const rows = (sql: string) => server.sqlite.query<Row, []>(sql).all();
const count = (table: string) => rows(`SELECT count(*) AS n FROM ${table}`)[0]!.n as number;

beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	dir = mkdtempSync(join(tmpdir(), "commoncents-osm-"));
	first = await importOsm();
});
afterAll(async () => {
	await server.stop();
	rmSync(dir, { recursive: true, force: true });
});

describe("import osm", () => {
	test("shops are stores and fuel and charging are stations, each in its ZIP, keyed by its OSM id", () => {
		expect(first.run.tally.tookAs("store", "added")).toBe(2);
		expect(first.run.tally.tookAs("station", "added")).toBe(2);
		expect(rows("SELECT name, address, zip_code AS zip, phone, source_key AS key FROM stores ORDER BY id")).toEqual([
			{
				name: "Farmers Fresh Market",
				address: "263 South La Brea Avenue",
				zip: "90036",
				phone: "+1 323-555-0101",
				key: "osm:node/9000000001",
			},
			// No name but a brand: the brand names it.
			{
				name: "TechHub Electronics",
				address: "10250 Santa Monica Boulevard",
				zip: "90067",
				phone: null,
				key: "osm:node/9100000008",
			},
		]);
		// A forecourt drawn as a polygon is placed at its middle.
		expect(rows("SELECT name, zip_code AS zip, source_key AS key FROM gas_stations ORDER BY id")).toEqual([
			{ name: "Westside Fuel", zip: "90210", key: "osm:way/9100000002" },
			{ name: "Beverly Charging", zip: "90048", key: "osm:node/9100000003" },
		]);
		// Places alone file no prices: no account is made for them.
		expect(count("users")).toBe(0);
	});

	test("what is left out is counted by reason", () => {
		expect(first.run.tally.reasons().map((r) => [r.reason, r.count])).toEqual([
			["no name", 1],
			["no street address", 1],
			["not a shop or fuel station", 1],
			["outside the US", 1],
			["the same name and address as another place nearby", 1],
		]);
		expect(first.lines).toContain('  outside the US: 1, e.g. node/9100000007 "Mercado Central" (MX)');
	});

	test("a new town's places show before their first price: stations on the Gas page, shops in the form", async () => {
		const { client } = await registerUser(server, { zipCode: "90048" });
		const near = await client.get("/api/gas/nearby?fuelType=electric");
		expect(near.status).toBe(200);
		expect(near.data.map((s: Row) => [s.name, s.zipCode, s.electricPrice])).toContainEqual([
			"Beverly Charging",
			"90048",
			null,
		]);
		const stores = await client.get("/api/stores?zipCode=90048");
		expect(stores.status).toBe(200);
		expect(stores.data.map((s: Row) => s.name)).toContain("Farmers Fresh Market");
	});

	test("a shopper's price at a station OSM gave lands at that station, in its ZIP", async () => {
		const { client } = await registerUser(server, { zipCode: "90069" });
		const report = await client.post("/api/gas/reports", {
			stationName: "westside fuel",
			stationAddress: "9988  Wilshire Boulevard",
			fuelType: "regular",
			price: 3.459,
		});
		expect(report.status).toBe(201);
		const [station] = rows("SELECT id FROM gas_stations WHERE source_key = 'osm:way/9100000002'");
		expect(report.data.stationId).toBe(station!.id);
		const near = await client.get("/api/gas/nearby?fuelType=regular");
		expect(near.data.map((s: Row) => [s.name, s.zipCode, s.regularPrice])).toContainEqual([
			"Westside Fuel",
			"90210",
			3.459,
		]);
	});

	test("a second run adds nothing; what OSM changed is updated", async () => {
		const before = ["stores", "gas_stations"].map(count);
		const again = await importOsm();
		expect(["stores", "gas_stations"].map(count)).toEqual(before);
		expect(again.run.tally.tookAs("store", "already here")).toBe(2);
		expect(again.run.tally.tookAs("station", "already here")).toBe(2);

		const document = JSON.parse(readFileSync(fixture("overpass.geojson"), "utf8"));
		document.features[0].properties.name = "Farmers Fresh Market & Deli";
		const renamed = join(dir, "renamed.geojson");
		writeFileSync(renamed, JSON.stringify(document));
		const third = await importOsm(renamed);
		expect(third.run.tally.tookAs("store", "updated")).toBe(1);
		expect(rows("SELECT name FROM stores WHERE source_key = 'osm:node/9000000001'")).toEqual([
			{ name: "Farmers Fresh Market & Deli" },
		]);
		expect(count("stores")).toBe(before[0]!);
	});

	test("Open Prices' prices at an OSM shop are filed at the store OSM made", async () => {
		const files = writeOpenPrices(dir);
		const prices = await runImport(
			{ kind: "open-prices", ...{ file: files.prices, locations: files.locations } },
			{ dbPath: server.config.dbPath, passwordHashMemoryKib: 19_456 },
		);
		expect(prices.run.tally.tookAs("store", "already here")).toBe(1);
		const atOsmStore = rows(`SELECT count(*) AS n FROM price_reports p JOIN stores s ON s.id = p.store_id
      WHERE s.source_key = 'osm:node/9000000001'`);
		expect(atOsmStore).toEqual([{ n: 3 }]);
	});
});

describe("Overpass JSON", () => {
	test("elements with lat/lon or a center read as features do; with no postcode, the nearest ZIP", async () => {
		const file = join(dir, "overpass.json");
		writeFileSync(
			file,
			JSON.stringify({
				version: 0.6,
				generator: "Overpass API",
				elements: [
					{
						type: "node",
						id: 501,
						lat: 40.7506,
						lon: -73.9971,
						tags: { shop: "supermarket", name: "Penn Grocer", "addr:housenumber": "1", "addr:street": "8th Avenue" },
					},
					{
						type: "way",
						id: 502,
						center: { lat: 34.1005, lon: -118.4146 },
						nodes: [1, 2, 3, 1],
						tags: { amenity: "fuel", name: "Canon Gas", "addr:street": "North Canon Drive" },
					},
				],
			}),
		);
		const dbPath = join(dir, "overpass.db");
		const done = await importOsm(file, dbPath);
		expect(done.run.tally.takenCount).toBe(2);
		const { Database } = await import("bun:sqlite");
		const db = new Database(dbPath, { readonly: true });
		expect(db.query("SELECT name, zip_code AS zip, source_key AS key FROM stores").all()).toEqual([
			{ name: "Penn Grocer", zip: "10001", key: "osm:node/501" },
		]);
		expect(db.query("SELECT address, zip_code AS zip, source_key AS key FROM gas_stations").all()).toEqual([
			{ address: "North Canon Drive", zip: "90210", key: "osm:way/502" },
		]);
		db.close();
	});
});
