import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expectStatus, registerUser } from "../test/harness.ts";
import { runCommand, spawnServer } from "../test/processes.ts";

/**
 * A self-hoster inspects their data and their backups with the sqlite3 their system ships (Debian 12's is 3.40,
 * Ubuntu 24.04's 3.45), not the SQLite inside Bun: every table of a database the binary made, and of a backup of
 * it, must open there. scripts/test installs Debian's sqlite3 package for this test.
 */
const SHELL = Bun.which("sqlite3");
const scratch = mkdtempSync(join(tmpdir(), "commoncents-older-sqlite-"));
const live = join(scratch, "data", "commoncents.db");
const backup = join(scratch, "backup.db");

/** Runs SQL in the system's sqlite3; what it printed, or the error it gave. */
function shell(file: string, sql: string): { out: string; err: string; code: number } {
	const run = Bun.spawnSync([SHELL ?? "sqlite3", "-bail", file, sql]);
	return { out: run.stdout.toString().trim(), err: run.stderr.toString().trim(), code: run.exitCode };
}

beforeAll(async () => {
	const server = await spawnServer({ DATA_DIR: join(scratch, "data") });
	const { client } = await registerUser(server, { zipCode: "90210" });
	const other = await registerUser(server, { zipCode: "90069" });
	const report = await client.post("/api/price-reports", {
		productName: "Organic Whole Milk",
		price: 4.29,
		categoryId: 3,
		storeName: "FreshMart",
		storeAddress: "1 Rodeo Dr",
		tags: ["organic"],
	});
	expectStatus(report, 201);
	expect((await other.client.post(`/api/price-reports/${report.data.id}/upvote`)).status).toBeLessThan(300);
	const fuel = await client.post("/api/gas/reports", {
		stationName: "Sunset Fuel",
		stationAddress: "9000 Sunset Blvd",
		fuelType: "regular",
		price: 4.899,
	});
	expect(fuel.status).toBe(201);
	expect((await client.post("/api/price-alerts", { productName: "milk", targetPrice: 5 })).status).toBe(201);
	const copied = await runCommand(["backup", backup], { DATA_DIR: join(scratch, "data") });
	expect(copied.stderr).toBe("");
	expect(copied.code).toBe(0);
	server.proc.kill("SIGTERM");
	await server.proc.exited;
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.each([
	["the live database", live],
	["a backup of it", backup],
])("the system's sqlite3 reads %s", (_, file) => {
	test("the shell is there and is an older SQLite than Bun's", () => {
		expect(SHELL, "install Debian's sqlite3 package (apt-get install sqlite3)").not.toBeNull();
		expect(shell(file, "SELECT sqlite_version()").out).toMatch(/^3\.\d+\.\d+$/);
	});

	test("integrity_check is ok", () => {
		expect(shell(file, "PRAGMA integrity_check")).toEqual({ out: "ok", err: "", code: 0 });
	});

	test("every table and view answers a query, and search's index finds the report", () => {
		const names = shell(
			file,
			"SELECT name, sql LIKE 'CREATE VIRTUAL TABLE%fts5(%' FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name",
		);
		expect(names.code).toBe(0);
		const tables = names.out.split("\n").map((line) => line.split("|") as [string, string]);
		expect(tables).toContainEqual(["price_search", "1"]);
		for (const [table, fullText] of tables) {
			// A full-text index without content has no rows to scan, only terms to look up.
			const query = fullText === "1" ? `SELECT count(*) FROM "${table}" WHERE "${table}" MATCH 'milk'` : "";
			const counted = shell(file, query || `SELECT count(*) FROM "${table}"`);
			expect({ table, ...counted, out: undefined }).toEqual({ table, out: undefined, err: "", code: 0 });
		}
		expect(shell(file, "SELECT count(*) FROM price_reports").out).toBe("1");
		expect(shell(file, `SELECT count(*) FROM price_search WHERE price_search MATCH '"z90210organic"'`).out).toBe("2");
	});
});
