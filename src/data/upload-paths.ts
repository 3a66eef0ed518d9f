/**
 * Which rows name an uploaded photo's path ("/uploads/<key>"): a profile, a product report, a fuel report. A
 * path may be named by more than one row (any signed-in user can send a path they have seen), so the
 * uploads' owner (src/uploads/references.ts) removes a file only once none names it. Asked inside the
 * transaction that lets a path go, so that nothing names it again before the answer is used.
 */
import { inArray, sql } from "drizzle-orm";
import { gasPriceReports, priceReports, users } from "../../db/schema.ts";
import type { Tx } from "./transaction.ts";

const SERVED_PREFIX = "/uploads/";

/** The upload paths a user's rows name: their profile photo and their reports' photos. */
export function uploadPathsOf(tx: Tx, userId: string): string[] {
	const rows = tx.all<{ path: string | null }>(sql`
    SELECT ${users.profileImageUrl} AS path FROM ${users} WHERE ${users.id} = ${userId}
    UNION SELECT ${priceReports.imageUrl} FROM ${priceReports} WHERE ${priceReports.userId} = ${userId}
    UNION SELECT ${gasPriceReports.imageUrl} FROM ${gasPriceReports} WHERE ${gasPriceReports.userId} = ${userId}`);
	return rows.map((r) => r.path).filter((p): p is string => typeof p === "string" && p.startsWith(SERVED_PREFIX));
}

/** Of these paths, the ones no row names any more. */
export function unreferencedPaths(tx: Tx, paths: readonly string[]): string[] {
	if (paths.length === 0) return [];
	const list = [...new Set(paths)];
	const named = new Set(
		[
			...tx.select({ p: users.profileImageUrl }).from(users).where(inArray(users.profileImageUrl, list)).all(),
			...tx.select({ p: priceReports.imageUrl }).from(priceReports).where(inArray(priceReports.imageUrl, list)).all(),
			...tx
				.select({ p: gasPriceReports.imageUrl })
				.from(gasPriceReports)
				.where(inArray(gasPriceReports.imageUrl, list))
				.all(),
		].map((r) => r.p),
	);
	return list.filter((p) => !named.has(p));
}
