import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ENV_VARIABLES } from "../env.ts";
import { expectBody, expectStatus, registerUser } from "../test/harness.ts";
import { runCommand, spawnServer } from "../test/processes.ts";
import { dairyCategoryId, startWriters } from "../test/writers.ts";

const scratch = mkdtempSync(join(tmpdir(), "commoncents-lifecycle-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const reportIds = (dataDir: string) => {
	const db = new Database(join(dataDir, "commoncents.db"), { readonly: true });
	const ids = new Set((db.query("SELECT id FROM price_reports").all() as { id: number }[]).map((r) => r.id));
	db.close();
	return ids;
};

describe("a crash (kill -9) under write load", () => {
	test("loses no write that was answered 2xx, and the server starts again on the same data", async () => {
		const dataDir = join(scratch, "crash");
		const server = await spawnServer({ DATA_DIR: dataDir });
		const users = await Promise.all([0, 1, 2, 3].map(() => registerUser(server)));
		const writers = startWriters(
			users.map((u) => u.client),
			await dairyCategoryId(users[0]!.client),
		);
		await writers.until(60);
		server.proc.kill("SIGKILL");
		await server.proc.exited;
		await writers.stop();

		const restarted = await spawnServer({ DATA_DIR: dataDir });
		const health = await restarted.client().get("/api/health");
		expectStatus(health, 200);
		expect(health.data.database.status).toBe("ok");
		restarted.proc.kill("SIGTERM");
		expect(await restarted.proc.exited).toBe(0);

		const stored = reportIds(dataDir);
		expect(writers.acked.length).toBeGreaterThanOrEqual(60);
		expect(writers.acked.filter((id) => !stored.has(id))).toEqual([]);
	});
});

describe("a graceful stop (SIGTERM)", () => {
	test("answers every request already in flight, stores its write, checkpoints and exits 0", async () => {
		// The quality check asks a local model; this one takes 700 ms, so reports are mid-flight when the signal lands.
		let asked = 0;
		const slowModel = Bun.serve({
			port: 0,
			hostname: "127.0.0.1",
			async fetch(req) {
				const body = await req.json();
				asked++;
				await Bun.sleep(700);
				const content = JSON.stringify({ plausible: true, confidence: 0.9, reason: "Typical." });
				return Response.json({ model: body.model, message: { role: "assistant", content }, done: true });
			},
		});
		const dataDir = join(scratch, "sigterm");
		const server = await spawnServer({
			DATA_DIR: dataDir,
			OLLAMA_HOST: `http://127.0.0.1:${slowModel.port}`,
			OLLAMA_TIMEOUT_MS: "5000",
		});
		const { client } = await registerUser(server);
		const categoryId = await dairyCategoryId(client);
		const inFlight = Array.from({ length: 8 }, (_, i) =>
			client
				.post("/api/price-reports", {
					productName: `Skyr ${i}`,
					price: "4.29",
					categoryId,
					storeName: "Dairy Barn",
					storeAddress: "9 Elm St",
				})
				.then((res) => ({ ...res, at: Date.now() })),
		);
		while (asked === 0) await Bun.sleep(10);
		await Bun.sleep(100);
		const signalledAt = Date.now();
		server.proc.kill("SIGTERM");
		const answers = await Promise.all(inFlight);
		expect(answers.filter((a) => a.at > signalledAt).length).toBeGreaterThan(0);
		const code = await server.proc.exited;
		await slowModel.stop(true);

		expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
		expect(code).toBe(0);
		// Checkpointed and closed: nothing is left in a write-ahead log (look before opening the file again).
		expect(await Bun.file(join(dataDir, "commoncents.db-wal")).exists()).toBe(false);
		const stored = reportIds(dataDir);
		expect(answers.filter((a) => !stored.has(expectBody(a, 201).id))).toEqual([]);
		const logs = server.logs();
		expect(logs.find((l) => l.msg === "stopping")).toMatchObject({ signal: "SIGTERM" });
		expect(logs.find((l) => l.msg === "stopped")).toMatchObject({ clean: true });
	});

	test("a stop does not wait on a process that keeps a read open (as Litestream does); the WAL stays for the next start", async () => {
		const dataDir = join(scratch, "reader");
		const server = await spawnServer({ DATA_DIR: dataDir });
		const { client } = await registerUser(server);
		const categoryId = await dairyCategoryId(client);
		const report = await client.post("/api/price-reports", {
			productName: "Kefir",
			price: "3.19",
			categoryId,
			storeName: "Dairy Barn",
			storeAddress: "9 Elm St",
		});
		expectStatus(report, 201);
		const reader = new Database(join(dataDir, "commoncents.db"), { readonly: true });
		reader.exec("BEGIN");
		reader.query("SELECT count(*) FROM users").get();
		const signalledAt = performance.now();
		server.proc.kill("SIGTERM");
		expect(await server.proc.exited).toBe(0);
		const stopMs = performance.now() - signalledAt;
		reader.exec("COMMIT");
		reader.close();
		expect(stopMs).toBeLessThan(2_000);
		expect(server.logs().map((l) => l.msg)).toContain(
			"stop: the WAL is left for the next start (another process is reading it)",
		);
		expect(reportIds(dataDir).has(report.data.id)).toBe(true);
	});

	test("an open Alerts tab does not hold the stop: its live stream is ended and the stop is clean", async () => {
		const server = await spawnServer({ DATA_DIR: join(scratch, "stream") });
		const { client } = await registerUser(server);
		const stream = await fetch(`${client.origin}/api/events`, { headers: { cookie: client.cookie! } });
		expect(stream.status).toBe(200);
		const reader = stream.body!.getReader();
		await reader.read(); // open: the stream has sent its place
		const signalledAt = performance.now();
		server.proc.kill("SIGTERM");
		const ended = (async () => {
			while (!(await reader.read().catch(() => ({ done: true }))).done);
			return true;
		})();
		expect(await server.proc.exited).toBe(0);
		expect(performance.now() - signalledAt).toBeLessThan(2_000);
		expect(await ended).toBe(true);
		expect(server.logs().find((l) => l.msg === "stopped")).toMatchObject({ clean: true });
	});

	test("logs one JSON line per request with its id, echoed to the client as X-Request-Id", async () => {
		const server = await spawnServer({ DATA_DIR: join(scratch, "logs") });
		const res = await server.client().get("/api/categories", { headers: { "x-request-id": "trace-abc.123" } });
		expect(res.headers.get("x-request-id")).toBe("trace-abc.123");
		const minted = await server
			.client()
			.requestRaw("GET", "/api/nope", { headers: { "x-request-id": "bad id with spaces" } });
		const mintedId = minted.headers.get("x-request-id");
		expect(mintedId).toMatch(/^[0-9a-f-]{36}$/);
		server.proc.kill("SIGTERM");
		await server.proc.exited;
		const requests = server.logs().filter((l) => l.msg === "request");
		expect(requests).toContainEqual(
			expect.objectContaining({ requestId: "trace-abc.123", method: "GET", path: "/api/categories", status: 401 }),
		);
		expect(requests).toContainEqual(expect.objectContaining({ requestId: mintedId, path: "/api/nope", status: 404 }));
		for (const line of server.lines) expect(() => JSON.parse(line)).not.toThrow();
	});
});

describe("a request the client abandons", () => {
	test("an upload the client drops halfway is logged as abandoned, not as our error, and leaves no file", async () => {
		const dataDir = join(scratch, "dropped");
		const server = await spawnServer({ DATA_DIR: dataDir });
		const { client } = await registerUser(server);
		const url = new URL(expectBody(await client.post("/api/objects/upload"), 200).uploadURL, server.origin);
		const socket = await Bun.connect({ hostname: "127.0.0.1", port: server.port, socket: { data() {} } });
		socket.write(
			`PUT ${url.pathname}${url.search} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.origin}\r\n` +
				`Cookie: ${client.cookie}\r\nContent-Type: image/png\r\nContent-Length: 100000\r\n\r\n`,
		);
		const firstPiece = new Uint8Array(20_000);
		firstPiece.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]); // a PNG's signature
		socket.write(firstPiece);
		await Bun.sleep(200);
		socket.end();
		const abandoned = () => server.logs().find((l) => l.msg === "request abandoned by the client");
		for (let i = 0; i < 50 && !abandoned(); i++) await Bun.sleep(50);
		expect(abandoned()).toMatchObject({ level: "info", method: "PUT", path: url.pathname });
		expect(server.logs().filter((l) => l.level === "error")).toEqual([]);
		expect(server.logs().filter((l) => l.msg === "request" && l.status === 500)).toEqual([]);
		expect(readdirSync(join(dataDir, "uploads"))).toEqual([]);
		server.proc.kill("SIGTERM");
		await server.proc.exited;
	});
});

