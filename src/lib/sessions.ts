/**
 * Sessions after The Copenhagen Book: the cookie holds a random token, the table only its SHA-256.
 * Sliding 30-day expiry, extended when under half remains, never past an absolute 90 days.
 */
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, lt, ne, sql } from "drizzle-orm";
import { type SessionData, sessions, type User, users } from "../../db/schema.ts";
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

export function createSession(db: Db, userId: string, now = Date.now()) {
	const token = generateSessionToken();
	const sess: SessionData = { userId, createdAt: now };
	const expire = new Date(now + SESSION_TTL_MS);
	db.insert(sessions)
		.values({ sid: sessionIdOf(token), sess, expire, userId })
		.run();
	return { token, expire };
}

/**
 * Reads sessions and their users, remembering what it read since the database last changed (any write,
 * anywhere, starts afresh): a signed-in request then costs one change-stamp read instead of two lookups.
 * Unknown tokens are not kept. The lookups are prepared once: unprepared, Drizzle rebuilds the SQL on every
 * signed-in request. Two primary-key reads rather than one join, which SQLite answered slower.
 */
export type SessionReader = (sid: string) => SessionRow | null;
type SessionRow = { session: typeof sessions.$inferSelect; user: User };
const MAX_REMEMBERED = 10_000;

export function createSessionReader(db: Db, changeStamp: ChangeStamp): SessionReader {
	const session = db
		.select()
		.from(sessions)
		.where(eq(sessions.sid, sql.placeholder("sid")))
		.prepare();
	const user = db
		.select()
		.from(users)
		.where(eq(users.id, sql.placeholder("id")))
		.prepare();
	let memo: { stamp: string; rows: Map<string, SessionRow> } = { stamp: "", rows: new Map() };
	return (sid) => {
		const stamp = changeStamp();
		if (memo.stamp !== stamp) memo = { stamp, rows: new Map() };
		const known = memo.rows.get(sid);
		if (known) return known;
		const found = session.get({ sid });
		const owner = found && user.get({ id: found.userId });
		if (!found || !owner) return null;
		if (memo.rows.size < MAX_REMEMBERED) memo.rows.set(sid, { session: found, user: owner });
		return { session: found, user: owner };
	};
}

export type ValidSession = { sid: string; sess: SessionData; expire: Date; user: User; renewed: boolean };

/** The session and its user for a cookie token, or null; expired rows are deleted on sight. */
export function validateSessionToken(
	db: Db,
	readSession: SessionReader,
	token: string,
	now = Date.now(),
): ValidSession | null {
	if (!/^[a-z2-7]{32}$/.test(token)) return null;
	const sid = sessionIdOf(token);
	const row = readSession(sid);
	if (!row) return null;
	const { session, user } = row;
	const hardLimit = session.sess.createdAt + SESSION_ABSOLUTE_MS;
	if (now >= session.expire.getTime() || now >= hardLimit) {
		db.delete(sessions).where(eq(sessions.sid, sid)).run();
		return null;
	}
	let expire = session.expire;
	let renewed = false;
	if (expire.getTime() - now < SESSION_TTL_MS / 2) {
		expire = new Date(Math.min(now + SESSION_TTL_MS, hardLimit));
		db.update(sessions).set({ expire }).where(eq(sessions.sid, sid)).run();
		renewed = true;
	}
	return { sid, sess: session.sess, expire, user, renewed };
}

export function deleteSession(db: Db, sid: string) {
	db.delete(sessions).where(eq(sessions.sid, sid)).run();
}

/** Ends every session of the user but the one given (a password change keeps the device that made it). */
export function deleteOtherSessions(db: Db, userId: string, keepSid: string) {
	db.delete(sessions)
		.where(and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)))
		.run();
}

export function updateSessionData(db: Db, sid: string, sess: SessionData) {
	db.update(sessions).set({ sess }).where(eq(sessions.sid, sid)).run();
}

export function deleteExpiredSessions(db: Db, now = Date.now()) {
	db.delete(sessions)
		.where(lt(sessions.expire, new Date(now)))
		.run();
}
