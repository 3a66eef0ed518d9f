import { expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { isStorageFailure } from "../ops/storage-trouble.ts";
import { caught, fullDatabase } from "../test/full-disk.ts";
import { fromWire, toWire } from "./writer.ts";

test("a full disk is still the disk's failure across from the writer thread; a broken constraint is not", () => {
	const sqlite = fullDatabase();
	// Some of Drizzle's paths wrap SQLite's error, which is then the cause.
	const wrapped = caught(() => drizzle(sqlite).run(sql`INSERT INTO notes VALUES (${"z".repeat(100_000)})`));
	expect(isStorageFailure(wrapped)).toBe(true);
	expect(isStorageFailure(fromWire(toWire(wrapped)))).toBe(true);
	const broken = caught(() => sqlite.query("INSERT INTO notes VALUES (NULL)").run());
	expect(isStorageFailure(broken)).toBe(false);
	expect(isStorageFailure(fromWire(toWire(broken)))).toBe(false);
	sqlite.close();
});
