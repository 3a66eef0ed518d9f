/**
 * Which of the live streams' sessions still let their user in: the live hub asks every few seconds for all of
 * its open streams at once (docs/performance.md), one bun:sqlite statement compiled once per connection.
 */
import type { sessions } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Stored } from "../lib/stored.ts";

const LIVE_SESSIONS_SQL = `SELECT s.sid AS sid FROM sessions s JOIN users u ON u.id = s.user_id
           WHERE s.sid IN (SELECT value FROM json_each($sids))
             AND s.expire > $now AND json_extract(s.sess, '$.createdAt') + $cap > $now
             AND u.is_terminated = 0`;

/**
 * Of the sessions `sids` (a JSON array), those that still let their user in at `now`: unexpired, younger than
 * `cap` (ms), of a user not suspended.
 */
export async function liveSessions(db: Db, bindings: { sids: string; now: number; cap: number }) {
	return db.$client
		.query<{ sid: Stored<typeof sessions.sid> }, { sids: string; now: number; cap: number }>(LIVE_SESSIONS_SQL)
		.all(bindings);
}
