import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { registerUser, startTestServer, type TestServer } from "../test/harness.ts";
import { dairyCategoryId } from "../test/writers.ts";
import { getReportJson } from "./reports.ts";
import { WriteBatcher } from "./write-batch.ts";

describe.each(["thread", "inline"])("group commit of price reports (%s writer)", (writer) => {
	let server: TestServer;
	let dairyId: number;
	beforeAll(async () => {
		// Model off: the quality check judges inside the batch, so a 422 is one of its jobs.
		server = await startTestServer({ OLLAMA_HOST: "off", REPORT_WRITER: writer });
		const { client } = await registerUser(server);
		dairyId = (await client.get("/api/categories")).data.find((c: { name: string }) => c.name === "Dairy").id;
	});
	afterAll(() => server.stop());

	test("reports posted together share commits, and each gets its own answer", async () => {
		const users = await Promise.all([1, 2, 3].map(() => registerUser(server)));
		const report = (i: number, price: number, tags: string[] = []) => ({
			productName: `Batch Butter ${i % 3}`,
			price,
			categoryId: dairyId,
			tags,
			// A store each: a shopper's second price for a product at one store would replace the first.
			storeName: `Dairy Barn ${i}`,
			storeAddress: `${i + 1} Cow Lane`,
		});
		const bodies = Array.from({ length: 12 }, (_, i) => report(i, 4 + (i % 3) * 0.25));
		bodies[4] = report(4, 5000); // outside dairy's usual range: 422
		bodies[9] = report(9, 3.5, ["no-such-tag"]); // refused before it reaches the batch: 400
		const before = server.runtime.reports.stats;
		const answers = await Promise.all(bodies.map((body, i) => users[i % 3]!.client.post("/api/price-reports", body)));

		expect(answers.map((a) => a.status)).toEqual(bodies.map((_, i) => (i === 4 ? 422 : i === 9 ? 400 : 201)));
		expect(answers[4]!.data).toMatchObject({
			reason: expect.stringContaining("outside the usual range"),
			suggestedRange: { min: 0.25, max: 60 },
		});
		const stats = server.runtime.reports.stats;
		// Eleven reports reached the batcher in one burst: far fewer commits than reports.
		expect(stats.jobs - before.jobs).toBe(11);
		expect(stats.batches - before.batches).toBeLessThan(6);
		// With a writer thread, the request connection's own batch wrote none of them.
		expect(server.runtime.reports.requestThreadStats.jobs).toBe(writer === "thread" ? 0 : stats.jobs);
		// Every 201 is stored, and answered as a later read shows it.
		for (const [i, a] of answers.entries()) {
			if (a.status !== 201) continue;
			const {
				hasUserUpvoted: _,
				hasUserTakenDeal: _t,
				...stored
			} = getReportJson(server.db, a.data.id, users[i % 3]!.user.id);
			const { expirationAnalysis: __, hasUserUpvoted: ___, hasUserTakenDeal: _a, ...answered } = a.data;
			expect(answered).toEqual(stored);
		}
		const counts = users.map(
			(u) =>
				(server.sqlite.query("SELECT total_reports AS n FROM users WHERE id = ?").get(u.user.id) as { n: number }).n,
		);
		expect(counts).toEqual([3, 3, 4]); // the 400 (i = 9) and the 422 (i = 4) count for nobody
	});

	test("fuel reports go through the same batcher as price reports, each with its own answer", async () => {
		const { client, user } = await registerUser(server);
		const before = server.runtime.reports.stats;
		const fuel = (i: number, price: number) => ({
			stationName: `Batch Gas ${i}`,
			stationAddress: "7 Pump Rd",
			price,
			fuelType: "regular",
		});
		const [gas, milk, slip] = await Promise.all([
			client.post("/api/gas/reports", fuel(1, 3.459)),
			client.post("/api/price-reports", {
				productName: "Batch Milk",
				price: 3.49,
				categoryId: dairyId,
				storeName: "Dairy Barn 9",
				storeAddress: "9 Cow Lane",
			}),
			client.post("/api/gas/reports", fuel(2, 99)), // outside regular gas's usual range: 422
		]);
		expect([gas.status, milk.status, slip.status]).toEqual([201, 201, 422]);
		expect(gas.data).toMatchObject({ stationName: "Batch Gas 1", price: 3.459, user: { username: user.username } });
		const stats = server.runtime.reports.stats;
		// Both stored reports went through the batcher (the 422 is judged before it, model or not).
		expect(stats.jobs - before.jobs).toBe(2);
		expect(server.sqlite.query("SELECT total_reports AS n FROM users WHERE id = ?").get(user.id)).toEqual({ n: 2 });
	});
});

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
