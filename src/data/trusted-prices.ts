/**
 * The prices of a product's trustworthy live reports near a place: what a deal's savings and "you paid" measure
 * the typical price against. Raw because Drizzle cannot say INDEXED BY.
 */
import type { priceReports } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Stored } from "../lib/stored.ts";
import { trustworthySql } from "./report-columns.ts";
import type { Tx } from "./transaction.ts";

type Bindings = Record<string, string | number | null>;
type Cents = Stored<typeof priceReports.priceCents>;
type Product = { name: string; category: number; places: string };

// The live reports of the product at some places, one range of price_reports_history_idx per place (which holds
// the price); the trust columns are read from each report's row. A product has few live reports near anyone.
const TRUSTED_PRICES_SQL = `
  SELECT r.price_cents AS cents FROM price_reports r INDEXED BY price_reports_history_idx
  WHERE r.normalized_name = $name AND r.category_id = $category
    AND r.loc_token IN (SELECT value FROM json_each($places)) AND r.is_expired = 0 AND ${trustworthySql("r")}`;

const read = (db: Db, bindings: Product): Cents[] =>
	db.$client
		.query<{ cents: Cents }, Bindings>(TRUSTED_PRICES_SQL)
		.all(bindings)
		.map((r) => r.cents);

/** The prices of a product's trustworthy live reports (name and category) at some places (JSON). */
export async function trustedPrices(db: Db, bindings: Product): Promise<Cents[]> {
	return read(db, bindings);
}

/** The same, inside the caller's transaction (a deal taken is measured where it is written). */
export function trustedPricesIn(tx: Tx, bindings: Product): Cents[] {
	return read(tx, bindings);
}
