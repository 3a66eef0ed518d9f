/**
 * Suspending an account and lifting the suspension (spec §6), each recorded in the moderation
 * record in its own transaction.
 */
import type { User } from "../../db/schema.ts";
import {
	deleteUpvotesOf,
	deleteWordsOf,
	dismissOpenFlagsOf,
	liftUserRow,
	restoreReportsOf,
	suspendedState,
	suspendUserRow,
	withdrawReportsOf,
} from "../data/suspensions.ts";
import { type Tx, transaction } from "../data/transaction.ts";
import { takeBackUpvotesOf } from "../data/users.ts";
import type { Db } from "../db.ts";
import { badRequest, conflict, notFound } from "../lib/http.ts";
import { plural } from "../lib/plural.ts";
import { HIDE_AT_FLAGS, recountFeedback } from "../reports/index.ts";
import { recordAction } from "./record.ts";

/**
 * The suspended account's words stop counting on others' reports, or its flags would keep a rival's price
 * hidden and its confirmations keep an unusual price trusted: its open flags are dismissed (a moderator's
 * decision, so they are not given again by the same hand) and its other words deleted. A changed price's
 * word goes alone: the report it filed is the account's own, withdrawn with the others. The reports they
 * were about are recounted.
 */
function silenceWords(tx: Tx, userId: string, now: number) {
	for (const table of ["price_reports", "gas_price_reports"] as const) {
		const dismissed = dismissOpenFlagsOf(tx, table, userId, now);
		const deleted = deleteWordsOf(tx, table, userId);
		for (const id of new Set([...dismissed, ...deleted])) recountFeedback(tx, table, id, now);
	}
}

/**
 * Suspends an account with its reason, time and the moderator who did it, and withdraws its live price and
 * fuel reports from everyone's view (a suspension for fake prices must not leave them in search, nor in the
 * stations' prices), the upvotes it gave and its words on others' reports, in the caller's transaction.
 * 404 for no such account, 409 when it is already suspended.
 */
export function suspendAccount(tx: Tx, actor: User, userId: string, reason: string, now: Date) {
	if (userId === actor.id) throw badRequest("You can't terminate your own account");
	const target = suspendedState(tx, userId);
	if (!target) throw notFound("User not found");
	const updated = suspendUserRow(tx, userId, { reason, by: actor.id, now });
	if (!updated) throw conflict("This account is already suspended");
	// Marked as withdrawn for the suspension, so that lifting it brings back these and only these (not those
	// hidden by flags, which wait for a moderator).
	const reportsWithdrawn = withdrawReportsOf(tx, userId, now);
	// The upvotes the account gave go too, or suspended sock puppets would keep others' reputation up.
	// The vote rows go with the counts, so a later deletion of the account cannot take them back twice.
	takeBackUpvotesOf(tx, userId);
	deleteUpvotesOf(tx, userId);
	silenceWords(tx, userId, now.getTime());
	return { ...updated, terminatedAt: updated.terminatedAt?.toISOString() ?? null, reportsWithdrawn };
}

/**
 * POST /api/admin/terminate-account: the suspension and its record, in one transaction. The user's sessions
 * stay, so that their browser can show the suspension screen (where they can delete the account); the
 * route ends their live streams at once.
 */
export async function terminateAccount(db: Db, actor: User, userId: string, reason: string) {
	return transaction(
		db,
		(tx) => {
			const now = new Date();
			const done = suspendAccount(tx, actor, userId, reason, now);
			const record = recordAction(tx, {
				moderator: actor,
				action: "terminate",
				target: done,
				reason,
				detail: `${plural(done.reportsWithdrawn, "report")} withdrawn`,
				now: now.getTime(),
			});
			return { ...done, record };
		},
		"immediate",
	);
}

/**
 * Lifts a suspension: the account is active again (its reason, time and moderator cleared) and the reports
 * withdrawn for the suspension come back, unless they expired meanwhile; one that its flags had hidden before
 * stays with the moderators. What the suspension took (the upvotes and the words the account gave) does not
 * come back.
 */
export async function liftSuspension(db: Db, actor: User, userId: string, reason: string) {
	return transaction(
		db,
		(tx) => {
			const target = suspendedState(tx, userId);
			if (!target) throw notFound("User not found");
			const now = new Date();
			const lifted = liftUserRow(tx, userId, now);
			if (!lifted) throw conflict("This account is not suspended");
			const { products, fuel } = restoreReportsOf(tx, userId, now);
			// Flags raised before the suspension still count: enough of them hide the report again at once.
			for (const r of products) if (r.flags >= HIDE_AT_FLAGS) recountFeedback(tx, "price_reports", r.id, now.getTime());
			for (const r of fuel) if (r.flags >= HIDE_AT_FLAGS) recountFeedback(tx, "gas_price_reports", r.id, now.getTime());
			const reportsRestored = products.length + fuel.length;
			const record = recordAction(tx, {
				moderator: actor,
				action: "lift-suspension",
				target: lifted,
				reason,
				detail: `${plural(reportsRestored, "report")} restored`,
				now: now.getTime(),
			});
			return { ...lifted, reportsRestored, record };
		},
		"immediate",
	);
}
