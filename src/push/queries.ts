import {
	deleteSubscriptionById,
	deleteSubscriptionOf,
	insertSubscription,
	moveSubscription,
	subscriptionIdsOf,
} from "../data/push-subscriptions.ts";
import { transaction } from "../data/transaction.ts";
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
export async function saveSubscription(db: Db, owner: { userId: string; sid: string }, input: PushSubscriptionInput) {
	try {
		return await writeSubscription(db, owner, input);
	} catch (error) {
		// The session ended while the endpoint's host was looked up (a sign-out in another tab).
		if ((error as { code?: string }).code === "SQLITE_CONSTRAINT_FOREIGNKEY") throw unauthorized();
		throw error;
	}
}

function writeSubscription(db: Db, owner: { userId: string; sid: string }, input: PushSubscriptionInput) {
	return transaction(
		db,
		(tx) => {
			const fields = { userId: owner.userId, sessionId: owner.sid, p256dh: input.keys.p256dh, auth: input.keys.auth };
			const updated = moveSubscription(tx, input.endpoint, fields);
			if (updated) return { id: updated.id, created: false };
			const others = subscriptionIdsOf(tx, owner.userId);
			for (const old of others.slice(MAX_SUBSCRIPTIONS_PER_USER - 1)) deleteSubscriptionById(tx, old.id);
			const row = insertSubscription(tx, { ...fields, endpoint: input.endpoint });
			return { id: row.id, created: true };
		},
		"immediate",
	);
}

/** Removes the shopper's subscription with this endpoint; 404 when they have none. */
export async function deleteSubscription(db: Db, userId: string, endpoint: string) {
	const gone = await deleteSubscriptionOf(db, userId, endpoint);
	if (!gone) throw notFound(SUBSCRIPTION_NOT_FOUND);
	return { id: gone.id };
}
