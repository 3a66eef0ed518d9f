import { Database } from "bun:sqlite";
import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createChangeStamp } from "../data/change-stamp.ts";
import { migrate, openDb } from "../db.ts";
import { registerUser, startTestServer } from "../test/harness.ts";
import { createReadCache } from "./read-cache.ts";

const utf8 = new TextDecoder();
const dirs: string[] = [];
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDb() {
	const dir = mkdtempSync(join(tmpdir(), "commoncents-cache-"));
	dirs.push(dir);
	const path = join(dir, "test.db");
	const opened = openDb(path);
	migrate(opened.sqlite);
	opened.sqlite.exec("CREATE TABLE things (name TEXT)");
	return { ...opened, path };
}

/** A cache over `SELECT name FROM things`, counting how often it really asked the database. */
function namesCache(db: ReturnType<typeof tempDb>["db"], ttlMs?: number) {
	const cache = createReadCache(createChangeStamp(db), { ttlMs });
	let computed = 0;
	const read = async () =>
		JSON.parse(
			utf8.decode(
				await cache.json("things", () => {
					computed++;
					return db.$client
						.query<{ name: string }, []>("SELECT name FROM things ORDER BY name")
						.all()
						.map((r) => r.name);
				}),
			),
		);
	return { read, computed: () => computed };
}

describe("the read cache", () => {
	test("answers from memory while nothing changed, and sees this connection's write at once", async () => {
		const { db, sqlite } = tempDb();
		const names = namesCache(db);
		expect(await names.read()).toEqual([]);
		expect(await names.read()).toEqual([]);
		expect(names.computed()).toBe(1);
		sqlite.exec("INSERT INTO things VALUES ('milk')");
		expect(await names.read()).toEqual(["milk"]);
		expect(names.computed()).toBe(2);
		sqlite.close();
	});

	test("sees another connection's commit from the next turn of the event loop", async () => {
		const { db, sqlite, path } = tempDb();
		const names = namesCache(db);
		expect(await names.read()).toEqual([]);
		const other = new Database(path);
		other.exec("INSERT INTO things VALUES ('bread')");
		other.close();
		await new Promise((resolve) => setImmediate(resolve));
		expect(await names.read()).toEqual(["bread"]);
		sqlite.close();
	});

	test("an entry lives no longer than its lifetime, changed or not", async () => {
		const { db, sqlite } = tempDb();
		const names = namesCache(db, 20);
		await names.read();
		await Bun.sleep(40);
		await names.read();
		expect(names.computed()).toBe(2);
		sqlite.close();
	});

	test("a write that changes no row leaves the stamp as it was; one that does moves it", () => {
		const { db, sqlite } = tempDb();
		const changeStamp = createChangeStamp(db);
		const before = changeStamp();
		sqlite.exec("DELETE FROM things WHERE name = 'nothing'");
		expect(changeStamp()).toBe(before);
		sqlite.exec("INSERT INTO things VALUES ('eggs')");
		expect(changeStamp()).not.toBe(before);
		sqlite.close();
	});
});

describe("cached reads over HTTP", () => {
	test("a user suspended by another process is refused on the very next request", async () => {
		const server = await startTestServer();
		try {
			const { client, username } = await registerUser(server);
			expect((await client.get("/api/categories")).status).toBe(200);
			expect((await client.get("/api/categories")).status).toBe(200);
			const other = new Database(server.config.dbPath);
			other.run("UPDATE users SET is_terminated = 1 WHERE username = ?1", [username]);
			other.close();
			const res = await client.get("/api/categories");
			expect(res.status).toBe(403);
			expect(res.data.message).toBe("Your account has been suspended");
		} finally {
			await server.stop();
		}
	});
});
