import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BACKSTOP_PAGES } from "../db.ts";
import { log } from "../lib/log.ts";
import { type Checkpointer, startCheckpointer } from "./checkpointer.ts";

const dir = mkdtempSync(join(tmpdir(), "commoncents-checkpointer-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("the worker copies the WAL into the database file, and a stop lets the last close remove the WAL", async () => {
	const path = join(dir, "c.db");
	const sqlite = new Database(path, { create: true, strict: true });
	sqlite.exec("PRAGMA journal_mode = WAL");
	sqlite.exec("PRAGMA synchronous = NORMAL");
	sqlite.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB)");
	const checkpointer = startCheckpointer(sqlite, path, { intervalMs: 20, startAfterMs: 0 });
	await Bun.sleep(50);
	expect(sqlite.query("PRAGMA wal_autocheckpoint").get()).toEqual({ wal_autocheckpoint: BACKSTOP_PAGES });

	// 2 MiB in 64 commits: far below the request connection's own checkpoint, so only the worker copies it.
	const before = statSync(path).size;
	const insert = sqlite.query("INSERT INTO t (body) VALUES (randomblob(32768))");
	for (let i = 0; i < 64; i++) insert.run();
	const deadline = Date.now() + 5_000;
	while (statSync(path).size < before + 2 * 1024 * 1024 && Date.now() < deadline) await Bun.sleep(20);
	expect(statSync(path).size).toBeGreaterThanOrEqual(before + 2 * 1024 * 1024);

	// Writes go on beside it, and what they wrote is all there.
	for (let i = 0; i < 16; i++) insert.run();
	expect(sqlite.query("SELECT count(*) AS n FROM t").get()).toEqual({ n: 80 });

	await checkpointer.stop();
	await checkpointer.stop(); // twice is harmless
	sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
	sqlite.close();
	expect(existsSync(`${path}-wal`)).toBe(false);
	const again = new Database(path, { readonly: true });
	expect(again.query("SELECT count(*) AS n FROM t").get()).toEqual({ n: 80 });
	again.close();
});

test("a stop before the worker has started (a quick stop after start-up) resolves at once", async () => {
	const path = join(dir, "early.db");
	const sqlite = new Database(path, { create: true, strict: true });
	sqlite.exec("PRAGMA journal_mode = WAL");
	sqlite.exec("CREATE TABLE t (x)");
	const checkpointer = startCheckpointer(sqlite, path, { startAfterMs: 50 });
	const started = Date.now();
	await checkpointer.stop();
	expect(Date.now() - started).toBeLessThan(100);
	// Past the time it would have started: it never does, and the request connection's checkpoint is as it was.
	await Bun.sleep(150);
	expect(sqlite.query("PRAGMA wal_autocheckpoint").get()).toEqual({ wal_autocheckpoint: 1000 });
	sqlite.close();
	expect(existsSync(`${path}-wal`)).toBe(false);
});

test("a worker that fails hands checkpoints back to the request connection at their usual size", async () => {
	const path = join(dir, "orphaned.db");
	const sqlite = new Database(path, { create: true, strict: true });
	sqlite.exec("PRAGMA journal_mode = WAL");
	// The worker's own connection cannot open: it fails on its first message.
	const lines: string[] = [];
	let checkpointer: Checkpointer;
	log.setSink((line) => lines.push(line));
	try {
		checkpointer = startCheckpointer(sqlite, join(dir, "no-such-folder", "c.db"), { startAfterMs: 0 });
		const failed = () => lines.some((l) => l.includes("checkpointer: the worker failed"));
		const deadline = Date.now() + 3_000;
		while (Date.now() < deadline && !failed()) await Bun.sleep(20);
		expect(failed()).toBe(true);
	} finally {
		log.setSink(undefined);
	}
	expect(sqlite.query("PRAGMA wal_autocheckpoint").get()).toEqual({ wal_autocheckpoint: 1000 });
	const stopping = Date.now();
	await checkpointer!.stop();
	expect(Date.now() - stopping).toBeLessThan(100);
	sqlite.close();
});