describe("GET /api/health", () => {
	test("reports the version and the database's status and schema", async () => {
		const server = await spawnServer({ DATA_DIR: join(scratch, "health") });
		const res = await server.client().get("/api/health");
		server.proc.kill("SIGTERM");
		await server.proc.exited;
		const version = (await Bun.file(join(import.meta.dir, "../../package.json")).json()).version;
		expectStatus(res, 200);
		// The newest migration, as a deploy check compares it: the last SQL file in db/migrations.
		const newest = readdirSync(join(import.meta.dir, "../../db/migrations"))
			.filter((f) => f.endsWith(".sql"))
			.sort()
			.at(-1);
		expect(res.data).toEqual({
			status: "ok",
			version,
			database: { status: "ok", schema: newest!.replace(/\.sql$/, "") },
		});
	});

	test("carries the security headers, and turns 503 within a couple of seconds when the database fails", async () => {
		const dataDir = join(scratch, "health-fails");
		const server = await spawnServer({ DATA_DIR: dataDir });
		try {
			const ok = await server.client().get("/api/health");
			expect(ok.status).toBe(200);
			expect(ok.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
			expect(ok.headers.get("x-content-type-options")).toBe("nosniff");
			expect(ok.headers.get("cache-control")).toBe("no-store");
			// Another process breaks what the probe reads.
			const other = new Database(join(dataDir, "commoncents.db"));
			other.exec("ALTER TABLE __commoncents_migrations RENAME TO broken_ledger");
			other.close();
			let res = ok;
			for (let i = 0; i < 40 && res.status === 200; i++) {
				await Bun.sleep(100);
				res = await server.client().get("/api/health");
			}
			expect(res.status).toBe(503);
			expect(res.data).toMatchObject({ status: "error", database: { status: "error" } });
		} finally {
			server.proc.kill("SIGTERM");
			await server.proc.exited;
		}
	});
});

describe("clear errors at start", () => {
	test("a DATA_DIR that is a file, a port in use, a database that is not ours, a newer schema", async () => {
		const file = join(scratch, "a-file");
		await Bun.write(file, "x");
		const badDir = await runCommand(["serve"], { DATA_DIR: file });
		expect(badDir.code).toBe(1);
		expect(badDir.stderr).toContain("is not a writable folder");

		const holder = Bun.serve({ port: 0, fetch: () => new Response("busy") });
		const takenPort = holder.port;
		const busy = await runCommand(["serve"], { DATA_DIR: join(scratch, "busy"), PORT: String(takenPort) });
		await holder.stop(true);
		expect(busy.code).toBe(1);
		expect(busy.stderr).toContain(`port ${takenPort} is already in use`);

		const foreignDir = join(scratch, "foreign");
		await Bun.write(join(foreignDir, ".keep"), "");
		const foreign = new Database(join(foreignDir, "commoncents.db"));
		foreign.exec("CREATE TABLE notes (body TEXT)");
		foreign.close();
		const notOurs = await runCommand(["migrate"], { DATA_DIR: foreignDir });
		expect(notOurs.code).toBe(1);
		expect(notOurs.stderr).toContain("was not created by CommonCents");

		const newerDir = join(scratch, "newer");
		expect((await runCommand(["migrate"], { DATA_DIR: newerDir })).code).toBe(0);
		const newer = new Database(join(newerDir, "commoncents.db"));
		newer.exec("INSERT INTO __commoncents_migrations (tag, hash, applied_at) VALUES ('9999_next', 'x', 0)");
		newer.close();
		const tooNew = await runCommand(["serve"], { DATA_DIR: newerDir });
		expect(tooNew.code).toBe(1);
		expect(tooNew.stderr).toContain("newer than this binary");
	});

	test("--version, --help and an unknown command", async () => {
		const version = (await Bun.file(join(import.meta.dir, "../../package.json")).json()).version;
		expect((await runCommand(["--version"], {})).stdout.trim()).toBe(version);
		const help = await runCommand(["--help"], {});
		for (const command of ["serve", "desktop", "migrate", "seed", "backup FILE", "restore FILE"])
			expect(help.stdout).toContain(command);
		expect(ENV_VARIABLES.filter((name) => !help.stdout.includes(name))).toEqual([]);
		const unknown = await runCommand(["frobnicate"], {});
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toContain("unknown command: frobnicate");
	});

	test("a mistyped option or an extra argument is refused before anything runs or is made", async () => {
		const dir = join(scratch, "misuse");
		const cases: [string[], string][] = [
			[
				["backup", "x.db", "--froce"],
				"commoncents: unknown option --froce for backup (it takes --force); see commoncents --help",
			],
			[["desktop", "--no-browsr"], "commoncents: unknown option --no-browsr for desktop (it takes --no-browser)"],
			[["serve", "--force"], "commoncents: unknown option --force for serve (it takes none)"],
			[["serve", "4000"], "commoncents: serve takes no arguments; extra: 4000"],
			[["restore", "a.db", "b.db"], "commoncents: restore takes one FILE; extra: b.db"],
		];
		for (const [args, message] of cases) {
			const run = await runCommand(args, { DATA_DIR: dir });
			expect([run.code, run.stderr.trim().split("\n")[0]]).toEqual([2, expect.stringContaining(message)]);
		}
		expect(existsSync(dir)).toBe(false);
	});
});
