import { and, eq, sql } from "drizzle-orm";
import { gasPriceReports, priceReports, type User, users, userUpvotes } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { badRequest, conflict, notFound } from "../lib/http.ts";

/** Enough for a moderator to find someone by a few letters of the username. */
export const ADMIN_LIST_LIMIT = 100;

const entryColumns = {
	id: users.id,
	username: users.username,
	firstName: users.firstName,
	lastName: users.lastName,
	profileImageUrl: users.profileImageUrl,
	isTerminated: users.isTerminated,
};

/**
 * The "Admin user list entry" shape of spec §3, for everyone (private and suspended accounts too):
 * usernames containing the filter, case aside, in alphabetical order; the first `limit`, and how many match
 * in all (the console says when the list is cut).
 */
export function listUsersForAdmin(db: Db, filter: string, limit = ADMIN_LIST_LIMIT) {
	const text = filter.trim().toLowerCase();
	const escaped = text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
	const rows = db
		.select({ ...entryColumns, total: sql<number>`count(*) OVER ()` })
		.from(users)
		.where(text ? sql`lower(${users.username}) LIKE ${`%${escaped}%`} ESCAPE '\\'` : undefined)
		.orderBy(sql`lower(${users.username})`)
		.limit(limit)
		.all();
	return { users: rows.map(({ total: _, ...entry }) => entry), total: rows[0]?.total ?? 0 };
}

/**
 * Suspends an account with its reason, time and the moderator who did it, and withdraws its live price and
 * fuel reports from everyone's view (a suspension for fake prices must not leave them in search, nor in the
 * stations' prices) and the upvotes it gave, in one transaction. The user's sessions stay, so that their browser can show the
 * suspension screen (where they can delete the account); the route ends their live streams at once.
 */
export function terminateAccount(db: Db, actor: User, userId: string, reason: string) {
	if (userId === actor.id) throw badRequest("You can't terminate your own account");
	return db.transaction(
		(tx) => {
			const target = tx.select({ isTerminated: users.isTerminated }).from(users).where(eq(users.id, userId)).get();
			if (!target) throw notFound("User not found");
			const now = new Date();
			const updated = tx
				.update(users)
				.set({
					isTerminated: true,
					terminationReason: reason,
					terminatedAt: now,
					terminatedBy: actor.id,
					updatedAt: now,
				})
				// Two moderators at once: the first decision stands, with its reason.
				.where(and(eq(users.id, userId), eq(users.isTerminated, false)))
				.returning({ ...entryColumns, terminationReason: users.terminationReason, terminatedAt: users.terminatedAt })
				.get();
			if (!updated) throw conflict("This account is already suspended");
			// Only here does is_active become 0 (expiry has its own flag), so it reads "withdrawn by moderation".
			// The search index and the stations' current prices follow by their triggers.
			const withdraw = { isActive: false, updatedAt: now };
			const price = tx
				.update(priceReports)
				.set(withdraw)
				.where(and(eq(priceReports.userId, userId), eq(priceReports.isActive, true)))
				.returning({ id: priceReports.id })
				.all().length;
			const fuel = tx
				.update(gasPriceReports)
				.set(withdraw)
				.where(and(eq(gasPriceReports.userId, userId), eq(gasPriceReports.isActive, true)))
				.returning({ id: gasPriceReports.id })
				.all().length;
			// The upvotes the account gave go too, or suspended sock puppets would keep others' reputation up.
			// The vote rows go with the counts, so a later deletion of the account cannot take them back twice.
			const voted = sql`SELECT ${userUpvotes.priceReportId} FROM ${userUpvotes} WHERE ${userUpvotes.userId} = ${userId}`;
			tx.update(priceReports)
				.set({ upvotes: sql`max(${priceReports.upvotes} - 1, 0)` })
				.where(sql`${priceReports.id} IN (${voted})`)
				.run();
			tx.delete(userUpvotes).where(eq(userUpvotes.userId, userId)).run();
			return { ...updated, terminatedAt: updated.terminatedAt?.toISOString() ?? null, reportsWithdrawn: price + fuel };
		},
		{ behavior: "immediate" },
	);
}
