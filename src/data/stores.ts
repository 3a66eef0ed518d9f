/** Stores as the deals read them: the ones reported near a shopper, for the report form to suggest. */
import { and, desc, eq, exists, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { priceReports, stores } from "../../db/schema.ts";
import type { Db } from "../db.ts";

/**
 * The stores at some places (location tokens, nearest first) with a report not withdrawn (a store that only a
 * terminated account reported is not suggested), or imported from open data (a new town's shops, waiting for
 * their first price): nearest first, then the most reported, at most `limit`.
 */
export async function storesReportedAt(db: Db, tokens: readonly string[], limit: number) {
	// Ordered by every report the store has had, counted in the store index alone; "not withdrawn" is one probe.
	// (Counting only live reports would read each report's row.)
	const reported = db
		.select({ one: sql`1` })
		.from(priceReports)
		.where(and(eq(priceReports.storeId, stores.id), eq(priceReports.isActive, true)));
	return db
		.select({ name: stores.name, address: stores.address, zipCode: stores.zipCode, locToken: stores.locToken })
		.from(stores)
		.where(and(inArray(stores.locToken, [...new Set(tokens)]), or(exists(reported), isNotNull(stores.sourceKey))))
		.orderBy(
			nearestFirst(tokens),
			desc(db.$count(priceReports, eq(priceReports.storeId, stores.id))),
			sql`${stores.name} COLLATE NOCASE`,
			stores.address,
		)
		.limit(limit)
		.all();
}

/** The places' order (nearest first) as a sort key: each token's place in the list. */
function nearestFirst(tokens: readonly string[]): SQL {
	const cases = tokens.map((token, i) => sql`WHEN ${token} THEN ${i}`);
	return sql`CASE ${stores.locToken} ${sql.join(cases, sql` `)} END`;
}
