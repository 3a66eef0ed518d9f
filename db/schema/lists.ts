/** Shopping lists: what a shopper means to buy, planned across the stores near them. */
import { type AnySQLiteColumn, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { SIZE_UNITS } from "../enums.ts";
import { createdAt, flag, id, updatedAt } from "./columns.ts";
import { users } from "./people.ts";
import { productCategories } from "./reports.ts";

/**
 * ours: a shopper's named list. `shareVersion` is null while it is private, else the time it was shared; its
 * read-only link is a MAC of the list and this version under the instance's secret, so making it private ends
 * the link and sharing it again makes a new one.
 */
export const shoppingLists = sqliteTable(
	"shopping_lists",
	{
		id: id(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		name: text("name").notNull(),
		shareVersion: integer("share_version"),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [index("shopping_lists_user_idx").on(t.userId, t.updatedAt)],
);

/**
 * ours: one thing on a list: a product by its barcode, or words (with the category they mean, when known), a
 * quantity and the size wanted; ticked once it is in the basket. `position` keeps the shopper's order.
 */
export const shoppingListItems = sqliteTable(
	"shopping_list_items",
	{
		id: id(),
		listId: integer("list_id")
			.notNull()
			.references((): AnySQLiteColumn => shoppingLists.id, { onDelete: "cascade" }),
		name: text("name").notNull(),
		barcode: text("barcode"),
		categoryId: integer("category_id").references(() => productCategories.id),
		quantity: integer("quantity").notNull().default(1),
		sizeMilli: integer("size_milli"),
		sizeUnit: text("size_unit", { enum: SIZE_UNITS }),
		ticked: flag("ticked", false),
		position: integer("position").notNull(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [index("shopping_list_items_list_idx").on(t.listId, t.position)],
);

export type ShoppingList = typeof shoppingLists.$inferSelect;
export type ShoppingListItem = typeof shoppingListItems.$inferSelect;
