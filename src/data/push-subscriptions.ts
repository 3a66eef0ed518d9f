/**
 * Shoppers' Web Push subscriptions: one row per browser endpoint, owned by the session that subscribed it.
 * The sender reads them for every message it queues and checks one again before each try.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { type PushSubscriptionRow, pushSubscriptions, users } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Tx } from "./transaction.ts";

type Fields = Pick<PushSubscriptionRow, "userId" | "sessionId" | "p256dh" | "auth">;

/** Gives the row of this endpoint to the owner and keys given: its id, or undefined when there is none. */
export function moveSubscription(tx: Tx, endpoint: string, fields: Fields): { id: number } | undefined {
	return tx
		.update(pushSubscriptions)
		.set({ ...fields, updatedAt: new Date() })
		.where(eq(pushSubscriptions.endpoint, endpoint))
		.returning({ id: pushSubscriptions.id })
		.get();
}

/** The shopper's subscriptions, the most recently renewed first. */
export function subscriptionIdsOf(tx: Tx, userId: string): { id: number }[] {
	return tx
		.select({ id: pushSubscriptions.id })
		.from(pushSubscriptions)
		.where(eq(pushSubscriptions.userId, userId))
		.orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
		.all();
}

export function deleteSubscriptionById(tx: Tx, id: number) {
	tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id)).run();
}

export function insertSubscription(tx: Tx, values: Fields & { endpoint: string }): { id: number } {
	return tx.insert(pushSubscriptions).values(values).returning({ id: pushSubscriptions.id }).get();
}

/** Removes the shopper's subscription with this endpoint: its id, or undefined when they have none. */
export async function deleteSubscriptionOf(
	db: Db,
	userId: string,
	endpoint: string,
): Promise<{ id: number } | undefined> {
	return db
		.delete(pushSubscriptions)
		.where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
		.returning({ id: pushSubscriptions.id })
		.get();
}

export type StoredSubscription = { id: number; endpoint: string; p256dh: string; auth: string };

/** Where a shopper's messages go, oldest device first; nowhere for a suspended account (its sessions stay). */
export async function subscriptionsOf(db: Db, userId: string): Promise<StoredSubscription[]> {
	return db
		.select({
			id: pushSubscriptions.id,
			endpoint: pushSubscriptions.endpoint,
			p256dh: pushSubscriptions.p256dh,
			auth: pushSubscriptions.auth,
		})
		.from(pushSubscriptions)
		.innerJoin(users, eq(users.id, pushSubscriptions.userId))
		.where(and(eq(pushSubscriptions.userId, userId), eq(users.isTerminated, false)))
		.orderBy(asc(pushSubscriptions.id))
		.all();
}

/** Forgets a subscription the push service says is gone. */
export async function dropSubscription(db: Db, id: number) {
	db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id)).run();
}

/** Whether the row is still the shopper's with the same keys: a retry must not reach a moved or renewed one. */
export async function subscriptionStillThere(db: Db, sub: StoredSubscription, userId: string): Promise<boolean> {
	const row = db
		.select({ id: pushSubscriptions.id })
		.from(pushSubscriptions)
		.where(
			and(
				eq(pushSubscriptions.id, sub.id),
				eq(pushSubscriptions.userId, userId),
				eq(pushSubscriptions.p256dh, sub.p256dh),
				eq(pushSubscriptions.auth, sub.auth),
			),
		)
		.get();
	return row !== undefined;
}
