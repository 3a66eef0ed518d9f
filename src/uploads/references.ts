/**
 * Uploaded photo files that rows stop pointing at. A stored path ("/uploads/<key>") may be named by more
 * than one row (any signed-in user can send a path they have seen), so a file is removed only once no
 * report and no profile names it any more, and only after the transaction that let it go has committed.
 */

import { rmSync } from "node:fs";
import { inArray, sql } from "drizzle-orm";
import { gasPriceReports, priceReports, users } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { log } from "../lib/log.ts";
import { findStoredUpload } from "./storage.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
const SERVED_PREFIX = "/uploads/";

/** The upload paths a user's rows name: their profile photo and their reports' photos. */
export function uploadPathsOf(db: Db | Tx, userId: string): string[] {
	const rows = db.all<{ path: string | null }>(sql`
    SELECT ${users.profileImageUrl} AS path FROM ${users} WHERE ${users.id} = ${userId}
    UNION SELECT ${priceReports.imageUrl} FROM ${priceReports} WHERE ${priceReports.userId} = ${userId}
    UNION SELECT ${gasPriceReports.imageUrl} FROM ${gasPriceReports} WHERE ${gasPriceReports.userId} = ${userId}`);
	return rows.map((r) => r.path).filter((p): p is string => typeof p === "string" && p.startsWith(SERVED_PREFIX));
}

/** Of these paths, the ones no row names any more. */
export function unreferencedPaths(db: Db | Tx, paths: readonly string[]): string[] {
	if (paths.length === 0) return [];
	const list = [...new Set(paths)];
	const named = new Set(
		[
			...db.select({ p: users.profileImageUrl }).from(users).where(inArray(users.profileImageUrl, list)).all(),
			...db.select({ p: priceReports.imageUrl }).from(priceReports).where(inArray(priceReports.imageUrl, list)).all(),
			...db
				.select({ p: gasPriceReports.imageUrl })
				.from(gasPriceReports)
				.where(inArray(gasPriceReports.imageUrl, list))
				.all(),
		].map((r) => r.p),
	);
	return list.filter((p) => !named.has(p));
}

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
