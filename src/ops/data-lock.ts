/**
 * One server per data folder. A server holds DATA_DIR/commoncents.lock, a tiny SQLite file, with SQLite's
 * exclusive lock for as long as it runs: an operating-system file lock (fcntl on Unix, LockFileEx on
 * Windows), so it is seen by every process on the machine, in other containers sharing the volume too, and
 * it ends with the process however that ends (kill -9 included). A pid cannot do this: another container
 * cannot see it, and a dead server's pid is reused. `restore` takes the same lock while it swaps the file,
 * so neither can start while the other works.
 *
 * DATA_DIR/commoncents.pid beside it names the holder's pid and port, for messages and for desktop mode's
 * "show the running one"; it is information only, never the proof that a server runs.
 */
import { Database } from "bun:sqlite";
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type DataDirLock = { release(): void };
export type Holder = { pid: number | null; port: number | null };

const lockPath = (dataDir: string) => join(dataDir, "commoncents.lock");
const pidPath = (dataDir: string) => join(dataDir, "commoncents.pid");

/** Takes the data folder's lock, or answers null when another server (or restore) holds it. */
export function lockDataDir(dataDir: string): DataDirLock | null {
	const path = lockPath(dataDir);
	const db = new Database(path, { create: true });
	try {
		db.exec("PRAGMA busy_timeout = 0");
		// EXCLUSIVE locking mode keeps the lock a write takes until the connection closes.
		db.exec("PRAGMA locking_mode = EXCLUSIVE");
		db.exec("PRAGMA journal_mode = OFF");
		db.exec("BEGIN EXCLUSIVE");
		db.exec("COMMIT");
	} catch (error) {
		db.close();
		if (/locked|busy/i.test(String(error))) return null;
		throw error;
	}
	chmodSync(path, 0o600);
	let released = false;
	return {
		release() {
			if (released) return;
			released = true;
			db.close();
		},
	};
}

/** Who holds the data folder's lock (pid and port as its pid file says), or null when nobody does. */
export function dataDirHolder(dataDir: string): Holder | null {
	if (!existsSync(dataDir)) return null;
	const lock = lockDataDir(dataDir);
	if (lock) {
		lock.release();
		return null;
	}
	return readPidFile(dataDir) ?? { pid: null, port: null };
}

/** "(pid 123, port 3000)" when the pid file says so; empty when it does not. */
export const describeHolder = (holder: Holder | null) =>
	!holder || holder.pid === null ? "" : ` (pid ${holder.pid}${holder.port === null ? "" : `, port ${holder.port}`})`;

/** What a second server on the folder is told (the binary's and `bun dev`'s). */
export const inUseMessage = (dataDir: string) =>
	`another CommonCents server is using ${dataDir}${describeHolder(dataDirHolder(dataDir))}; stop it first, or set DATA_DIR`;

export function writePidFile(dataDir: string, port: number) {
	writeFileSync(pidPath(dataDir), `${JSON.stringify({ pid: process.pid, port })}\n`);
}

export function releasePidFile(dataDir: string) {
	if (readPidFile(dataDir)?.pid === process.pid) rmSync(pidPath(dataDir), { force: true });
}

function readPidFile(dataDir: string): Holder | null {
	try {
		const parsed = JSON.parse(readFileSync(pidPath(dataDir), "utf8"));
		if (typeof parsed?.pid !== "number") return null;
		return { pid: parsed.pid, port: typeof parsed.port === "number" ? parsed.port : null };
	} catch {
		return null;
	}
}
