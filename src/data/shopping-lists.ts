/** Shopping lists' rows: a shopper's lists and their items, in the shopper's order. */
import { and, asc, count, desc, eq, max, sql } from "drizzle-orm";
import type { SizeUnit } from "../../db/enums.ts";
import { type ShoppingList, type ShoppingListItem, shoppingListItems, shoppingLists } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Tx } from "./transaction.ts";

export type ListSummaryRow = Pick<ShoppingList, "id" | "name" | "shareVersion" | "updatedAt"> & {
	items: number;
	ticked: number;
};

/** The shopper's lists, the last changed first, with how many items each holds and how many are ticked. */
export async function listRowsOf(db: Db, userId: string): Promise<ListSummaryRow[]> {
	return db
		.select({
			id: shoppingLists.id,
			name: shoppingLists.name,
			shareVersion: shoppingLists.shareVersion,
			updatedAt: shoppingLists.updatedAt,
			items: sql<number>`(SELECT count(*) FROM shopping_list_items i WHERE i.list_id = shopping_lists.id)`,
			ticked: sql<number>`(SELECT count(*) FROM shopping_list_items i WHERE i.list_id = shopping_lists.id AND i.ticked = 1)`,
		})
		.from(shoppingLists)
		.where(eq(shoppingLists.userId, userId))
		.orderBy(desc(shoppingLists.updatedAt), desc(shoppingLists.id))
		.all();
}

export function listCountOf(tx: Tx, userId: string): number {
	return tx.select({ n: count() }).from(shoppingLists).where(eq(shoppingLists.userId, userId)).get()?.n ?? 0;
}

export function insertList(tx: Tx, userId: string, name: string): ShoppingList {
	return tx.insert(shoppingLists).values({ userId, name }).returning().get();
}

/** A list by its id, whoever owns it (the caller checks). */
export async function listById(db: Db | Tx, id: number): Promise<ShoppingList | null> {
	return db.select().from(shoppingLists).where(eq(shoppingLists.id, id)).get() ?? null;
}

export async function updateListRow(
	db: Db,
	id: number,
	patch: { name?: string; shareVersion?: number | null },
): Promise<ShoppingList> {
	return db
		.update(shoppingLists)
		.set({ ...patch, updatedAt: new Date() })
		.where(eq(shoppingLists.id, id))
		.returning()
		.get() as ShoppingList;
}

export async function deleteListRow(db: Db, id: number) {
	await db.delete(shoppingLists).where(eq(shoppingLists.id, id)).run();
}

/** The list's items in the shopper's order. */
export async function itemRowsOf(db: Db | Tx, listId: number): Promise<ShoppingListItem[]> {
	return db
		.select()
		.from(shoppingListItems)
		.where(eq(shoppingListItems.listId, listId))
		.orderBy(asc(shoppingListItems.position), asc(shoppingListItems.id))
		.all();
}

export function itemCountOf(tx: Tx, listId: number): number {
	return tx.select({ n: count() }).from(shoppingListItems).where(eq(shoppingListItems.listId, listId)).get()?.n ?? 0;
}

export type NewItem = {
	name: string;
	barcode: string | null;
	categoryId: number | null;
	quantity: number;
	size: { quantity: number; unit: SizeUnit } | null;
};

const sizeColumns = (size: NewItem["size"]) => ({
	sizeMilli: size ? Math.round(size.quantity * 1000) : null,
	sizeUnit: size?.unit ?? null,
});

/** Adds an item at the end of the list, and marks the list changed. */
export function insertItem(tx: Tx, listId: number, item: NewItem): ShoppingListItem {
	const last = tx
		.select({ at: max(shoppingListItems.position) })
		.from(shoppingListItems)
		.where(eq(shoppingListItems.listId, listId))
		.get()?.at;
	const { size, ...rest } = item;
	const row = tx
		.insert(shoppingListItems)
		.values({ ...rest, ...sizeColumns(size), listId, position: (last ?? 0) + 1 })
		.returning()
		.get();
	touchList(tx, listId);
	return row;
}

export type ItemPatch = { name?: string; quantity?: number; size?: NewItem["size"]; ticked?: boolean };

/** Changes one of the list's items; null when the list has no such item. */
export function updateItemRow(tx: Tx, listId: number, itemId: number, patch: ItemPatch): ShoppingListItem | null {
	const { size, ...rest } = patch;
	const row = tx
		.update(shoppingListItems)
		.set({ ...rest, ...(size !== undefined ? sizeColumns(size) : {}), updatedAt: new Date() })
		.where(and(eq(shoppingListItems.listId, listId), eq(shoppingListItems.id, itemId)))
		.returning()
		.get();
	if (row) touchList(tx, listId);
	return row ?? null;
}

/** Removes one of the list's items; false when the list has no such item. */
export function deleteItemRow(tx: Tx, listId: number, itemId: number): boolean {
	const gone = tx
		.delete(shoppingListItems)
		.where(and(eq(shoppingListItems.listId, listId), eq(shoppingListItems.id, itemId)))
		.returning({ id: shoppingListItems.id })
		.get();
	if (gone) touchList(tx, listId);
	return Boolean(gone);
}

function touchList(tx: Tx, listId: number) {
	tx.update(shoppingLists).set({ updatedAt: new Date() }).where(eq(shoppingLists.id, listId)).run();
}
