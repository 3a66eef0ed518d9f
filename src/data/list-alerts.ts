/**
 * Shopping lists' alerts: set, read and cleared with their list; what the last look at the list's plan
 * found; the notices they gave. The notices count in the shopper's daily cap (data/alert-hits.ts).
 */
import { and, asc, eq, lt, or, sql } from "drizzle-orm";
import type { HitNotice } from "../../db/enums.ts";
import {
	type ListAlertKind,
	type ShoppingListAlert,
	shoppingListAlertNotices,
	shoppingListAlerts,
	shoppingLists,
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

/** Every list alert's list and zip: which of them a price at a place may concern. */
export async function watchedLists(db: Db): Promise<{ listId: number; zipCode: string }[]> {
	return db
		.select({ listId: shoppingListAlerts.listId, zipCode: shoppingListAlerts.zipCode })
		.from(shoppingListAlerts)
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
