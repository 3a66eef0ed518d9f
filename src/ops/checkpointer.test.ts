import { afterAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BACKSTOP_PAGES, startCheckpointer } from "./checkpointer.ts";

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
  const checkpointer = startCheckpointer(sqlite, path, { startAfterMs: 60_000 });
  const started = Date.now();
  await checkpointer.stop();
  expect(Date.now() - started).toBeLessThan(100);
  // Not started: the request connection's own checkpoint was never changed.
  expect(sqlite.query("PRAGMA wal_autocheckpoint").get()).toEqual({ wal_autocheckpoint: 1000 });
  sqlite.close();
  expect(existsSync(`${path}-wal`)).toBe(false);
});
