import { and, asc, desc, eq } from "drizzle-orm";
import { pushSubscriptions, users } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { notFound, unauthorized } from "../lib/http.ts";
import type { PushSubscriptionInput } from "./schemas.ts";

/**
 * A shopper's subscriptions beyond this replace their oldest (the least recently renewed: a browser posts its
 * subscription again on every start): each belongs to a signed-in session, so more means devices and
 * browsers long gone, and refusing would lock the shopper's newest device out instead. Few, because each is
 * an address the shopper chose that every message of theirs is sent to.
 */
export const MAX_SUBSCRIPTIONS_PER_USER = 5;

export const SUBSCRIPTION_NOT_FOUND = "Push subscription not found";

/**
 * Stores the subscription for the shopper and this session. The same endpoint again (the browser renewed its
 * keys, or another account signed in on it) moves the row to them: one browser, one endpoint, one owner.
 */
export function saveSubscription(db: Db, owner: { userId: string; sid: string }, input: PushSubscriptionInput) {
	try {
		return writeSubscription(db, owner, input);
	} catch (error) {
		// The session ended while the endpoint's host was looked up (a sign-out in another tab).
		if ((error as { code?: string }).code === "SQLITE_CONSTRAINT_FOREIGNKEY") throw unauthorized();
		throw error;
	}
}

function writeSubscription(db: Db, owner: { userId: string; sid: string }, input: PushSubscriptionInput) {
	return db.transaction(
		(tx) => {
			const fields = { userId: owner.userId, sessionId: owner.sid, p256dh: input.keys.p256dh, auth: input.keys.auth };
			const updated = tx
				.update(pushSubscriptions)
				.set({ ...fields, updatedAt: new Date() })
				.where(eq(pushSubscriptions.endpoint, input.endpoint))
				.returning({ id: pushSubscriptions.id })
				.get();
			if (updated) return { id: updated.id, created: false };
			const others = tx
				.select({ id: pushSubscriptions.id })
				.from(pushSubscriptions)
				.where(eq(pushSubscriptions.userId, owner.userId))
				.orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
				.all();
			for (const old of others.slice(MAX_SUBSCRIPTIONS_PER_USER - 1)) {
				tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, old.id)).run();
			}
			const row = tx
				.insert(pushSubscriptions)
				.values({ ...fields, endpoint: input.endpoint })
				.returning({ id: pushSubscriptions.id })
				.get();
			return { id: row.id, created: true };
		},
		{ behavior: "immediate" },
	);
}

/** Removes the shopper's subscription with this endpoint; 404 when they have none. */
export function deleteSubscription(db: Db, userId: string, endpoint: string) {
	const gone = db
		.delete(pushSubscriptions)
		.where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
		.returning({ id: pushSubscriptions.id })
		.get();
	if (!gone) throw notFound(SUBSCRIPTION_NOT_FOUND);
	return { id: gone.id };
}

export type StoredSubscription = { id: number; endpoint: string; p256dh: string; auth: string };

/** Where a shopper's messages go, oldest device first; nowhere for a suspended account (its sessions stay). */
export function subscriptionsOf(db: Db, userId: string): StoredSubscription[] {
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
export function dropSubscription(db: Db, id: number) {
	db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id)).run();
}

/** Whether the row is still the shopper's with the same keys: a retry must not reach a moved or renewed one. */
export function subscriptionStillThere(db: Db, sub: StoredSubscription, userId: string) {
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
