import { Database } from "bun:sqlite";
import { accessSync, chmodSync, constants, existsSync, statSync } from "node:fs";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrations } from "../db/migrations/index.ts";

export type Db = ReturnType<typeof openDb>["db"];

/** A connection's own automatic checkpoint, in WAL pages (16 MiB of 4 KiB pages): the checkpointer's backstop. */
export const BACKSTOP_PAGES = 4_000;

/** Opens (creating if needed) the SQLite file with the pragmas a small web server wants. */
export function openDb(path: string) {
	const sqlite = openFile(path);
	ownerOnly(path);
	// WAL lets readers run beside the one writer; NORMAL is crash-safe under WAL (a power loss may drop the
	// last commits, never corrupt the file); busy_timeout makes writers wait instead of failing.
	sqlite.exec("PRAGMA journal_mode = WAL");
	sqlite.exec("PRAGMA synchronous = NORMAL");
	sqlite.exec("PRAGMA busy_timeout = 5000");
	sqlite.exec("PRAGMA foreign_keys = ON");
	sqlite.exec("PRAGMA cache_size = -65536");
	sqlite.exec("PRAGMA temp_store = MEMORY");
	// No memory-mapped reads: mapped pages count towards the process's RSS (a large database's server grew far
	// past its memory budget under search), while the kernel's page cache serves the same reads outside it. The
	// 64 MiB page cache above keeps the hot pages in the process.
	sqlite.exec("PRAGMA mmap_size = 0");
	sqlite.exec("PRAGMA journal_size_limit = 67108864");
	// No schema here: it only serves drizzle's relational queries (db.query.*), which the app does not use,
	// and reading the tables' relations costs every start some time before listening.
	const db = drizzle({ client: sqlite });
	return { sqlite, db };
}

/**
 * The database holds password and session hashes and every shopper's data: readable by our user only, the
 * file and (when an older binary left them readable) its WAL and shared-memory files. SQLite creates those
 * two with the database's own mode. Set here rather than by a umask so that a database an older binary
 * made readable is mended too.
 */
function ownerOnly(path: string) {
	if (path === ":memory:") return;
	for (const file of [path, `${path}-wal`, `${path}-shm`]) {
		try {
			if (existsSync(file) && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
		} catch (error) {
			// Another user's file we may write but not chmod (a shared folder): it keeps its mode.
			if ((error as NodeJS.ErrnoException).code !== "EPERM") throw error;
		}
	}
}

/** The database's own spare integer (PRAGMA user_version): bits of one-off steps already taken. */
export const userVersion = (sqlite: Database) =>
	sqlite.query<{ user_version: number }, []>("PRAGMA user_version").get()!.user_version;
export const setUserVersion = (sqlite: Database, version: number) => sqlite.exec(`PRAGMA user_version = ${version}`);

export class SchemaError extends Error {}

/** The database file cannot be used as it is (not SQLite, damaged, not ours to read or write). */
export class DatabaseFileError extends Error {}

function openFile(path: string): Database {
	if (path !== ":memory:" && existsSync(path)) {
		try {
			accessSync(path, constants.R_OK | constants.W_OK);
		} catch {
			throw new DatabaseFileError(`the database at ${path} cannot be used: this user may not read and write it`);
		}
	}
	try {
		const sqlite = new Database(path, { create: true, strict: true });
		// Reads the header now: a file that is not a database (or is damaged there) is named at once.
		sqlite.query("SELECT count(*) FROM sqlite_master").get();
		return sqlite;
	} catch (error) {
		throw new DatabaseFileError(`the database at ${path} cannot be used: ${(error as Error).message}`);
	}
}

export const MIGRATIONS_TABLE = "__commoncents_migrations";

/** The tags of the migrations applied to a database, oldest first; null when it has no ledger (not ours, or new). */
export function appliedMigrations(sqlite: Database): string[] | null {
	const ledger = sqlite.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(MIGRATIONS_TABLE);
	if (!ledger) return null;
	return (sqlite.query(`SELECT tag FROM ${MIGRATIONS_TABLE} ORDER BY tag`).all() as { tag: string }[]).map(
		(r) => r.tag,
	);
}

/** Applied migrations this binary does not carry: the database was migrated by a newer CommonCents. */
export function unknownMigrations(applied: string[]): string[] {
	const known = new Set(migrations.map((m) => m.tag));
	return applied.filter((tag) => !known.has(tag));
}

/**
 * Applies the migrations embedded in the binary that the database has not seen, each in its own
 * IMMEDIATE transaction. Refuses a database that is not ours or that a newer binary has migrated.
 */
export function migrate(sqlite: Database): { applied: string[] } {
	let already = appliedMigrations(sqlite);
	if (already === null) {
		const foreign = sqlite
			.query("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
			.get() as { n: number };
		if (foreign.n > 0) {
			throw new SchemaError("this database was not created by CommonCents (it has tables but no migration record)");
		}
		sqlite.exec(
			`CREATE TABLE ${MIGRATIONS_TABLE} (tag TEXT PRIMARY KEY, hash TEXT NOT NULL, applied_at INTEGER NOT NULL)`,
		);
		already = [];
	}
	const done = new Set(already);
	const unknown = unknownMigrations(already);
	if (unknown.length > 0) {
		throw new SchemaError(
			`the database schema is newer than this binary (unknown migrations: ${unknown.join(", ")}); upgrade CommonCents`,
		);
	}
	const applied: string[] = [];
	for (const m of migrations) {
		if (done.has(m.tag)) continue;
		const apply = sqlite.transaction(() => {
			for (const statement of m.sql.split("--> statement-breakpoint")) {
				if (statement.trim()) sqlite.exec(statement);
			}
			sqlite
				.query(`INSERT INTO ${MIGRATIONS_TABLE} (tag, hash, applied_at) VALUES (?, ?, ?)`)
				.run(m.tag, new Bun.CryptoHasher("sha256").update(m.sql).digest("hex"), Date.now());
		});
		apply.immediate();
		applied.push(m.tag);
	}
	return { applied };
}
