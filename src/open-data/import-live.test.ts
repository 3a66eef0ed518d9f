import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { categoryIds, createAlert, openEvents } from "../alerts/testing.ts";
import { DAY_MS, HOUR_MS } from "../lib/time.ts";
import { expectBody, registerUser, startTestServer, type TestClient, type TestServer } from "../test/harness.ts";
import { runCommand } from "../test/processes.ts";
import { fixture, writeOpenPrices } from "./fixtures/fixtures.ts";
import { importsDir } from "./import-files.ts";

// Child processes, sign-ups (argon2) and a server on a busy shared machine.
setDefaultTimeout(60_000);

let server: TestServer;
let shopper: TestClient;
let dir: string;
let files: ReturnType<typeof writeOpenPrices>;
let watcher: TestClient;

beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	dir = mkdtempSync(join(tmpdir(), "commoncents-import-live-"));
	// Its newest prices seen within the day, whatever the hour: news, which sets off alerts. The newest apples
	// were seen four hours before the newest price, which may land up to five hours ahead (filed as seen now).
	files = writeOpenPrices(dir, { now: Date.now() + DAY_MS + 5 * HOUR_MS });
	shopper = (await registerUser(server, { zipCode: "90210" })).client;
	watcher = (await registerUser(server, { zipCode: "90036" })).client;
});
afterAll(async () => {
	await server.stop();
	rmSync(dir, { recursive: true, force: true });
});

/** `commoncents import` as an operator runs it on the server's machine, beside the running server. */
const importCommand = (args: string[]) =>
	runCommand(["import", ...args], { DATA_DIR: server.config.dataDir, PASSWORD_HASH_MEMORY_KIB: "19456" });
const openPrices = () => importCommand(["open-prices", files.prices, "--locations", files.locations]);
const osm = () => importCommand(["osm", fixture("overpass.geojson")]);

const search = async (q: string) => expectBody(await shopper.get(`/api/search?${new URLSearchParams({ q })}`), 200);
const stations = async () =>
	expectBody(await shopper.get("/api/gas/nearby?areas=40"), 200)
		.map((s) => s.name)
		.sort();

describe("commoncents import while the server runs", () => {
	test("hands the files to the server: its prices and stations are served at once, and a second run adds nothing", async () => {
		expect(await search("apples")).toEqual([]);
		expect(await stations()).toEqual([]);
		const { produce } = await categoryIds(watcher);
		await createAlert(watcher, { productName: "apples", targetPrice: 3, categoryId: produce });
		const events = await openEvents(server, watcher);
		const first = await openPrices();
		expect(first.code).toBe(0);
		const lines = first.stdout.trim().split("\n");
		// The lines the command prints with the server stopped, naming the file as it was given.
		expect(lines[0]).toMatch(new RegExp(`^read 16 records of Open Prices' prices from ${files.prices} in [\\d.]+ s$`));
		expect(lines).toContain("  6 prices added");
		expect(lines).toContain("  2 stores added");
		expect(lines).toContain('prices are filed under the public profile "open-prices"');
		// What it did, as it went, on stderr.
		expect(first.stderr).toContain("CommonCents is serving this data folder: the import goes through it");
		const [apples] = await search("apples");
		expect(apples).toMatchObject({ price: 2.49, user: { username: "open-prices" } });
		// A shopper watching for apples hears of it as it is imported, as of a shopper's report.
		await events.waitFor(() => events.hits().length > 0);
		expect(events.hits()[0]).toMatchObject({
			title: "Price alert: apples",
			productName: "Organic apples",
			storeName: "Farmers Fresh Market",
		});
		await events.close();

		const places = await osm();
		expect(places.code).toBe(0);
		expect(places.stdout).toContain("  2 stations added");
		expect(await stations()).toEqual(["Beverly Charging", "Westside Fuel"]);

		const again = await openPrices();
		expect(again.code).toBe(0);
		expect(again.stdout).toContain("  6 prices already here");
		expect(again.stdout).not.toContain("added");
		const placesAgain = await osm();
		expect(placesAgain.stdout).toContain("  2 stations already here");
		expect(placesAgain.stdout).not.toContain("added");
		expect(await search("apples")).toHaveLength(1);
		expect(await stations()).toEqual(["Beverly Charging", "Westside Fuel"]);
		// The uploads are removed once imported.
		expect(readdirSync(importsDir(server.config.dataDir))).toEqual([]);
	});

	test("a file the import refuses is named as given, and nothing is written", async () => {
		const notGeoJson = join(dir, "not.geojson");
		await Bun.write(notGeoJson, JSON.stringify({ type: "Topology" }));
		const run = await importCommand(["osm", notGeoJson]);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain(
			`commoncents: ${notGeoJson} is neither GeoJSON (features) nor Overpass JSON (elements)`,
		);
		expect(run.stdout).toBe("");
	});

	test("a key made with another secret is refused", async () => {
		const run = await runCommand(["import", "osm", fixture("overpass.geojson")], {
			DATA_DIR: server.config.dataDir,
			SECRET: "x".repeat(40),
		});
		expect(run.code).toBe(1);
		expect(run.stderr).toContain("the running server refused the import: The operator key does not match");
	});
});
