import { storesReportedAt } from "../data/stores.ts";
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
 * a report not withdrawn, or imported from open data (src/data/stores.ts).
 */
export async function storesInZip(db: Db, zip: string): Promise<StoreSuggestion[]> {
	const near = neighbourhood(zip);
	const miles = new Map(near.map((p) => [p.token, p.miles]));
	const rows = await storesReportedAt(
		db,
		near.map((p) => p.token),
		STORE_SUGGESTIONS,
	);
	return rows.map(({ name, address, zipCode, locToken }) => ({
		name,
		address,
		// A store made before stores kept their zip has its report's, in its token.
		zipCode: zipCode ?? locToken.slice(1),
		distanceMiles: roundMiles(miles.get(locToken) ?? 0),
	}));
}
