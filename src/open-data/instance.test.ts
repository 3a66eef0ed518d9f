import { Database } from "bun:sqlite";
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { INSTANCE_KEY, instanceId } from "../data/instance-settings.ts";
import { runCommand } from "../test/processes.ts";

// Child processes on a busy shared machine.
setDefaultTimeout(30_000);

const scratch = mkdtempSync(join(tmpdir(), "commoncents-instance-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const run = async (dataDir: string, ...args: string[]) => {
	const done = await runCommand(args, { DATA_DIR: dataDir });
	expect([args.join(" "), done.code, done.stderr]).toEqual([args.join(" "), 0, ""]);
	return done;
};
const exportedId = async (dataDir: string) => {
	const out = join(scratch, `export-${Math.random().toString(36).slice(2)}.jsonl`);
	await run(dataDir, "export", "--out", out);
	const text = readFileSync(out, "utf8");
	return (JSON.parse(text.slice(0, text.indexOf("\n"))) as { instance: string }).instance;
};
const keptIn = (dataDir: string) => {
	const db = new Database(join(dataDir, "commoncents.db"), { readonly: true });
	try {
		return db.query("SELECT value FROM instance_settings WHERE key = ?").get(INSTANCE_KEY);
	} finally {
		db.close();
	}
};

describe("the instance id", () => {
	test("lives in the database: a backup restored into a new data folder exports under the same id", async () => {
		const live = join(scratch, "live");
		await run(live, "migrate");
		const id = await exportedId(live);
		expect(id).toMatch(/^[0-9a-f-]{36}$/);
		expect(keptIn(live)).toEqual({ value: id });
		expect(existsSync(join(live, "instance"))).toBe(false);
		expect(await exportedId(live)).toBe(id);

		const backup = join(scratch, "backup.db");
		await run(live, "backup", backup);
		const restored = join(scratch, "restored");
		await run(restored, "restore", backup);
		expect(await exportedId(restored)).toBe(id);
		// Another town is another instance.
		const other = join(scratch, "other");
		await run(other, "migrate");
		expect(await exportedId(other)).not.toBe(id);
	});

	test("an instance that kept it in DATA_DIR/instance keeps it: adopted into the database on first use", async () => {
		const older = join(scratch, "older");
		mkdirSync(older);
		const legacy = "4b1f3c2e-9d7a-4e5b-8c6d-0a1b2c3d4e5f";
		writeFileSync(join(older, "instance"), `${legacy}\n`);
		await run(older, "migrate");
		expect(await exportedId(older)).toBe(legacy);
		expect(keptIn(older)).toEqual({ value: legacy });
	});

	test("two makers at once agree on the first one kept", async () => {
		const dir = join(scratch, "race");
		await run(dir, "migrate");
		const dbPath = join(dir, "commoncents.db");
		const [one, two] = [new Database(dbPath), new Database(dbPath)];
		try {
			const first = instanceId(one, dir);
			expect(instanceId(two, dir)).toBe(first);
			expect(await exportedId(dir)).toBe(first);
		} finally {
			one.close();
			two.close();
		}
	});

	test("an instance's own export is refused by its import, with nothing imported", async () => {
		const live = join(scratch, "live");
		const out = join(scratch, "own.jsonl");
		await run(live, "export", "--out", out);
		const refused = await runCommand(["import", "commoncents", out], { DATA_DIR: live });
		expect(refused.code).toBe(1);
		expect(refused.stderr).toBe(
			`commoncents: ${out} is this instance's own export (instance ${(keptIn(live) as { value: string }).value}); import it into another instance\n`,
		);
		const db = new Database(join(live, "commoncents.db"), { readonly: true });
		expect(db.query("SELECT count(*) AS n FROM users WHERE source IS NOT NULL").get()).toEqual({ n: 0 });
		db.close();
	});
});
