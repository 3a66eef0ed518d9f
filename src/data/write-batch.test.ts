import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { registerUser, startTestServer, type TestServer } from "../test/harness.ts";
import { dairyCategoryId } from "../test/writers.ts";
import { WriteBatcher } from "./write-batch.ts";

describe("WriteBatcher", () => {
	let dir: string;
	let sqlite: Database;
	beforeAll(() => {
		dir = mkdtempSync(join(tmpdir(), "commoncents-batch-"));
		sqlite = new Database(join(dir, "batch.db"), { create: true, strict: true });
		sqlite.exec("PRAGMA journal_mode = WAL");
		sqlite.exec("CREATE TABLE parent (id INTEGER PRIMARY KEY)");
		sqlite.exec(`CREATE TABLE child (id INTEGER PRIMARY KEY, label TEXT,
      parent_id INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)`);
		sqlite.exec("PRAGMA foreign_keys = ON");
	});
	afterAll(() => {
		sqlite.close();
		rmSync(dir, { recursive: true, force: true });
	});
	const labels = () =>
		(sqlite.query("SELECT label FROM child ORDER BY id").all() as { label: string }[]).map((r) => r.label);
	const insert = (label: string, parent: number | null = null) =>
		sqlite.query("INSERT INTO child (label, parent_id) VALUES (?, ?) RETURNING id").get(label, parent) as {
			id: number;
		};

	test("a job that throws undoes only its own writes; the others commit together", async () => {
		const batcher = new WriteBatcher(sqlite);
		const results = await Promise.allSettled([
			batcher.submit(() => insert("a").id),
			batcher.submit(() => {
				insert("b");
				throw new Error("refused");
			}),
			batcher.submit(() => insert("c").id),
		]);
		expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
		expect((results[1] as PromiseRejectedResult).reason.message).toBe("refused");
		expect(labels()).toEqual(["a", "c"]);
		expect(batcher.stats).toEqual({ batches: 1, jobs: 3, largest: 3 });
	});

	test("when the commit fails, every job of the batch is refused and nothing is stored", async () => {
		const batcher = new WriteBatcher(sqlite);
		// The deferred foreign key is checked at COMMIT, after every job has succeeded.
		const results = await Promise.allSettled([
			batcher.submit(() => insert("d")),
			batcher.submit(() => insert("e", 999)),
		]);
		expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
		expect(String((results[0] as PromiseRejectedResult).reason)).toContain("FOREIGN KEY");
		expect(sqlite.inTransaction).toBe(false);
		expect(labels()).toEqual(["a", "c"]);
		// And the next batch writes normally.
		await batcher.submit(() => insert("f"));
		expect(labels()).toEqual(["a", "c", "f"]);
	});

	test("a queue longer than the batcher's cap is written in groups of at most that many, in order", async () => {
		const batcher = new WriteBatcher(sqlite, 2);
		const ids = await Promise.all(["p", "q", "r", "s", "t"].map((label) => batcher.submit(() => insert(label).id)));
		expect(ids).toEqual([...ids].sort((a, b) => a - b));
		expect(labels().slice(-5)).toEqual(["p", "q", "r", "s", "t"]);
		expect(batcher.stats).toEqual({ batches: 3, jobs: 5, largest: 2 });
	});

	test("holds the write lock from its first statement: no other connection commits between a job's reads and its writes", async () => {
		// As the writer thread and the request thread do: two connections to one file. Had the batch begun
		// deferred, the other's commit would make the job's first write fail (a stale snapshot cannot upgrade).
		const other = new Database(join(dir, "batch.db"), { strict: true });
		const otherWrote: string[] = [];
		try {
			const batcher = new WriteBatcher(sqlite);
			const counted = await batcher.submit(() => {
				const seen = (sqlite.query("SELECT count(*) AS n FROM child").get() as { n: number }).n;
				try {
					other.run("INSERT INTO child (label) VALUES ('other')");
					otherWrote.push("other");
				} catch (error) {
					otherWrote.push((error as Error).message);
				}
				insert("after read");
				return seen;
			});
			expect(otherWrote).toEqual(["database is locked"]);
			expect(labels().slice(-1)).toEqual(["after read"]);
			expect(counted).toBe(labels().length - 1);
		} finally {
			other.close();
		}
	});
});

describe("a writer thread that fails", () => {
	let server: TestServer;
	beforeAll(async () => {
		server = await startTestServer({ OLLAMA_HOST: "off", REPORT_WRITER: "inline" });
	});
	afterAll(() => server.stop());

	test("refuses the reports it held, and later reports are written on the request thread", async () => {
		const { client } = await registerUser(server);
		const dairyId = await dairyCategoryId(client);
		// A thread whose database cannot be opened: it fails on its first message.
		server.runtime.reports.startThread(join(tmpdir(), "no-such-folder", "x.db"));
		try {
			// Sent in the same turn, before the failure is known: refused (a 500), never left hanging.
			const held = server.runtime.reports.write("price", {}, () => "written inline");
			expect(
				await Promise.race([held.catch((e: Error) => e.message), Bun.sleep(3_000).then(() => "still waiting")]),
			).toMatch(/report writer failed/);
			const before = server.runtime.reports.requestThreadStats.jobs;
			const res = await Promise.race([
				client.post("/api/price-reports", {
					productName: "Fallback Milk",
					price: 3.49,
					categoryId: dairyId,
					storeName: "S",
					storeAddress: "A",
				}),
				Bun.sleep(3_000).then(() => ({ status: "no answer" })),
			]);
			expect(res.status).toBe(201);
			expect(server.runtime.reports.requestThreadStats.jobs).toBe(before + 1);
		} finally {
			await server.runtime.reports.stop();
		}
	});
});
