/**
 * Suspending an account and lifting the suspension (spec §6), each recorded in the moderation
 * record in its own transaction.
 */
import { and, eq, sql } from "drizzle-orm";
import { gasPriceReports, priceReports, type User, users, userUpvotes } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { badRequest, conflict, notFound } from "../lib/http.ts";
import { plural } from "../lib/plural.ts";
import { FEEDBACK_TABLE, HIDE_AT_FLAGS, recountFeedback } from "../reports/index.ts";
import { entryColumns } from "./queries.ts";
import { recordAction } from "./record.ts";

/**
 * The suspended account's words stop counting on others' reports, or its flags would keep a rival's price
 * hidden and its confirmations keep an unusual price trusted: its open flags are dismissed (a moderator's
 * decision, so they are not given again by the same hand) and its other words deleted. A changed price's
 * word goes alone: the report it filed is the account's own, withdrawn with the others. The reports they
 * were about are recounted.
 */
function silenceWords(db: Db, userId: string, now: number) {
	for (const table of ["price_reports", "gas_price_reports"] as const) {
		const feedback = FEEDBACK_TABLE[table];
		const dismissed = db.$client
			.query<{ id: number }, { user: string; now: number }>(
				`UPDATE ${feedback} SET status = 'dismissed', updated_at = $now
          WHERE user_id = $user AND kind = 'wrong' AND status = 'open' RETURNING report_id AS id`,
			)
			.all({ user: userId, now });
		const deleted = db.$client
			.query<{ id: number }, { user: string }>(
				`DELETE FROM ${feedback} WHERE user_id = $user AND kind IN ('confirm', 'unavailable', 'changed')
          RETURNING report_id AS id`,
			)
			.all({ user: userId });
		for (const id of new Set([...dismissed, ...deleted].map((r) => r.id))) recountFeedback(db, table, id, now);
	}
}

/**
 * Suspends an account with its reason, time and the moderator who did it, and withdraws its live price and
 * fuel reports from everyone's view (a suspension for fake prices must not leave them in search, nor in the
 * stations' prices), the upvotes it gave and its words on others' reports, in the caller's transaction.
 * 404 for no such account, 409 when it is already suspended.
 */
export function suspendAccount(db: Db, actor: User, userId: string, reason: string, now: Date) {
	if (userId === actor.id) throw badRequest("You can't terminate your own account");
	const target = db.select({ isTerminated: users.isTerminated }).from(users).where(eq(users.id, userId)).get();
	if (!target) throw notFound("User not found");
	const updated = db
		.update(users)
		.set({ isTerminated: true, terminationReason: reason, terminatedAt: now, terminatedBy: actor.id, updatedAt: now })
		// Two moderators at once: the first decision stands, with its reason.
		.where(and(eq(users.id, userId), eq(users.isTerminated, false)))
		.returning({ ...entryColumns, terminationReason: users.terminationReason, terminatedAt: users.terminatedAt })
		.get();
	if (!updated) throw conflict("This account is already suspended");
	// Marked as withdrawn for the suspension, so that lifting it brings back these and only these (not those
	// hidden by flags, which wait for a moderator). The search index and the stations' current prices follow
	// by their triggers.
	const withdraw = { isActive: false, withdrawnReason: "suspended" as const, updatedAt: now };
	const price = db
		.update(priceReports)
		.set(withdraw)
		.where(and(eq(priceReports.userId, userId), eq(priceReports.isActive, true)))
		.returning({ id: priceReports.id })
		.all().length;
	const fuel = db
		.update(gasPriceReports)
		.set(withdraw)
		.where(and(eq(gasPriceReports.userId, userId), eq(gasPriceReports.isActive, true)))
		.returning({ id: gasPriceReports.id })
		.all().length;
	// The upvotes the account gave go too, or suspended sock puppets would keep others' reputation up.
	// The vote rows go with the counts, so a later deletion of the account cannot take them back twice.
	const voted = sql`SELECT ${userUpvotes.priceReportId} FROM ${userUpvotes} WHERE ${userUpvotes.userId} = ${userId}`;
	db.update(priceReports)
		.set({ upvotes: sql`max(${priceReports.upvotes} - 1, 0)` })
		.where(sql`${priceReports.id} IN (${voted})`)
		.run();
	db.delete(userUpvotes).where(eq(userUpvotes.userId, userId)).run();
	silenceWords(db, userId, now.getTime());
	return { ...updated, terminatedAt: updated.terminatedAt?.toISOString() ?? null, reportsWithdrawn: price + fuel };
}

/**
 * POST /api/admin/terminate-account: the suspension and its record, in one transaction. The user's sessions
 * stay, so that their browser can show the suspension screen (where they can delete the account); the
 * route ends their live streams at once.
 */
export function terminateAccount(db: Db, actor: User, userId: string, reason: string) {
	return db.transaction(
		(tx) => {
			const now = new Date();
			const done = suspendAccount(db, actor, userId, reason, now);
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
		{ behavior: "immediate" },
	);
}

/**
 * Lifts a suspension: the account is active again (its reason, time and moderator cleared) and the reports
 * withdrawn for the suspension come back, unless they expired meanwhile; one that its flags had hidden before
 * stays with the moderators. What the suspension took (the upvotes and the words the account gave) does not
 * come back.
 */
export function liftSuspension(db: Db, actor: User, userId: string, reason: string) {
	return db.transaction(
		(tx) => {
			const target = tx.select({ isTerminated: users.isTerminated }).from(users).where(eq(users.id, userId)).get();
			if (!target) throw notFound("User not found");
			const now = new Date();
			const lifted = tx
				.update(users)
				.set({ isTerminated: false, terminationReason: null, terminatedAt: null, terminatedBy: null, updatedAt: now })
				.where(and(eq(users.id, userId), eq(users.isTerminated, true)))
				.returning(entryColumns)
				.get();
			if (!lifted) throw conflict("This account is not suspended");
			const back = { isActive: true, withdrawnReason: null, updatedAt: now };
			const products = tx
				.update(priceReports)
				.set(back)
				.where(
					and(
						eq(priceReports.userId, userId),
						eq(priceReports.withdrawnReason, "suspended"),
						eq(priceReports.isExpired, false),
					),
				)
				.returning({ id: priceReports.id, flags: priceReports.flagCount })
				.all();
			const fuel = tx
				.update(gasPriceReports)
				.set(back)
				.where(
					and(
						eq(gasPriceReports.userId, userId),
						eq(gasPriceReports.withdrawnReason, "suspended"),
						eq(gasPriceReports.isExpired, false),
					),
				)
				.returning({ id: gasPriceReports.id, flags: gasPriceReports.flagCount })
				.all();
			// Flags raised before the suspension still count: enough of them hide the report again at once.
			for (const r of products) if (r.flags >= HIDE_AT_FLAGS) recountFeedback(db, "price_reports", r.id, now.getTime());
			for (const r of fuel) if (r.flags >= HIDE_AT_FLAGS) recountFeedback(db, "gas_price_reports", r.id, now.getTime());
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
		{ behavior: "immediate" },
	);
}
