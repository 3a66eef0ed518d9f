/**
 * `commoncents backup FILE` and `commoncents restore FILE`. A backup is VACUUM INTO: one consistent,
 * compact file made from a read transaction, so the server keeps serving (and writing) meanwhile.
 * A restore trusts nothing: the file must pass SQLite's integrity check and be a CommonCents database
 * this binary understands before it replaces anything, and the replaced database is kept beside it.
 */
import { Database } from "bun:sqlite";
import { chmodSync, existsSync, mkdirSync, realpathSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { appliedMigrations, unknownMigrations } from "../db.ts";
import { dataDirHolder, describeHolder, lockDataDir } from "./data-lock.ts";

export class OpsError extends Error {}

export type BackupResult = { file: string; bytes: number; ms: number; schema: string | null };

export function backupDatabase(dbPath: string, target: string, { force = false } = {}): BackupResult {
	const started = performance.now();
	if (!existsSync(dbPath)) throw new OpsError(`there is no database at ${dbPath}; check DATA_DIR`);
	const file = resolve(target);
	// Over the live database, --force would swap it from under the server: its later writes would be lost.
	const live = realpathSync(dbPath);
	if ([live, `${live}-wal`, `${live}-shm`].includes(existsSync(file) ? realpathSync(file) : file)) {
		throw new OpsError(`${file} is the database itself; write the backup to another file`);
	}
	if (existsSync(file) && !force) {
		throw new OpsError(`${file} already exists; choose another file name, or pass --force to overwrite it`);
	}
	if (existsSync(file) && statSync(file).isDirectory()) throw new OpsError(`${file} is a folder; name a file in it`);
	// Backups hold password hashes and shoppers' data, as the database does: for the binary's user only.
	mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
	const partial = `${file}.partial-${process.pid}`;
	const source = openReadOnly(dbPath);
	let schema: string | null;
	try {
		rmSync(partial, { force: true });
		schema = assertOurs(source, dbPath);
		source.query("VACUUM INTO ?").run(partial);
		assertIntact(partial, "the backup copy");
		chmodSync(partial, 0o600);
		renameSync(partial, file);
	} catch (error) {
		rmSync(partial, { force: true });
		if (error instanceof OpsError) throw error;
		throw new OpsError(`could not write the backup to ${file}: ${(error as Error).message}`);
	} finally {
		source.close();
	}
	return { file, bytes: statSync(file).size, ms: Math.round(performance.now() - started), schema };
}

export type RestoreResult = {
	file: string;
	keptAs: string | null;
	keptWal: boolean;
	users: number;
	reports: number;
	schema: string | null;
};

export function restoreDatabase(
	sourcePath: string,
	{ dataDir, dbPath }: { dataDir: string; dbPath: string },
	{ force = false } = {},
): RestoreResult {
	const file = resolve(sourcePath);
	if (!existsSync(file)) throw new OpsError(`there is no file at ${file}`);
	// Held while the file is swapped: no server may start on the folder meanwhile, nor be running.
	const lock = lockDataDir(dataDir);
	if (!lock) {
		const holder = describeHolder(dataDirHolder(dataDir));
		throw new OpsError(`CommonCents is serving this data folder${holder}; stop it before restoring`);
	}
	try {
		return replaceDatabase(file, dbPath, force);
	} finally {
		lock.release();
	}
}

function replaceDatabase(file: string, dbPath: string, force: boolean): RestoreResult {
	const replacing = existsSync(dbPath);
	if (replacing && !force) {
		throw new OpsError(
			`a database already exists at ${dbPath}; pass --force to replace it (the current one is kept beside it)`,
		);
	}

	assertIntact(file, file);
	const staging = `${dbPath}.restoring`;
	rmSync(staging, { force: true });
	const source = openReadOnly(file);
	let schema: string | null;
	try {
		schema = assertOurs(source, file);
		// VACUUM INTO rather than a file copy: it also carries what is still in the source's WAL.
		source.query("VACUUM INTO ?").run(staging);
		assertIntact(staging, "the restored copy");
		chmodSync(staging, 0o600);
	} catch (error) {
		rmSync(staging, { force: true });
		throw error;
	} finally {
		source.close();
	}

	let keptAs: string | null = null;
	let keptWal = false;
	if (replacing) {
		keptAs = `${dbPath}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
		// Moved with its WAL, unopened: the pair is the whole database, and opening a damaged one (the usual
		// reason to restore) would let SQLite drop that WAL on closing.
		renameSync(dbPath, keptAs);
		if (existsSync(`${dbPath}-wal`)) {
			renameSync(`${dbPath}-wal`, `${keptAs}-wal`);
			keptWal = true;
		}
	}
	for (const suffix of ["-wal", "-shm"]) rmSync(`${dbPath}${suffix}`, { force: true });
	renameSync(staging, dbPath);

	const restored = new Database(dbPath, { readonly: true });
	const count = (table: string) => (restored.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
	const result = { file: dbPath, keptAs, keptWal, users: count("users"), reports: count("price_reports"), schema };
	restored.close();
	return result;
}

function openReadOnly(path: string): Database {
	try {
		const db = new Database(path, { readonly: true });
		db.exec("PRAGMA busy_timeout = 5000");
		db.query("SELECT count(*) FROM sqlite_master").get();
		return db;
	} catch (error) {
		throw new OpsError(`${path} is not a readable SQLite database (${(error as Error).message})`);
	}
}

/** Every page and index checked, not only the header: a replica that restores "fine" can still be corrupt. */
function assertIntact(path: string, what: string) {
	const db = openReadOnly(path);
	try {
		const problems = (db.query("PRAGMA integrity_check(5)").all() as { integrity_check: string }[])
			.map((row) => row.integrity_check)
			.filter((line) => line !== "ok");
		if (problems.length > 0) throw new OpsError(`${what} failed SQLite's integrity check: ${problems.join("; ")}`);
	} catch (error) {
		if (error instanceof OpsError) throw error;
		throw new OpsError(`${what} failed SQLite's integrity check: ${(error as Error).message}`);
	} finally {
		db.close();
	}
}

/** The newest migration of a CommonCents database this binary knows; throws for anything else. */
function assertOurs(db: Database, path: string): string | null {
	const tags = appliedMigrations(db);
	if (tags === null) throw new OpsError(`${path} is not a CommonCents database (it has no migration record)`);
	const unknown = unknownMigrations(tags);
	if (unknown.length > 0) {
		throw new OpsError(
			`${path} was made by a newer CommonCents (unknown migrations: ${unknown.join(", ")}); upgrade first`,
		);
	}
	return tags.at(-1) ?? null;
}
