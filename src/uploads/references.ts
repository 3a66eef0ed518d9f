/**
 * Uploaded photo files that rows stop pointing at. A stored path ("/uploads/<key>") may be named by more
 * than one row (any signed-in user can send a path they have seen), so a file is removed only once no
 * report and no profile names it any more (src/data/upload-paths.ts), and only after the transaction that
 * let it go has committed.
 */

import { rmSync } from "node:fs";
import { log } from "../lib/log.ts";
import { findStoredUpload } from "./storage.ts";

const SERVED_PREFIX = "/uploads/";

/** Deletes the files behind these paths. A file that cannot be removed is logged, never fatal: the rows are gone. */
export function removeUploadFiles(uploadsDir: string, paths: readonly string[]) {
	for (const path of paths) {
		if (!path.startsWith(SERVED_PREFIX)) continue;
		const stored = findStoredUpload(uploadsDir, path.slice(SERVED_PREFIX.length));
		if (!stored) continue;
		try {
			rmSync(stored.path, { force: true });
		} catch (error) {
			log.warn("uploads: could not remove a photo file", { path: stored.path, err: error });
		}
	}
}
