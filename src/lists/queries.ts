/** Shopping lists as their shopper and a shared link's reader see them. */
import type { ShoppingList, ShoppingListItem } from "../../db/schema.ts";
import { listAlertOf, lookAnew } from "../data/list-alerts.ts";
import { categoryName } from "../data/price-history.ts";
import { productByGtin } from "../data/products.ts";
import {
	deleteItemRow,
	deleteListRow,
	insertItem,
	insertList,
	itemCountOf,
	itemRowsOf,
	type ListSummaryRow,
	listById,
	listCountOf,
	listRowsOf,
	updateItemRow,
	updateListRow,
} from "../data/shopping-lists.ts";
import { transaction } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import { CATEGORY_NOT_FOUND } from "../deals/index.ts";
import { badRequest, conflict, notFound } from "../lib/http.ts";
import { alertJson } from "./alert-look.ts";
import {
	type AddItemInput,
	ITEM_NOT_FOUND,
	LIST_NOT_FOUND,
	MAX_ITEMS_PER_LIST,
	MAX_LISTS_PER_USER,
	TOO_MANY_ITEMS,
	TOO_MANY_LISTS,
	type UpdateItemInput,
	type UpdateListInput,
} from "./schemas.ts";
import { isShareOf, listIdOfToken, shareToken } from "./share.ts";

/** Where a shared list opens in the app. */
export const sharedListPath = (token: string) => `/shared-lists/${token}`;

const itemJson = (row: ShoppingListItem) => ({
	id: row.id,
	name: row.name,
	barcode: row.barcode,
	categoryId: row.categoryId,
	quantity: row.quantity,
	size: row.sizeMilli !== null && row.sizeUnit !== null ? { quantity: row.sizeMilli / 1000, unit: row.sizeUnit } : null,
	ticked: row.ticked,
});
export type ListItemJson = ReturnType<typeof itemJson>;

const summaryJson = (row: ListSummaryRow) => ({
	id: row.id,
	name: row.name,
	items: row.items,
	ticked: row.ticked,
	shared: row.shareVersion !== null,
	updatedAt: row.updatedAt.toISOString(),
});

async function listJson(db: Db, secret: string, list: ShoppingList) {
	const alert = await listAlertOf(db, list.id);
	return {
		id: list.id,
		name: list.name,
		shareUrl: list.shareVersion === null ? null : sharedListPath(shareToken(secret, list.id, list.shareVersion)),
		updatedAt: list.updatedAt.toISOString(),
		items: (await itemRowsOf(db, list.id)).map(itemJson),
		/** Its alert, when one is set: never on the shared link's answer. */
		alert: alert && alertJson(alert),
	};
}
export type ListJson = Awaited<ReturnType<typeof listJson>>;

export async function listsOf(db: Db, userId: string) {
	return (await listRowsOf(db, userId)).map(summaryJson);
}

/** The shopper's own list; another's is as unknown as one never made. */
export async function ownList(db: Db, userId: string, id: number): Promise<ShoppingList> {
	const list = await listById(db, id);
	if (!list || list.userId !== userId) throw notFound(LIST_NOT_FOUND);
	return list;
}

export async function createList(db: Db, secret: string, userId: string, name: string) {
	const list = await transaction(
		db,
		(tx) => {
			if (listCountOf(tx, userId) >= MAX_LISTS_PER_USER) throw conflict(TOO_MANY_LISTS);
			return insertList(tx, userId, name);
		},
		"immediate",
	);
	return listJson(db, secret, list);
}

export async function readList(db: Db, secret: string, userId: string, id: number) {
	return listJson(db, secret, await ownList(db, userId, id));
}

/** Renames, shares (a link; asked again while shared, the same one) or makes private again (its link ends). */
export async function updateList(db: Db, secret: string, userId: string, id: number, patch: UpdateListInput) {
	const list = await ownList(db, userId, id);
	// Shared anew, a version no earlier link of the list was made with: the time.
	const shareVersion = patch.shared === undefined ? undefined : patch.shared ? (list.shareVersion ?? Date.now()) : null;
	const updated = await updateListRow(db, id, {
		...(patch.name !== undefined ? { name: patch.name } : {}),
		...(shareVersion !== undefined ? { shareVersion } : {}),
	});
	return listJson(db, secret, updated);
}

export async function deleteList(db: Db, userId: string, id: number) {
	await ownList(db, userId, id);
	await deleteListRow(db, id);
	return { id };
}

/** Adds an item; one by barcode alone takes the product's name (its code, for one nobody has named). */
export async function addItem(db: Db, userId: string, listId: number, input: AddItemInput) {
	await ownList(db, userId, listId);
	if (input.categoryId !== null && categoryName(db, input.categoryId) === null)
		throw badRequest(CATEGORY_NOT_FOUND, { issues: [{ path: "categoryId", message: CATEGORY_NOT_FOUND }] });
	const product = input.barcode ? productByGtin(db, input.barcode) : null;
	const row = await transaction(
		db,
		(tx) => {
			if (itemCountOf(tx, listId) >= MAX_ITEMS_PER_LIST) throw conflict(TOO_MANY_ITEMS);
			const row = insertItem(tx, listId, {
				name: input.name || product?.name || (input.barcode ?? ""),
				barcode: input.barcode ?? null,
				categoryId: input.categoryId ?? product?.categoryId ?? null,
				quantity: input.quantity,
				size: input.size ?? (input.name ? null : (product?.size ?? null)),
			});
			lookAnew(tx, { listId });
			return row;
		},
		"immediate",
	);
	return itemJson(row);
}

/**
 * Ticking an item leaves the list's plan as it was; adding, editing or removing one changes it, by the
 * shopper's own doing, which the list's alert only records (lookAnew).
 */
const changesPlan = (patch: UpdateItemInput) =>
	Object.entries(patch).some(([field, value]) => field !== "ticked" && value !== undefined);

export async function updateItem(db: Db, userId: string, listId: number, itemId: number, patch: UpdateItemInput) {
	await ownList(db, userId, listId);
	const row = await transaction(
		db,
		(tx) => {
			const updated = updateItemRow(tx, listId, itemId, patch);
			if (updated && changesPlan(patch)) lookAnew(tx, { listId });
			return updated;
		},
		"immediate",
	);
	if (!row) throw notFound(ITEM_NOT_FOUND);
	return itemJson(row);
}

export async function deleteItem(db: Db, userId: string, listId: number, itemId: number) {
	await ownList(db, userId, listId);
	const gone = await transaction(
		db,
		(tx) => {
			const deleted = deleteItemRow(tx, listId, itemId);
			if (deleted) lookAnew(tx, { listId });
			return deleted;
		},
		"immediate",
	);
	if (!gone) throw notFound(ITEM_NOT_FOUND);
	return { id: itemId };
}

/** A list by its read-only link: its name and items, nothing of whose it is. */
export async function sharedList(db: Db, secret: string, token: string) {
	const id = listIdOfToken(token);
	const list = id === null ? null : await listById(db, id);
	if (!list || !isShareOf(secret, token, list)) throw notFound(LIST_NOT_FOUND);
	const items = (await itemRowsOf(db, list.id)).map(itemJson);
	return { name: list.name, updatedAt: list.updatedAt.toISOString(), items };
}
