import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expectStatus, registerUser, startTestServer, type TestServer } from "../test/harness.ts";
import { fixture, writeOpenPrices } from "./fixtures/fixtures.ts";
import { runImport } from "./import-cli.ts";
import { osmPlace } from "./osm.ts";

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
		expectStatus(near, 200);
		expect(near.data.map((s: Row) => [s.name, s.zipCode, s.electricPrice])).toContainEqual([
			"Beverly Charging",
			"90048",
			null,
		]);
		const stores = await client.get("/api/stores?zipCode=90048");
		expectStatus(stores, 200);
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
		expectStatus(report, 201);
		const [station] = rows("SELECT id FROM gas_stations WHERE source_key = 'osm:way/9100000002'");
		expect(station!.id).toBe(report.data.stationId);
		const near = await client.get("/api/gas/nearby?fuelType=regular");
		expectStatus(near, 200);
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
		expect(atOsmStore).toEqual([{ n: 4 }]);
	});

	test("a store OSM moved takes its prices along: search finds them where it now is", async () => {
		const document = JSON.parse(readFileSync(fixture("overpass.geojson"), "utf8"));
		const market = document.features[0];
		market.geometry.coordinates = [-73.9971, 40.7506];
		market.properties["addr:postcode"] = "10001";
		const moved = join(dir, "moved.geojson");
		writeFileSync(moved, JSON.stringify(document));
		const done = await importOsm(moved);
		expect(done.run.tally.tookAs("store", "updated")).toBe(1);
		const zips = rows(`SELECT DISTINCT p.zip_code AS zip, p.loc_token AS loc FROM price_reports p
      JOIN stores s ON s.id = p.store_id WHERE s.source_key = 'osm:node/9000000001'`);
		expect(zips).toEqual([{ zip: "10001", loc: "z10001" }]);
		const search = async (zipCode: string) => {
			const { client } = await registerUser(server, { zipCode });
			const found = await client.get("/api/search?q=apples");
			expectStatus(found, 200);
			return found.data.map((r: { store: { name: string } }) => r.store.name);
		};
		expect(await search("10001")).toContain("Farmers Fresh Market");
		expect(await search("90036")).toEqual([]);
	});

	test("a place OSM renamed into another place already in its ZIP is left out, naming why", async () => {
		const { client } = await registerUser(server, { zipCode: "90067" });
		const shop = await client.post("/api/price-reports", {
			productName: "USB Cable",
			price: 9.99,
			categoryId: server.sqlite.query<{ id: number }, []>("SELECT min(id) AS id FROM product_categories").get()!.id,
			storeName: "Century Gadgets",
			storeAddress: "1 Avenue of the Stars",
		});
		expect(shop.status).toBe(201);
		const document = JSON.parse(readFileSync(fixture("overpass.geojson"), "utf8"));
		const techHub = document.features.find((f: Row) => f.id === "node/9100000008");
		Object.assign(techHub.properties, {
			brand: "Century Gadgets",
			"addr:housenumber": "1",
			"addr:street": "Avenue of the Stars",
		});
		const renamed = join(dir, "collides.geojson");
		writeFileSync(renamed, JSON.stringify(document));
		const done = await importOsm(renamed);
		expect(done.run.tally.leftOutFor("a place of the same name and address is already in that ZIP")).toBe(1);
		expect(rows("SELECT name FROM stores WHERE source_key = 'osm:node/9100000008'")).toEqual([
			{ name: "TechHub Electronics" },
		]);
	});
});

describe("a feature", () => {
	const shop = (tags: Row, point = { lat: 34.0595, lon: -118.4186 }) =>
		osmPlace({ id: "node/1", tags: { shop: "supermarket", "addr:street": "Main Street", ...tags }, point }, 0);

	test("with a postcode not shaped as a ZIP is outside the US, however near a US ZIP it is", () => {
		// Windsor, Ontario, across the river from Detroit, with no addr:country.
		const windsor = shop({ name: "Windsor Market", "addr:postcode": "N9A 5K3" }, { lat: 42.3149, lon: -83.0364 });
		expect(windsor).toEqual({ leftOut: "outside the US", example: 'node/1 "Windsor Market" (postcode N9A 5K3)' });
		expect(shop({ name: "Century Market", "addr:postcode": "90067-1234" })).toMatchObject({ place: { zip: "90067" } });
	});

	test("takes the report form's limits: a name or address too long is left out, a phone too long dropped", () => {
		expect(shop({ name: "N".repeat(121) })).toMatchObject({
			leftOut: "not a valid place: Store name must be at most 120 characters",
		});
		expect(shop({ name: "Long Street Market", "addr:street": "S".repeat(201) })).toMatchObject({
			leftOut: "not a valid place: Store address must be at most 200 characters",
		});
		expect(shop({ name: "Two Phones", phone: "+1 310 555 0100; +1 310 555 0101" })).toMatchObject({
			place: { phone: "+1 310 555 0100" },
		});
		expect(shop({ name: "Odd Phone", phone: "9".repeat(31) })).toMatchObject({ place: { phone: null } });
	});

	test("names nothing on the terminal with the file's control characters", async () => {
		const file = join(dir, "escapes.json");
		const evil = "Evil\u001b]0;owned\u0007 Shop\nfake line";
		writeFileSync(
			file,
			JSON.stringify({ elements: [{ type: "node", id: 7, lat: 34, lon: -118, tags: { shop: "yes", name: evil } }] }),
		);
		const done = await importOsm(file, join(dir, "escapes.db"));
		expect(done.lines).toContain('  no street address: 1, e.g. node/7 "Evil?]0;owned? Shop?fake line"');
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
