/** The stores whose member or loyalty-card prices a shopper can pay. */
import { and, eq } from "drizzle-orm";
import { storeMemberships, stores } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Tx } from "./transaction.ts";

/** The store of an id, as a membership names it; null when there is none. */
export async function storeById(db: Db, id: number) {
	return (
		db
			.select({ id: stores.id, name: stores.name, address: stores.address })
			.from(stores)
			.where(eq(stores.id, id))
			.get() ?? null
	);
}

/** The ids of the stores the shopper is a member of. */
export async function memberStoreIds(db: Db, userId: string): Promise<Set<number>> {
	const rows = db
		.select({ storeId: storeMemberships.storeId })
		.from(storeMemberships)
		.where(eq(storeMemberships.userId, userId))
		.all();
	return new Set(rows.map((r) => r.storeId));
}

/** Marks the shopper a member of the store, or not; saying it twice changes nothing. */
export async function setMembership(db: Db, userId: string, storeId: number, member: boolean): Promise<void> {
	if (member) db.insert(storeMemberships).values({ userId, storeId }).onConflictDoNothing().run();
	else
		db.delete(storeMemberships)
			.where(and(eq(storeMemberships.userId, userId), eq(storeMemberships.storeId, storeId)))
			.run();
}

/** Whether a shopper is a member of a store, as a statement compiled once for many asks in one transaction. */
export function memberReader(tx: Tx): (userId: string, storeId: number) => boolean {
	const read = tx.$client.query<{ 1: number }, { user: string; store: number }>(
		"SELECT 1 FROM store_memberships WHERE user_id = $user AND store_id = $store",
	);
	return (userId, storeId) => read.get({ user: userId, store: storeId }) !== null;
}
