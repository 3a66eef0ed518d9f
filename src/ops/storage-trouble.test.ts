import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { log } from "../lib/log.ts";
import { caught, fullDatabase } from "../test/full-disk.ts";
import { expectStatus, registerUser, startTestServer, type TestServer } from "../test/harness.ts";
import { dairyCategoryId } from "../test/writers.ts";
import { isStorageFailure } from "./storage-trouble.ts";

describe("writes refused by the disk", () => {
	let server: TestServer;
	const logs: { level: string; msg: string; alsoFailedSinceLastLine?: number }[] = [];
	beforeAll(async () => {
		// The request thread's own writes: its connection can be made read-only from here (PRAGMA query_only),
		// which SQLite answers as it answers a read-only file (SQLITE_READONLY), as a full disk is SQLITE_FULL.
		server = await startTestServer({ OLLAMA_HOST: "off", REPORT_WRITER: "inline" });
		log.setSink((line) => logs.push(JSON.parse(line)));
	});
	afterAll(async () => {
		log.setSink(undefined);
		await server.stop();
	});

	test("are answered 503 with a plain message and Retry-After, logged once, and shown in health until a write succeeds", async () => {
		const { client } = await registerUser(server);
		const categoryId = await dairyCategoryId(client);
		const report = (productName: string) =>
			client.post("/api/price-reports", {
				productName,
				price: "3.49",
				categoryId,
				storeName: "Disk Mart",
				storeAddress: "1 Full St",
			});
		const health = async () => {
			const res = await server.client().get("/api/health");
			expectStatus(res, 200, 503);
			return { status: res.status, database: res.data.database.status, message: res.data.database.message };
		};
		expect(await health()).toEqual({ status: 200, database: "ok", message: undefined });

		server.sqlite.exec("PRAGMA query_only = 1");
		const refused = await Promise.all([report("Milk A"), report("Milk B"), report("Milk C")]);
		for (const res of refused) {
			expect([res.status, res.data]).toEqual([
				503,
				{
					message:
						"CommonCents cannot save changes right now, so nothing was saved. Please try again in a few minutes.",
				},
			]);
			expect(res.headers.get("retry-after")).toBe("60");
		}
		// One line for the three, not one each: the log is usually on the same disk.
		expect(logs.filter((l) => l.level === "error").map((l) => l.msg)).toEqual([
			"storage: writes are failing (disk full, failing or read-only)",
		]);
		expect(await health()).toEqual({
			status: 503,
			database: "error",
			message: "writes are failing: the disk is full, failing or read-only",
		});

		server.sqlite.exec("PRAGMA query_only = 0");
		expect((await report("Milk D")).status).toBe(201);
		expect(await health()).toEqual({ status: 200, database: "ok", message: undefined });
		const stored = server.sqlite
			.query(
				"SELECT product_name AS name FROM price_reports WHERE store_id IN (SELECT id FROM stores WHERE name = 'Disk Mart')",
			)
			.all();
		expect(stored).toEqual([{ name: "Milk D" }]);
	});
});

describe("which errors are the disk's", () => {
	test("a full database, through Drizzle's wrapping too; not a broken constraint", () => {
		const sqlite = fullDatabase();
		const notes = sqliteTable("notes", { body: text("body").notNull() });
		const full = caught(() => sqlite.query("INSERT INTO notes VALUES (?)").run("x".repeat(100_000)));
		expect((full as { code: string }).code).toBe("SQLITE_FULL");
		expect(isStorageFailure(full)).toBe(true);
		expect(
			isStorageFailure(
				caught(() =>
					drizzle(sqlite)
						.insert(notes)
						.values({ body: "y".repeat(100_000) })
						.run(),
				),
			),
		).toBe(true);
		// Some of Drizzle's paths wrap SQLite's error, which is then the cause.
		const wrapped = caught(() => drizzle(sqlite).run(sql`INSERT INTO notes VALUES (${"z".repeat(100_000)})`));
		expect([(wrapped as { code?: string }).code, ((wrapped as Error).cause as { code?: string })?.code]).toEqual([
			undefined,
			"SQLITE_FULL",
		]);
		expect(isStorageFailure(wrapped)).toBe(true);
		const broken = caught(() => sqlite.query("INSERT INTO notes VALUES (NULL)").run());
		expect(isStorageFailure(broken)).toBe(false);
		expect(isStorageFailure(new Error("database or disk is full"))).toBe(false);
		sqlite.close();
	});
});
