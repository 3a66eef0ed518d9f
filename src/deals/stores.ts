import { and, desc, eq, exists, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { priceReports, stores } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { neighbourhood, roundMiles } from "../lib/zip.ts";

/** At most this many stores are suggested: a neighbourhood's shops, not a directory. */
export const STORE_SUGGESTIONS = 50;

/** A store near the shopper: where it is (its ZIP, and how far that is from the shopper's). */
export type StoreSuggestion = { name: string; address: string; zipCode: string; distanceMiles: number };

/**
 * The stores reported near a zip (its neighbourhood, src/lib/zip.ts), nearest first and then the most
 * reported: the report form suggests them, so a shopper picks "FreshMart, 120 W 23rd St" (and with it the
 * store's own ZIP) rather than typing it again, and a slip does not make a second FreshMart. Only stores with
 * a report not withdrawn (a store that only a terminated account reported is not suggested), or imported from
 * open data (a new town's shops, waiting for their first price).
 */
export function storesInZip(db: Db, zip: string): StoreSuggestion[] {
	const near = neighbourhood(zip);
	const miles = new Map(near.map((p) => [p.token, p.miles]));
	// Ordered by every report the store has had, counted in the store index alone; "not withdrawn" is one probe.
	// (Counting only live reports would read each report's row.)
	const reported = db
		.select({ one: sql`1` })
		.from(priceReports)
		.where(and(eq(priceReports.storeId, stores.id), eq(priceReports.isActive, true)));
	const rows = db
		.select({ name: stores.name, address: stores.address, zipCode: stores.zipCode, locToken: stores.locToken })
		.from(stores)
		.where(and(inArray(stores.locToken, [...miles.keys()]), or(exists(reported), isNotNull(stores.sourceKey))))
		.orderBy(
			nearestFirst(near.map((p) => p.token)),
			desc(db.$count(priceReports, eq(priceReports.storeId, stores.id))),
			sql`${stores.name} COLLATE NOCASE`,
			stores.address,
		)
		.limit(STORE_SUGGESTIONS)
		.all();
	return rows.map(({ name, address, zipCode, locToken }) => ({
		name,
		address,
		// A store made before stores kept their zip has its report's, in its token.
		zipCode: zipCode ?? locToken.slice(1),
		distanceMiles: roundMiles(miles.get(locToken) ?? 0),
	}));
}

/** The neighbourhood's order (nearest first) as a sort key: each token's place in the list. */
function nearestFirst(tokens: readonly string[]): SQL {
	const cases = tokens.map((token, i) => sql`WHEN ${token} THEN ${i}`);
	return sql`CASE ${stores.locToken} ${sql.join(cases, sql` `)} END`;
}
