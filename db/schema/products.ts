/** Products with an identity: a barcode, and the name shoppers know it by. */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns.ts";
import { productCategories } from "./reports.ts";

/**
 * ours: a product known by its barcode (a normalised GTIN, decision 0089), made by the first report that carries
 * it. Its reports share one product key whatever words each reporter typed (price_reports.normalized_name); its
 * name is the one shoppers gave it, its category the first report's.
 */
export const products = sqliteTable("products", {
	gtin: text("gtin").primaryKey(),
	name: text("name").notNull(),
	categoryId: integer("category_id")
		.notNull()
		.references(() => productCategories.id),
	createdAt: createdAt(),
	updatedAt: updatedAt(),
});
