import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { registerUser, startTestServer, type TestServer } from "../test/harness.ts";
import { runCommand } from "../test/processes.ts";
import { parseExportArgs } from "./export-cli.ts";

// Each command is a process of its own on a busy shared machine.
setDefaultTimeout(30_000);

let server: TestServer;
let scratch: string;
let env: Record<string, string>;

beforeAll(async () => {
	server = await startTestServer();
	scratch = mkdtempSync(join(tmpdir(), "commoncents-export-"));
	env = { DATA_DIR: server.config.dataDir };
	const { client } = await registerUser(server);
	const res = await client.post("/api/price-reports", {
		productName: "Rye Bread",
		price: 4.25,
		categoryId: 3,
		storeName: "Bakery",
		storeAddress: "3 Oven St",
	});
	expect(res.status).toBe(201);
});
afterAll(async () => {
	await server.stop();
	rmSync(scratch, { recursive: true, force: true });
});

describe("commoncents export", () => {
	test("writes the export beside a running server, prints its counts and licence, and leaves no temporary file", async () => {
		const out = join(scratch, "town", "prices.jsonl");
		const run = await runCommand(["export", "--out", out], env);
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		expect(run.stdout).toMatch(
			new RegExp(`^exported 1 prices at 1 stores and 0 fuel prices at 0 stations to ${out} \\(jsonl, \\d+ B\\)\n`),
		);
		expect(run.stdout).toContain(
			'licence: ODbL-1.0 (https://opendatacommons.org/licenses/odbl/1-0/), attribution "CommonCents contributors"',
		);
		const lines = readFileSync(out, "utf8")
			.trimEnd()
			.split("\n")
			.map((l) => JSON.parse(l));
		expect(lines.map((l) => l.type)).toEqual(["header", "store", "price"]);
		expect(lines[2]).toMatchObject({ productName: "Rye Bread", price: 4.25 });
		expect(readdirSync(join(scratch, "town"))).toEqual(["prices.jsonl"]);
	});

	test("a .csv file is CSV, stamped with the licence the environment names", async () => {
		const out = join(scratch, "prices.csv");
		const run = await runCommand(["export", `--out=${out}`], {
			...env,
			DATA_LICENSE: "CC0-1.0",
			DATA_ATTRIBUTION: "Town",
		});
		expect(run.code).toBe(0);
		const [columns, row] = readFileSync(out, "utf8").split("\r\n");
		expect(columns).toStartWith("type,id,place_id,");
		expect(row).toContain(",Rye Bread,");
		// The licence, then the price's terms (columns added since, at the end): a regular price's.
		expect(row).toEndWith(",CC0-1.0,https://creativecommons.org/publicdomain/zero/1.0/,Town,regular,,,,");
	});

	test("refuses to overwrite a file unless --force, and never the database", async () => {
		const out = join(scratch, "kept.jsonl");
		writeFileSync(out, "mine\n");
		const refused = await runCommand(["export", "--out", out], env);
		expect([refused.code, refused.stderr]).toEqual([
			1,
			`commoncents: ${out} already exists; choose another file name, or pass --force to overwrite it\n`,
		]);
		expect(readFileSync(out, "utf8")).toBe("mine\n");
		expect((await runCommand(["export", "--out", out, "--force"], env)).code).toBe(0);
		expect(readFileSync(out, "utf8")).toStartWith('{"type":"header"');
		const db = await runCommand(["export", "--out", server.config.dbPath, "--force"], env);
		expect([db.code, db.stderr]).toEqual([
			1,
			`commoncents: ${server.config.dbPath} is the database itself; write the export to another file\n`,
		]);
		expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
	});

	test("names what is wrong with the command line (exit 2) or the data folder (exit 1), and makes nothing", async () => {
		const usage = await runCommand(["export", "--out", "x.json", "--froce"], env);
		expect([usage.code, usage.stderr]).toEqual([
			2,
			"commoncents: unknown option --froce for export (it takes --out, --format, --force); see commoncents --help\n",
		]);
		const out = join(scratch, "never.jsonl");
		const empty = join(scratch, "no-data");
		const missing = await runCommand(["export", "--out", out], { DATA_DIR: empty });
		expect([missing.code, missing.stderr]).toEqual([
			1,
			`commoncents: there is no database at ${join(empty, "commoncents.db")}; check DATA_DIR\n`,
		]);
		expect([existsSync(empty), existsSync(out)]).toEqual([false, false]);
	});
});

describe("export's options", () => {
	test("--out FILE or --out=FILE; the format from --format, else csv for a .csv file, else jsonl", () => {
		expect(parseExportArgs(["--out", "a.jsonl"])).toEqual({ out: "a.jsonl", format: "jsonl", force: false });
		expect(parseExportArgs(["--out=a.CSV", "--force"])).toEqual({ out: "a.CSV", format: "csv", force: true });
		expect(parseExportArgs(["--format", "csv", "--out", "a.txt"])).toEqual({
			out: "a.txt",
			format: "csv",
			force: false,
		});
		expect(parseExportArgs(["--out", "a.csv", "--format=jsonl"]).format).toBe("jsonl");
	});

	test("a missing --out, a missing value, an unknown format, option or argument is named", () => {
		const usage = "commoncents export --out FILE [--format jsonl|csv] [--force]";
		const wrong = [
			[[], `export needs --out FILE: ${usage}`],
			[["--out"], `--out needs a value: ${usage}`],
			[["--out", "--force"], `--out needs a value: ${usage}`],
			[["--out", "x.json", "--format", "xml"], "unknown format xml: --format takes jsonl or csv"],
			[["--out", "x.json", "--force=yes"], "unknown option --force=yes for export (it takes --out, --format, --force)"],
			[["x.json"], "export takes no arguments besides its options; extra: x.json (write --out x.json)"],
		] as const;
		for (const [args, message] of wrong) expect(() => parseExportArgs(args)).toThrow(message);
	});
});
