/**
 * Shopping lists' alerts: set, read and cleared with their list; what the last look at the list's plan
 * found; the notices they gave. The notices count in the shopper's daily cap (data/alert-hits.ts).
 */
import { and, asc, count, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { HitNotice } from "../../db/enums.ts";
import {
	type ListAlertKind,
	type ShoppingListAlert,
	shoppingListAlertNotices,
	shoppingListAlerts,
	shoppingListItems,
	shoppingLists,
	stores,
	type User,
	users,
} from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Tx } from "./transaction.ts";

export type ListAlertSetting = Pick<ShoppingListAlert, "zipCode" | "targetCents" | "onCheapestChange">;
/** What one look at the plan found, and whether "under" has notified (and still holds). */
export type ListLook = Pick<
	ShoppingListAlert,
	"seenTotalCents" | "seenStoreIds" | "seenStoreNames" | "seenAt" | "underFired" | "underNotifiedAt"
>;

export async function listAlertOf(db: Db, listId: number): Promise<ShoppingListAlert | null> {
	return db.select().from(shoppingListAlerts).where(eq(shoppingListAlerts.listId, listId)).get() ?? null;
}

/** The list's alert as it is inside a transaction (it may have been set anew since it was last read). */
export function listAlertIn(tx: Tx, listId: number): ShoppingListAlert | null {
	return tx.select().from(shoppingListAlerts).where(eq(shoppingListAlerts.listId, listId)).get() ?? null;
}

/** Sets the list's alert anew: its settings and the first look, which later looks are compared with. */
export async function putListAlertRow(db: Db, listId: number, setting: ListAlertSetting, look: ListLook) {
	const values = { ...setting, ...look, updatedAt: new Date() };
	return db
		.insert(shoppingListAlerts)
		.values({ listId, ...values })
		.onConflictDoUpdate({ target: shoppingListAlerts.listId, set: values })
		.returning()
		.get();
}

/** Clears the list's alert; false when it had none. */
export async function deleteListAlertRow(db: Db, listId: number): Promise<boolean> {
	const gone = await db
		.delete(shoppingListAlerts)
		.where(eq(shoppingListAlerts.listId, listId))
		.returning({ listId: shoppingListAlerts.listId })
		.get();
	return Boolean(gone);
}

/** Every list alert's list and zip (one narrow row each, no items): which of them a price at a place may concern. */
export async function watchedLists(db: Db): Promise<{ listId: number; zipCode: string }[]> {
	return db
		.select({ listId: shoppingListAlerts.listId, zipCode: shoppingListAlerts.zipCode })
		.from(shoppingListAlerts)
		.all();
}

/** The items' names and categories of a few lists, by the items' list index: what a written price may concern. */
export async function itemTermsOf(db: Db, listIds: readonly number[]) {
	return db
		.select({
			listId: shoppingListItems.listId,
			name: shoppingListItems.name,
			categoryId: shoppingListItems.categoryId,
		})
		.from(shoppingListItems)
		.where(inArray(shoppingListItems.listId, [...listIds]))
		.all();
}

/** The alerts not looked at since `before`, the longest ago first, at most `limit`. */
export async function staleListAlerts(db: Db, before: Date, limit: number): Promise<number[]> {
	const rows = await db
		.select({ listId: shoppingListAlerts.listId })
		.from(shoppingListAlerts)
		.where(or(sql`${shoppingListAlerts.seenAt} IS NULL`, lt(shoppingListAlerts.seenAt, before)))
		.orderBy(asc(shoppingListAlerts.seenAt))
		.limit(limit)
		.all();
	return rows.map((r) => r.listId);
}

/** A list's alert with what a look at its plan needs: the list's name and its owner, unless suspended. */
export async function listAlertSubject(db: Db, listId: number) {
	const row = await db
		.select({ alert: shoppingListAlerts, listName: shoppingLists.name, user: users })
		.from(shoppingListAlerts)
		.innerJoin(shoppingLists, eq(shoppingLists.id, shoppingListAlerts.listId))
		.innerJoin(users, eq(users.id, shoppingLists.userId))
		.where(and(eq(shoppingListAlerts.listId, listId), eq(users.isTerminated, false)))
		.get();
	return (row ?? null) as { alert: ShoppingListAlert; listName: string; user: User } | null;
}

/**
 * After the shopper changed what the list's plan reads (its items, the stores they are a member of): the
 * next look only records, as the first one does. The stores seen are forgotten, so no change of store is
 * told, and "under" counts as told, as a total under the target when the alert is set does (it arms again
 * once above). The new `updatedAt` makes a look planned before the change store nothing.
 */
export function lookAnew(tx: Tx, of: { listId: number } | { userId: string }, now = new Date()) {
	const which =
		"listId" in of
			? eq(shoppingListAlerts.listId, of.listId)
			: inArray(
					shoppingListAlerts.listId,
					tx.select({ id: shoppingLists.id }).from(shoppingLists).where(eq(shoppingLists.userId, of.userId)),
				);
	tx.update(shoppingListAlerts)
		.set({ seenStoreIds: null, underFired: true, underNotifiedAt: now, updatedAt: now })
		.where(which)
		.run();
}

/** Whether every store of a look's ids ("12,40") is still there: a merge deletes the duplicate it folds in. */
export function storesStillThere(tx: Tx, storeIds: string): boolean {
	const ids = storeIds.split(",").map(Number);
	const found = tx.select({ n: count() }).from(stores).where(inArray(stores.id, ids)).get()?.n ?? 0;
	return found === new Set(ids).size;
}

/** Whether one of the list's notices is held, not summed up yet. */
export function hasHeldNotice(tx: Tx, listId: number): boolean {
	const row = tx
		.select({ id: shoppingListAlertNotices.id })
		.from(shoppingListAlertNotices)
		.where(and(eq(shoppingListAlertNotices.listId, listId), eq(shoppingListAlertNotices.notice, "held")))
		.limit(1)
		.get();
	return row !== undefined;
}

/** Stores what a look found (the alert's settings stay as they are). */
export function recordListLook(tx: Tx, listId: number, look: Partial<ListLook>) {
	tx.update(shoppingListAlerts).set(look).where(eq(shoppingListAlerts.listId, listId)).run();
}

export function insertListNotice(
	tx: Tx,
	row: {
		listId: number;
		userId: string;
		kind: ListAlertKind;
		notice: HitNotice;
		totalCents: number;
		storeNames: string;
		at: Date;
	},
) {
	const { at, ...values } = row;
	tx.insert(shoppingListAlertNotices)
		.values({ ...values, createdAt: at })
		.run();
}
