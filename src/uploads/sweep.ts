/**
 * Photos nobody attached. The web app uploads a photo as a report or profile form is sent, and the form
 * then names it; a report the quality check refuses, a closed tab or a script that only uploads leaves a
 * file no row names, and on one small disk those add up. After a day such files are removed, as are the
 * temporary files a crash left half-written (storage.ts writes `.<key>.<random>.tmp`, then renames).
 */
import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { transaction } from "../data/transaction.ts";
import { unreferencedPaths } from "../data/upload-paths.ts";
import type { Db } from "../db.ts";
import { log } from "../lib/log.ts";
import { DAY_MS } from "../lib/time.ts";

/** A form names its photo within seconds of the upload; a day is far beyond any honest delay. */
export const ORPHAN_AGE_MS = DAY_MS;
const STORED_NAME = /^([a-z2-7]{32})\.(?:jpg|png|webp|gif)$/;
const TEMP_NAME = /^\.[a-z2-7]{32}\.[0-9a-f]+\.tmp$/;
/** Paths asked about per query (each is one probe of a small partial index). */
const CHUNK = 500;

/** Removes photos no row names and stale temporary files, both older than `ORPHAN_AGE_MS`. */
export async function sweepOrphanUploads(db: Db, uploadsDir: string, now = Date.now()) {
	let names: string[];
	try {
		names = readdirSync(uploadsDir);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return { removed: 0 };
		throw error;
	}
	const old = (name: string) => {
		try {
			return now - statSync(join(uploadsDir, name)).mtimeMs >= ORPHAN_AGE_MS;
		} catch {
			return false; // removed meanwhile
		}
	};
	const stale = names.filter((name) => (STORED_NAME.test(name) || TEMP_NAME.test(name)) && old(name));
	const byPath = new Map<string, string>();
	const doomed: string[] = [];
	for (const name of stale) {
		const key = STORED_NAME.exec(name)?.[1];
		if (key) byPath.set(`/uploads/${key}`, name);
		else doomed.push(name);
	}
	const paths = [...byPath.keys()];
	const unattached = await transaction(db, (tx) => {
		const found: string[] = [];
		for (let i = 0; i < paths.length; i += CHUNK) found.push(...unreferencedPaths(tx, paths.slice(i, i + CHUNK)));
		return found;
	});
	for (const path of unattached) doomed.push(byPath.get(path)!);
	let removed = 0;
	for (const name of doomed) {
		try {
			rmSync(join(uploadsDir, name), { force: true });
			removed++;
		} catch (error) {
			log.warn("uploads: could not remove an unattached photo", { name, err: error });
		}
	}
	return { removed };
}
