import { and, eq, sql } from "drizzle-orm";
import { type User, users } from "../../db/schema.ts";
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
 * usernames containing the filter, case aside, in alphabetical order.
 */
export function listUsersForAdmin(db: Db, filter: string, limit = ADMIN_LIST_LIMIT) {
  const text = filter.trim().toLowerCase();
  const escaped = text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return db
    .select(entryColumns)
    .from(users)
    .where(text ? sql`lower(${users.username}) LIKE ${`%${escaped}%`} ESCAPE '\\'` : undefined)
    .orderBy(sql`lower(${users.username})`)
    .limit(limit)
    .all();
}

/**
 * Suspends an account with its reason, time and the moderator who did it. The user's sessions stay: their
 * open browser shows the suspension screen on its next load, and that is where they can delete the account.
 */
export function terminateAccount(db: Db, actor: User, userId: string, reason: string) {
  if (userId === actor.id) throw badRequest("You can't terminate your own account");
  const target = db.select({ isTerminated: users.isTerminated }).from(users).where(eq(users.id, userId)).get();
  if (!target) throw notFound("User not found");
  const now = new Date();
  const updated = db
    .update(users)
    .set({ isTerminated: true, terminationReason: reason, terminatedAt: now, terminatedBy: actor.id, updatedAt: now })
    // Two moderators at once: the first decision stands, with its reason.
    .where(and(eq(users.id, userId), eq(users.isTerminated, false)))
    .returning({ ...entryColumns, terminationReason: users.terminationReason, terminatedAt: users.terminatedAt })
    .get();
  if (!updated) throw conflict("This account is already suspended");
  return { ...updated, terminatedAt: updated.terminatedAt?.toISOString() ?? null };
}
