/**
 * Sessions after The Copenhagen Book: the cookie holds a random token, the table only its SHA-256.
 * Sliding 30-day expiry, extended when under half remains, never past an absolute 90 days. The rows are
 * src/data/sessions.ts's.
 */
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import type { SessionData, User } from "../../db/schema.ts";
import { deleteSession, insertSession, renewSession, type SessionRow, sessionLookups } from "../data/sessions.ts";
import type { Db } from "../db.ts";
import type { ChangeStamp } from "./read-cache.ts";
import { DAY_MS } from "./time.ts";

export const SESSION_TTL_MS = 30 * DAY_MS;
export const SESSION_ABSOLUTE_MS = 90 * DAY_MS;

export function generateSessionToken(): string {
	return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

/**
 * The SHA-256 of the token, hex. Bun's native one-shot hash: it runs on every signed-in request, where the
 * pure-JS @oslojs/crypto digest costs many times more. Same bytes in, same hex out.
 */
export function sessionIdOf(token: string): string {
	return Bun.SHA256.hash(token, "hex");
}

export async function createSession(db: Db, userId: string, now = Date.now()) {
	const token = generateSessionToken();
	const sess: SessionData = { userId, createdAt: now };
	const expire = new Date(now + SESSION_TTL_MS);
	await insertSession(db, { sid: sessionIdOf(token), sess, expire, userId });
	return { token, expire };
}

/**
 * Reads sessions and their users, remembering what it read since the database last changed (any write,
 * anywhere, starts afresh): a signed-in request then costs one change-stamp read instead of two lookups.
 * Unknown tokens are not kept.
 */
export type SessionReader = (sid: string) => Promise<SessionAndUser | null>;
type SessionAndUser = { session: SessionRow; user: User };
const MAX_REMEMBERED = 10_000;

export function createSessionReader(db: Db, changeStamp: ChangeStamp): SessionReader {
	const lookups = sessionLookups(db);
	let memo: { stamp: string; rows: Map<string, SessionAndUser> } = { stamp: "", rows: new Map() };
	return async (sid) => {
		const stamp = changeStamp();
		if (memo.stamp !== stamp) memo = { stamp, rows: new Map() };
		// What is read is kept under the stamp it was read at, even when a write meanwhile started afresh.
		const readAt = memo;
		const known = readAt.rows.get(sid);
		if (known) return known;
		const found = await lookups.session(sid);
		const owner = found && (await lookups.user(found.userId));
		if (!found || !owner) return null;
		if (readAt.rows.size < MAX_REMEMBERED) readAt.rows.set(sid, { session: found, user: owner });
		return { session: found, user: owner };
	};
}

export type ValidSession = { sid: string; sess: SessionData; expire: Date; user: User; renewed: boolean };

/** The session and its user for a cookie token, or null; expired rows are deleted on sight. */
export async function validateSessionToken(
	db: Db,
	readSession: SessionReader,
	token: string,
	now = Date.now(),
): Promise<ValidSession | null> {
	if (!/^[a-z2-7]{32}$/.test(token)) return null;
	const sid = sessionIdOf(token);
	const row = await readSession(sid);
	if (!row) return null;
	const { session, user } = row;
	const hardLimit = session.sess.createdAt + SESSION_ABSOLUTE_MS;
	if (now >= session.expire.getTime() || now >= hardLimit) {
		await deleteSession(db, sid);
		return null;
	}
	let expire = session.expire;
	let renewed = false;
	if (expire.getTime() - now < SESSION_TTL_MS / 2) {
		expire = new Date(Math.min(now + SESSION_TTL_MS, hardLimit));
		await renewSession(db, sid, expire);
		renewed = true;
	}
	return { sid, sess: session.sess, expire, user, renewed };
}
