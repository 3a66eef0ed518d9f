/** Products with an identity: a barcode, and the name shoppers know it by. */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { SIZE_UNITS } from "../enums.ts";
import { createdAt, updatedAt } from "./columns.ts";
import { users } from "./people.ts";
import { productCategories } from "./reports.ts";

/**
 * ours: a product known by its barcode (a normalised GTIN, decision 0089), made by the first report that carries
 * it. Its reports share one product key whatever words each reporter typed (price_reports.normalized_name); its
 * name is the one shoppers gave it most often (productNames) until a shopper corrects it, its category the first
 * report's.
 */
export const products = sqliteTable("products", {
	gtin: text("gtin").primaryKey(),
	name: text("name").notNull(),
	categoryId: integer("category_id")
		.notNull()
		.references(() => productCategories.id),
	/** The brand, as a shopper wrote it; null until one does. */
	brand: text("brand"),
	/** The size in thousandths of its unit (as price_reports.size_milli): the first report's that gives one. */
	sizeMilli: integer("size_milli"),
	sizeUnit: text("size_unit", { enum: SIZE_UNITS }),
	/** The shopper who last corrected the product: it then stays as they wrote it, whatever reports come after. */
	correctedBy: text("corrected_by").references(() => users.id, { onDelete: "set null" }),
	correctedAt: integer("corrected_at"),
	createdAt: createdAt(),
	updatedAt: updatedAt(),
});

/**
 * ours: how often each name was given to a product with a barcode, one row per name as search matches names
 * (lower-cased, spaces folded), spelled as it was first given. The most given names the product.
 */
export const productNames = sqliteTable(
	"product_names",
	{
		gtin: text("gtin")
			.notNull()
			.references(() => products.gtin, { onDelete: "cascade" }),
		nameKey: text("name_key").notNull(),
		name: text("name").notNull(),
		reports: integer("reports").notNull().default(0),
		createdAt: createdAt(),
	},
	(t) => [primaryKey({ columns: [t.gtin, t.nameKey] })],
);
