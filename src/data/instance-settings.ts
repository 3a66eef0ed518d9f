/**
 * This instance's id in its exports (decisions 0070, 0075): random, made on its first export and kept in the
 * database (`instance_settings`, key `instance-id`), so a backup restored into a new data folder exports
 * under the same id. An importing instance keys the prices of an export by it and their ids there, so two
 * instances never collide, and a change of the attribution changes nothing. The data folder's `instance`
 * file, where the id was kept before, is adopted on first use, so a running instance keeps its id. Read on
 * any connection: the server's, start-up's and an import's, and the export's own read-only one.
 */
import type { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "../db.ts";

/** What an id looks like: a UUID as made here; anything of these characters and length read back. */
export const INSTANCE_ID = /^[A-Za-z0-9-]{8,64}$/;

export const INSTANCE_KEY = "instance-id";

/** The file the id was kept in, in the data folder; read once to adopt it, never written. */
export const LEGACY_INSTANCE_FILE = "instance";

/** The id kept in the database, or null before the first export (any connection, read-only too). */
export function keptInstanceId(sqlite: Database): string | null {
	const row = sqlite
		.query<{ value: string }, [string]>("SELECT value FROM instance_settings WHERE key = ?")
		.get(INSTANCE_KEY);
	return row && INSTANCE_ID.test(row.value) ? row.value : null;
}

/** The id in the data folder's old file, or null when there is none (or it is not an id). */
function legacyId(dataDir: string): string | null {
	try {
		const id = readFileSync(join(dataDir, LEGACY_INSTANCE_FILE), "utf8").trim();
		return INSTANCE_ID.test(id) ? id : null;
	} catch {
		return null;
	}
}

/**
 * Keeps `candidate` as the id unless one is kept already; INSERT OR IGNORE, so a server and an export
 * making it at once agree on the first one written. The id kept, whichever it is.
 */
function keep(sqlite: Database, candidate: string): string {
	sqlite.query("INSERT OR IGNORE INTO instance_settings (key, value) VALUES (?, ?)").run(INSTANCE_KEY, candidate);
	const kept = keptInstanceId(sqlite);
	if (!kept) throw new Error(`instance_settings holds no valid ${INSTANCE_KEY}; delete that row to have one made`);
	return kept;
}

/** Moves the data folder's old id into the database when it holds none (start-up, import); no new id is made. */
export function adoptInstanceFile(sqlite: Database, dataDir: string): string | null {
	const kept = keptInstanceId(sqlite);
	if (kept) return kept;
	const legacy = legacyId(dataDir);
	return legacy ? keep(sqlite, legacy) : null;
}

/** The id kept in the database on a writable connection, adopted from the data folder or made now. */
export function instanceId(sqlite: Database, dataDir: string): string {
	return adoptInstanceFile(sqlite, dataDir) ?? keep(sqlite, crypto.randomUUID());
}

/** The id kept in the database, or null before the first export. */
export async function keptInstanceIdOf(db: Db): Promise<string | null> {
	return keptInstanceId(db.$client);
}

/** This instance's id, kept in the database (adopted from the data folder or made now). */
export async function instanceIdOf(db: Db, dataDir: string): Promise<string> {
	return instanceId(db.$client, dataDir);
}
