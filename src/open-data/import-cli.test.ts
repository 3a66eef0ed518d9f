import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lockDataDir } from "../ops/index.ts";
import { runCommand } from "../test/processes.ts";
import { fixture } from "./fixtures/fixtures.ts";
import { parseImportArgs, runImport } from "./import-cli.ts";
import { DEFAULT_LIMITS } from "./import-limits.ts";
import { ImportFileError } from "./import-lines.ts";

// Child processes on a busy shared machine.
setDefaultTimeout(30_000);

let dir: string;
beforeAll(() => {
	dir = mkdtempSync(join(tmpdir(), "commoncents-import-cli-"));
});
afterAll(() => {
	rmSync(dir, { recursive: true, force: true });
});

describe("commoncents import", () => {
	test("imports into the data folder and prints what it took and left out, by reason", async () => {
		const data = join(dir, "town");
		const run = await runCommand(["import", "osm", fixture("overpass.geojson")], {
			DATA_DIR: data,
			PASSWORD_HASH_MEMORY_KIB: "19456",
		});
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		const lines = run.stdout.trim().split("\n");
		expect(lines[0]).toStartWith("read 9 records of OpenStreetMap's stores and stations from ");
		expect(lines.slice(1, 5)).toEqual(["took 4:", "  2 stores added", "  2 stations added", "left out 5, by reason:"]);
		expect(lines).toContain("  not a shop or fuel station: 1, e.g. node/9100000006");
		expect(lines.at(-1)).toBe(
			'OpenStreetMap data is ODbL-1.0: credit "© OpenStreetMap contributors" where you publish it',
		);
	});

	test("refuses while the data folder is held by a server it cannot reach, and a mistyped command line", async () => {
		// Held as a server holds it, with no pid file to say where that server listens.
		const held = join(dir, "held");
		mkdirSync(held);
		const lock = lockDataDir(held);
		try {
			const busy = await runCommand(["import", "osm", fixture("overpass.geojson")], { DATA_DIR: held });
			expect(busy.code).toBe(1);
			expect(busy.stderr).toBe(
				"commoncents: CommonCents is serving this data folder but does not say on which port; stop it before importing\n",
			);
		} finally {
			lock?.release();
		}
		const typo = await runCommand(["import", "open-price", "prices.jsonl"], { DATA_DIR: join(dir, "typo") });
		expect(typo.code).toBe(2);
		expect(typo.stderr).toBe(
			"commoncents: unknown source open-price: import takes open-prices, osm, commoncents; see commoncents --help\n",
		);
	});

	test("reads its source, its file and --locations, and refuses anything else by name", () => {
		expect(parseImportArgs(["open-prices", "p.jsonl.gz", "--locations", "l.jsonl.gz"])).toEqual({
			kind: "open-prices",
			file: "p.jsonl.gz",
			locations: "l.jsonl.gz",
			limits: DEFAULT_LIMITS,
		});
		expect(parseImportArgs(["open-prices", "--locations=l.jsonl", "p.jsonl"]).locations).toBe("l.jsonl");
		expect(parseImportArgs(["osm", "town.geojson"])).toEqual({
			kind: "osm",
			file: "town.geojson",
			locations: null,
			limits: DEFAULT_LIMITS,
		});
		const refused = (args: string[]) => {
			try {
				parseImportArgs(args);
			} catch (error) {
				return (error as Error).message;
			}
			return "accepted";
		};
		expect(refused([])).toStartWith("import needs a source and a file");
		expect(refused(["osm"])).toStartWith("import osm needs a FILE");
		expect(refused(["osm", "a.geojson", "b.geojson"])).toBe("import osm takes one FILE; extra: b.geojson");
		expect(refused(["osm", "a.geojson", "--locations", "l.jsonl"])).toBe("--locations is for import open-prices only");
		expect(refused(["open-prices", "p.jsonl", "--locations"])).toStartWith("--locations needs a file");
		expect(refused(["osm", "a.geojson", "--force"])).toBe("unknown option --force for import");
	});

	test("a file it cannot read is named; a missing one before the database is touched", async () => {
		const dbPath = join(dir, "files.db");
		const config = { dbPath, passwordHashMemoryKib: 19_456 };
		const missing = join(dir, "missing.jsonl");
		await expect(runImport({ kind: "commoncents", file: missing, locations: null }, config)).rejects.toThrow(
			new ImportFileError(`there is no file at ${missing}`),
		);
		expect(existsSync(dbPath)).toBe(false);
		const csv = join(dir, "export.csv");
		writeFileSync(csv, "type,id,place_id\nprice,1,1\n");
		await expect(runImport({ kind: "commoncents", file: csv, locations: null }, config)).rejects.toThrow(
			/is not a CommonCents export in JSON lines .* a CSV export cannot be imported/,
		);
		const notGeoJson = join(dir, "not.geojson");
		writeFileSync(notGeoJson, JSON.stringify({ type: "Topology" }));
		await expect(runImport({ kind: "osm", file: notGeoJson, locations: null }, config)).rejects.toThrow(
			"is neither GeoJSON (features) nor Overpass JSON (elements)",
		);
	});
});
