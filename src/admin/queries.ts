import { accountEntries } from "../data/suspensions.ts";
import type { Db } from "../db.ts";

/** Enough for a moderator to find someone by a few letters of the username. */
export const ADMIN_LIST_LIMIT = 100;

/**
 * The "Admin user list entry" shape of spec §3, for everyone (private and suspended accounts too):
 * usernames containing the filter, case aside, in alphabetical order; the first `limit`, and how many match
 * in all (the console says when the list is cut).
 */
export async function listUsersForAdmin(db: Db, filter: string, limit = ADMIN_LIST_LIMIT) {
	const text = filter.trim().toLowerCase();
	const escaped = text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
	const rows = await accountEntries(db, text, escaped, limit);
	return { users: rows.map(({ total: _, ...entry }) => entry), total: rows[0]?.total ?? 0 };
}
