import { and, desc, eq, exists, sql } from "drizzle-orm";
import { priceReports, stores } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { locToken } from "../lib/zip.ts";

/** At most this many stores are suggested: a zip's shops, not a directory. */
export const STORE_SUGGESTIONS = 50;

export type StoreSuggestion = { name: string; address: string };

/**
 * The stores reported in a zip (in any spelling: "10001-1234" is 10001), the most reported first: the report
 * form suggests them, so a shopper picks "FreshMart, 120 W 23rd St" rather than typing it again (and a slip
 * does not make a second FreshMart). Only stores with a report not withdrawn: a store that only a terminated
 * account reported is not suggested.
 */
export function storesInZip(db: Db, zip: string): StoreSuggestion[] {
	// Ordered by every report the store has had, counted in the store index alone; "not withdrawn" is one probe.
	// (Counting only live reports would read each report's row.)
	const reported = db
		.select({ one: sql`1` })
		.from(priceReports)
		.where(and(eq(priceReports.storeId, stores.id), eq(priceReports.isActive, true)));
	return db
		.select({ name: stores.name, address: stores.address })
		.from(stores)
		.where(and(eq(stores.locToken, locToken(zip)), exists(reported)))
		.orderBy(
			desc(db.$count(priceReports, eq(priceReports.storeId, stores.id))),
			sql`${stores.name} COLLATE NOCASE`,
			stores.address,
		)
		.limit(STORE_SUGGESTIONS)
		.all();
}
