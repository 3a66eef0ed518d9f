import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { runCommand } from "../test/processes.ts";
import { writeOpenPrices } from "./fixtures/fixtures.ts";
import { parseImportArgs, runImport } from "./import-cli.ts";
import { DEFAULT_LIMITS, MAX_LINE_BYTES, parseSize } from "./import-limits.ts";
import { ImportFileError } from "./import-lines.ts";

// A child process and argon2 for the source's account on a busy shared machine.
setDefaultTimeout(30_000);

let dir: string;
let dbPath: string;
let files: ReturnType<typeof writeOpenPrices>;
/** More good prices than one batch holds: were they read and written as they came, some would be committed. */
let manyPrices: string;

const config = () => ({ dbPath, passwordHashMemoryKib: 19_456 });
const importPrices = (file: string, limits = DEFAULT_LIMITS) =>
	runImport({ kind: "open-prices", file, locations: files.locations, limits }, config());

const counts = () => {
	const db = new Database(dbPath, { readonly: true });
	try {
		return ["users", "stores", "price_reports"].map(
			(table) => db.query<{ n: number }, []>(`SELECT count(*) AS n FROM ${table}`).get()!.n,
		);
	} finally {
		db.close();
	}
};

const refusal = async (work: Promise<unknown>) => {
	try {
		await work;
	} catch (error) {
		expect(error).toBeInstanceOf(ImportFileError);
		return (error as Error).message;
	}
	throw new Error("the import was not refused");
};

beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), "commoncents-import-limits-"));
	dbPath = join(dir, "commoncents.db");
	files = writeOpenPrices(dir);
	// The town as it was before the refused imports: the fixture's prices.
	await importPrices(files.prices);
	const milk = JSON.parse(readFileSync(files.prices, "utf8").split("\n")[1] as string);
	manyPrices = Array.from({ length: 300 }, (_, i) =>
		JSON.stringify({ ...milk, id: 50_000 + i, product_name: `Whole Milk ${i}` }),
	).join("\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("an import bounds what it reads", () => {
	test("a gzip bomb is refused at the budget, naming the file and the limit, with nothing imported", async () => {
		const before = counts();
		const bomb = join(dir, "bomb.jsonl.gz");
		// Good prices first, then blank lines that compress to almost nothing and expand past the budget.
		writeFileSync(bomb, gzipSync(`${manyPrices}\n${"\n".repeat(4 * 1024 * 1024)}`));
		expect(readFileSync(bomb).length).toBeLessThan(64 * 1024);
		const message = await refusal(importPrices(bomb, { ...DEFAULT_LIMITS, maxBytes: 1024 * 1024 }));
		expect(message).toBe(
			`${bomb} holds more than 1 MiB once decompressed, the most one import reads; nothing was imported ` +
				"(split the file, or raise --max-bytes)",
		);
		expect(counts()).toEqual(before);
	});

	test("a line longer than the cap is refused by its number, with nothing imported", async () => {
		const before = counts();
		const long = join(dir, "long.jsonl");
		writeFileSync(long, `${manyPrices}\n{"id": 1, "product_name": "${"x".repeat(MAX_LINE_BYTES)}"}\n`);
		expect(await refusal(importPrices(long))).toBe(
			`line 301 of ${long} is longer than 1 MiB, the longest line an import reads; nothing was imported ` +
				"(raise --max-line-bytes if the file is right)",
		);
		expect(counts()).toEqual(before);
		// Without a line break at all, the same, before the line is held whole.
		const endless = join(dir, "endless.jsonl.gz");
		writeFileSync(endless, gzipSync("x".repeat(3 * MAX_LINE_BYTES)));
		expect(await refusal(importPrices(endless))).toStartWith(`line 1 of ${endless} is longer than 1 MiB`);
		expect(counts()).toEqual(before);
	});

	test("the command says so in one line and exits 1; --max-bytes and --max-line-bytes move the limits", async () => {
		const bomb = join(dir, "cli-bomb.jsonl.gz");
		writeFileSync(bomb, gzipSync("\n".repeat(3 * 1024 * 1024)));
		const run = await runCommand(
			["import", "open-prices", bomb, "--locations", files.locations, "--max-bytes", "2MiB"],
			{ DATA_DIR: join(dir, "cli"), PASSWORD_HASH_MEMORY_KIB: "19456" },
		);
		expect(run.code).toBe(1);
		expect(run.stdout).toBe("");
		expect(run.stderr).toBe(
			`commoncents: ${bomb} holds more than 2 MiB once decompressed, the most one import reads; nothing was ` +
				"imported (split the file, or raise --max-bytes)\n",
		);
		expect(parseImportArgs(["osm", "a.json", "--max-line-bytes=64k"]).limits).toEqual({
			...DEFAULT_LIMITS,
			maxLineBytes: 64 * 1024,
		});
		expect(() => parseImportArgs(["osm", "a.json", "--max-bytes", "lots"])).toThrow(
			"--max-bytes needs a size in bytes, such as 8GiB, 512MiB or 1048576",
		);
		expect([parseSize("8GiB"), parseSize("512m"), parseSize("4096"), parseSize("0"), parseSize("1.5g")]).toEqual([
			8 * 1024 ** 3,
			512 * 1024 ** 2,
			4096,
			null,
			null,
		]);
	});

	test("a file inside the limits still imports", async () => {
		const fine = join(dir, "fine.jsonl.gz");
		writeFileSync(fine, gzipSync(`${manyPrices}\n`));
		const { run } = await importPrices(fine, { ...DEFAULT_LIMITS, maxBytes: 1024 * 1024 });
		expect(run.tally.read).toBe(300);
		expect(run.tally.tookAs("price", "added")).toBeGreaterThan(250);
	});
});
