/** What the server keeps about a product's price history so that reads of it can be remembered exactly. */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * ours: a counter per product (normalised name and category), raised by triggers on price_reports (migration
 * 0027) whenever the product's history may have moved: a report added or deleted, or a change to its price,
 * place, time, product or trust. What is computed from the history is remembered under the counter it was
 * read at (src/reports/good-deal-lows.ts), and is stale the moment the counter moves.
 */
export const productVersions = sqliteTable(
	"product_versions",
	{
		normalizedName: text("normalized_name").notNull(),
		categoryId: integer("category_id").notNull(),
		version: integer("version").notNull().default(1),
	},
	(t) => [primaryKey({ columns: [t.normalizedName, t.categoryId] })],
);
