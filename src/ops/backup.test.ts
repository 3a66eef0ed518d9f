import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expectStatus, registerUser, STRONG_PASSWORD } from "../test/harness.ts";
import { runCommand, type ServerProcess, spawnServer } from "../test/processes.ts";
import { dairyCategoryId, startWriters } from "../test/writers.ts";

const scratch = mkdtempSync(join(tmpdir(), "commoncents-backup-"));
const liveDir = join(scratch, "live");
const backupFile = join(scratch, "copies", "backup.db");
let server: ServerProcess;
let username: string;
let ackedBeforeBackup: number[] = [];

beforeAll(async () => {
	server = await spawnServer({ DATA_DIR: liveDir });
});
afterAll(() => {
	server.proc.kill("SIGKILL");
	rmSync(scratch, { recursive: true, force: true });
});

const idsIn = (file: string) => {
	const db = new Database(file, { readonly: true });
	const ids = new Set((db.query("SELECT id FROM price_reports").all() as { id: number }[]).map((r) => r.id));
	const integrity = (db.query("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check;
	db.close();
	return { ids, integrity };
};

describe("commoncents backup", () => {
	test("refuses to write over the live database, even with --force, and over a folder", async () => {
		const live = join(liveDir, "commoncents.db");
		const run = await runCommand(["backup", live, "--force"], { DATA_DIR: liveDir });
		expect(run.code).toBe(1);
		expect(run.stderr).toBe(`commoncents: ${live} is the database itself; write the backup to another file\n`);
		// Its WAL and shared-memory files are the database too: renaming a copy over either corrupts it.
		for (const part of [`${live}-wal`, `${live}-shm`]) {
			const over = await runCommand(["backup", part, "--force"], { DATA_DIR: liveDir });
			expect([over.code, over.stderr]).toEqual([
				1,
				`commoncents: ${part} is the database itself; write the backup to another file\n`,
			]);
		}
		const folder = await runCommand(["backup", scratch, "--force"], { DATA_DIR: liveDir });
		expect(folder.stderr).toBe(`commoncents: ${scratch} is a folder; name a file in it\n`);
		expect(readdirSync(scratch).some((f) => f.includes(".partial-"))).toBe(false);
		expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
	});

	test("the database, its WAL, the data folder's files and a backup are readable by their owner only", async () => {
		// They hold password hashes, session hashes and every shopper's data.
		const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);
		await registerUser(server);
		for (const name of ["commoncents.db", "commoncents.db-wal", "secret"])
			expect([name, mode(join(liveDir, name))]).toEqual([name, "600"]);
		expect(mode(join(liveDir, "uploads"))).toBe("700");
		const copy = join(scratch, "private", "copy.db");
		expect((await runCommand(["backup", copy], { DATA_DIR: liveDir })).code).toBe(0);
		expect(mode(copy)).toBe("600");
	});

	test("copies a serving database while writes continue: intact, with every write answered before it began", async () => {
		const users = await Promise.all([0, 1, 2].map(() => registerUser(server)));
		username = users[0]!.username;
		const writers = startWriters(
			users.map((u) => u.client),
			await dairyCategoryId(users[0]!.client),
		);
		await writers.until(30);
		ackedBeforeBackup = [...writers.acked];
		const run = await runCommand(["backup", backupFile], { DATA_DIR: liveDir });
		const duringBackup = writers.acked.length;
		await writers.until(duringBackup + 10);
		await writers.stop();

		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		expect(run.stdout).toContain("integrity check passed");
		expect(writers.refused).toEqual([]);
		const copy = idsIn(backupFile);
		expect(copy.integrity).toBe("ok");
		expect(ackedBeforeBackup.filter((id) => !copy.ids.has(id))).toEqual([]);
		// The server kept writing after the copy was taken; those rows are in the live file only.
		expect(writers.acked.length).toBeGreaterThan(ackedBeforeBackup.length);
	});

	test("will not overwrite an existing file unless told", async () => {
		const again = await runCommand(["backup", backupFile], { DATA_DIR: liveDir });
		expect(again.code).toBe(1);
		expect(again.stderr).toContain("already exists");
		const forced = await runCommand(["backup", backupFile, "--force"], { DATA_DIR: liveDir });
		expect(forced.code).toBe(0);
	});

	test("names what is missing: no file argument, no database in DATA_DIR", async () => {
		const noFile = await runCommand(["backup"], { DATA_DIR: liveDir });
		expect(noFile.stderr).toContain("backup needs a file");
		const empty = await runCommand(["backup", join(scratch, "x.db")], { DATA_DIR: join(scratch, "empty") });
		expect(empty.code).toBe(1);
		expect(empty.stderr).toContain("there is no database at");
		// Nothing is made where no database was found: no folder, no uploads, no secret.
		expect(existsSync(join(scratch, "empty"))).toBe(false);
	});
});

describe("commoncents restore", () => {
	test("refuses to replace the database of a running server, even with --force", async () => {
		const run = await runCommand(["restore", backupFile, "--force"], { DATA_DIR: liveDir });
		expect(run.code).toBe(1);
		expect(run.stderr).toContain(`is serving this data folder (pid ${server.proc.pid}`);
	});

	test("refuses while a server runs even when its pid file is gone (another container, or removed by hand)", async () => {
		const pidFile = join(liveDir, "commoncents.pid");
		const saved = await Bun.file(pidFile).text();
		rmSync(pidFile);
		try {
			const run = await runCommand(["restore", backupFile, "--force"], { DATA_DIR: liveDir });
			expect(run.code).toBe(1);
			expect(run.stderr).toBe("commoncents: CommonCents is serving this data folder; stop it before restoring\n");
		} finally {
			writeFileSync(pidFile, saved);
		}
	});

	test("a second server on the same data folder is refused in one line; the first keeps serving", async () => {
		const run = await runCommand(["serve"], { DATA_DIR: liveDir, PORT: "0" });
		expect(run.code).toBe(1);
		expect(run.stderr).toBe(
			`commoncents: another CommonCents server is using ${liveDir} (pid ${server.proc.pid}, port ${server.port}); stop it first, or set DATA_DIR\n`,
		);
		expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
	});

	test("--force replaces a damaged database, keeping the damaged file and its WAL as they were", async () => {
		const dir = join(scratch, "damaged");
		const first = await runCommand(["restore", backupFile], { DATA_DIR: dir });
		expect(first.code).toBe(0);
		const db = join(dir, "commoncents.db");
		writeFileSync(db, "not a database any more\n".repeat(200));
		writeFileSync(`${db}-wal`, "half a WAL");
		const forced = await runCommand(["restore", backupFile, "--force"], { DATA_DIR: dir });
		expect(forced.stderr).toBe("");
		expect(forced.code).toBe(0);
		expect(idsIn(db).integrity).toBe("ok");
		const kept = readdirSync(dir)
			.filter((f) => f.startsWith("commoncents.db.before-restore-"))
			.sort();
		expect(kept.map((f) => f.replace(/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z/, "TIME"))).toEqual([
			"commoncents.db.before-restore-TIME",
			"commoncents.db.before-restore-TIME-wal",
		]);
		expect(await Bun.file(join(dir, kept[1]!)).text()).toBe("half a WAL");
		expect(readdirSync(dir).some((f) => f.endsWith(".restoring"))).toBe(false);
	});

	test("a server refuses a damaged database in one line, naming the file", async () => {
		const dir = join(scratch, "damaged-serve");
		const first = await runCommand(["restore", backupFile], { DATA_DIR: dir });
		expect(first.code).toBe(0);
		writeFileSync(join(dir, "commoncents.db"), "not a database\n".repeat(400));
		const run = await runCommand(["serve"], { DATA_DIR: dir, PORT: "0" });
		expect(run.code).toBe(1);
		expect(run.stderr).toBe(
			`commoncents: the database at ${join(dir, "commoncents.db")} cannot be used: file is not a database\n`,
		);
	});

	test("round trip: a fresh data folder restored from the backup serves the same accounts and reports", async () => {
		const freshDir = join(scratch, "fresh");
		const run = await runCommand(["restore", backupFile], { DATA_DIR: freshDir });
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		expect(run.stdout).toMatch(/restored .* \d+ users, \d+ price reports .*integrity check passed/);

		const restored = idsIn(join(freshDir, "commoncents.db"));
		expect(restored.integrity).toBe("ok");
		expect(ackedBeforeBackup.filter((id) => !restored.ids.has(id))).toEqual([]);

		const second = await spawnServer({ DATA_DIR: freshDir });
		try {
			const client = second.client();
			expect((await client.post("/api/auth/login", { username, password: STRONG_PASSWORD })).status).toBe(200);
			const search = await client.get("/api/search?q=milk&zipCode=10001");
			expectStatus(search, 200);
			expect(search.data.length).toBeGreaterThan(0);
		} finally {
			second.proc.kill("SIGTERM");
			await second.proc.exited;
		}
	});

	test("over an existing, stopped database: refused without --force; with it, the old file is kept", async () => {
		const dir = join(scratch, "fresh");
		const refused = await runCommand(["restore", backupFile], { DATA_DIR: dir });
		expect(refused.code).toBe(1);
		expect(refused.stderr).toContain("pass --force");
		const forced = await runCommand(["restore", backupFile, "--force"], { DATA_DIR: dir });
		expect(forced.code).toBe(0);
		expect(forced.stdout).toContain("the previous database is kept as");
		expect(readdirSync(dir).some((f) => f.startsWith("commoncents.db.before-restore-"))).toBe(true);
	});

	test("refuses a file that is not SQLite, a corrupt database, another app's database and a newer schema", async () => {
		const target = { DATA_DIR: join(scratch, "target") };
		const notSqlite = join(scratch, "notes.txt");
		writeFileSync(notSqlite, "shopping list: milk, eggs\n".repeat(100));
		expect((await runCommand(["restore", notSqlite], target)).stderr).toContain("is not a readable SQLite database");

		const corrupt = join(scratch, "corrupt.db");
		copyFileSync(backupFile, corrupt);
		const bytes = await Bun.file(corrupt).bytes();
		// Scribble over the middle pages (indexes and rows), leaving the header readable.
		for (let i = 8192; i < bytes.length - 4096; i += 4096) bytes.fill(0x5a, i + 100, i + 400);
		writeFileSync(corrupt, bytes);
		const corruptRun = await runCommand(["restore", corrupt], target);
		expect(corruptRun.code).toBe(1);
		expect(corruptRun.stderr).toMatch(/integrity check|not a readable SQLite database/);

		// Subtler damage that a copy would read past: one index entry naming the wrong row (its table is whole).
		const shortIndex = join(scratch, "short-index.db");
		copyFileSync(backupFile, shortIndex);
		const index = "price_reports_store_idx";
		const inspect = new Database(shortIndex, { readonly: true });
		const { rootpage } = inspect.query("SELECT rootpage FROM sqlite_master WHERE name = ?").get(index) as {
			rootpage: number;
		};
		const { page_size: pageSize } = inspect.query("PRAGMA page_size").get() as { page_size: number };
		inspect.close();
		const file = await Bun.file(shortIndex).bytes();
		const page = (rootpage - 1) * pageSize;
		expect(file[page]).toBe(0x0a); // a leaf of an index b-tree: the whole index on one page
		// The first cell: payload size, record header size, then the record; its last byte is the row id's lowest.
		const cell = page + ((file[page + 8]! << 8) | file[page + 9]!);
		const payload = file[cell]!;
		expect(payload).toBeLessThan(0x80); // a one-byte varint
		file[cell + payload] = file[cell + payload]! ^ 0x40;
		writeFileSync(shortIndex, file);
		const shortRun = await runCommand(["restore", shortIndex, "--force"], target);
		expect([shortRun.code, shortRun.stderr]).toEqual([
			1,
			expect.stringContaining(`${shortIndex} failed SQLite's integrity check: `),
		]);
		expect(shortRun.stderr).toContain(index);

		const foreign = join(scratch, "foreign.db");
		const other = new Database(foreign);
		other.exec("CREATE TABLE todo (id INTEGER PRIMARY KEY, title TEXT)");
		other.close();
		expect((await runCommand(["restore", foreign], target)).stderr).toContain("is not a CommonCents database");

		const newer = join(scratch, "newer.db");
		copyFileSync(backupFile, newer);
		const future = new Database(newer);
		future.exec("INSERT INTO __commoncents_migrations (tag, hash, applied_at) VALUES ('9999_from_the_future', 'x', 0)");
		future.close();
		expect((await runCommand(["restore", newer], target)).stderr).toContain("made by a newer CommonCents");

		expect(existsSync(join(scratch, "target", "commoncents.db"))).toBe(false);
	});
});
