/**
 * This instance's id in its exports (decision 0070): random, made on its first export and kept in the data
 * folder beside the database (DATA_DIR/instance), as the generated secret is. An importing instance keys
 * the prices of an export by it and their ids here, so two instances never collide, and a change of the
 * attribution changes nothing.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** What an id looks like: a UUID as made here; anything of these characters and length read back. */
export const INSTANCE_ID = /^[A-Za-z0-9-]{8,64}$/;

/** The data folder's file, or null when there is none yet (or it is not an id). */
function readId(file: string): string | null {
	try {
		const id = readFileSync(file, "utf8").trim();
		return INSTANCE_ID.test(id) ? id : null;
	} catch {
		return null;
	}
}

/**
 * The id kept in `dataDir`, made now if there is none. Made with O_EXCL: a server and an export making it at
 * once agree on the first one written. Throws when the folder cannot take the file.
 */
export function instanceId(dataDir: string): string {
	const file = join(dataDir, "instance");
	const kept = readId(file);
	if (kept) return kept;
	const made = crypto.randomUUID();
	try {
		writeFileSync(file, `${made}\n`, { flag: "wx", mode: 0o644 });
		return made;
	} catch (error) {
		const raced = readId(file);
		if (raced) return raced;
		if ((error as { code?: string }).code === "EEXIST")
			throw new Error(
				`${file} holds no instance id; put back the one from your backup, or delete the file to have a new one made`,
			);
		throw new Error(`cannot keep this instance's id in ${file}: ${(error as Error).message}`);
	}
}
