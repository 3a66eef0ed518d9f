/** Shopping lists: what a shopper means to buy, planned across the stores near them. */
import { type AnySQLiteColumn, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { HIT_NOTICES, SIZE_UNITS } from "../enums.ts";
import { createdAt, flag, id, updatedAt } from "./columns.ts";
import { users } from "./people.ts";
import { productCategories, stores } from "./reports.ts";

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

/** What a list alert told: the list costs under its target, its cheapest store (or pair) changed, or both. */
export const LIST_ALERT_KINDS = ["under", "cheapest", "both"] as const;
export type ListAlertKind = (typeof LIST_ALERT_KINDS)[number];

/**
 * ours: a list's alert, one per list: near which zip, under what total (the plan's recommended stores, items
 * only) and/or when that recommendation changes. The `seen*` columns are what the last look at the plan
 * found, so the next one tells a change from it; `underFired` is set once "under" has notified, and cleared
 * when the total goes back above the target (the alert is armed again), as a price alert's crossing is.
 */
export const shoppingListAlerts = sqliteTable("shopping_list_alerts", {
	listId: integer("list_id")
		.primaryKey()
		.references((): AnySQLiteColumn => shoppingLists.id, { onDelete: "cascade" }),
	zipCode: text("zip_code", { length: 10 }).notNull(),
	targetCents: integer("target_cents"),
	onCheapestChange: flag("on_cheapest_change", false),
	seenTotalCents: integer("seen_total_cents"),
	/** The recommended stores' ids, sorted and joined ("12,40"), and their names as the plan gave them. */
	seenStoreIds: text("seen_store_ids"),
	seenStoreNames: text("seen_store_names"),
	seenAt: integer("seen_at", { mode: "timestamp_ms" }),
	underFired: flag("under_fired", false),
	underNotifiedAt: integer("under_notified_at", { mode: "timestamp_ms" }),
	createdAt: createdAt(),
	updatedAt: updatedAt(),
});

/**
 * ours: each time a list alert had news, and what became of its notification (HIT_NOTICES, as a price alert's
 * hit): a shopper's daily cap counts these beside their price alerts' hits, and a held one is summed up by
 * the next notification of either kind.
 */
export const shoppingListAlertNotices = sqliteTable(
	"shopping_list_alert_notices",
	{
		id: id(),
		listId: integer("list_id")
			.notNull()
			.references((): AnySQLiteColumn => shoppingLists.id, { onDelete: "cascade" }),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		kind: text("kind", { enum: LIST_ALERT_KINDS }).notNull(),
		notice: text("notice", { enum: HIT_NOTICES }).notNull(),
		totalCents: integer("total_cents").notNull(),
		storeNames: text("store_names").notNull(),
		createdAt: createdAt(),
	},
	(t) => [
		/** The daily cap and the held notices to sum up, by shopper. */
		index("shopping_list_alert_notices_user_idx").on(t.userId, t.notice, t.createdAt),
		index("shopping_list_alert_notices_list_idx").on(t.listId),
	],
);

export type ShoppingListAlert = typeof shoppingListAlerts.$inferSelect;

/** ours: the stores whose member or loyalty-card prices a shopper can pay (what a list's plan counts). */
export const storeMemberships = sqliteTable(
	"store_memberships",
	{
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		storeId: integer("store_id")
			.notNull()
			.references(() => stores.id, { onDelete: "cascade" }),
		createdAt: createdAt(),
	},
	(t) => [primaryKey({ columns: [t.userId, t.storeId] }), index("store_memberships_store_idx").on(t.storeId)],
);
