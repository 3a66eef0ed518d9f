/**
 * The sessions table: a row per signed-in device, keyed by the SHA-256 of its cookie's token (src/lib/sessions.ts
 * makes and checks the tokens). The lookups of a signed-in request are prepared once: unprepared, Drizzle
 * rebuilds the SQL on every one.
 */
import { and, eq, lt, ne, sql } from "drizzle-orm";
import { type SessionData, sessions, type User, users } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Tx } from "./transaction.ts";

export type SessionRow = typeof sessions.$inferSelect;

/** Stores a new session. */
export async function insertSession(db: Db, row: { sid: string; sess: SessionData; expire: Date; userId: string }) {
	db.insert(sessions).values(row).run();
}

/** A session by its id, and a user by theirs: two primary-key reads, which SQLite answered faster than one join. */
export type SessionLookups = {
	session(sid: string): Promise<SessionRow | undefined>;
	user(id: string): Promise<User | undefined>;
};

/** The lookups a signed-in request makes, prepared once for the connection. */
export function sessionLookups(db: Db): SessionLookups {
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
	return {
		session: async (sid) => session.get({ sid }),
		user: async (id) => user.get({ id }),
	};
}

/** Moves a session's expiry (a renewal). */
export async function renewSession(db: Db, sid: string, expire: Date) {
	db.update(sessions).set({ expire }).where(eq(sessions.sid, sid)).run();
}

export async function deleteSession(db: Db, sid: string) {
	db.delete(sessions).where(eq(sessions.sid, sid)).run();
}

/** Ends every session of the user but the one given (a password change keeps the device that made it). */
export function deleteOtherSessions(tx: Tx, userId: string, keepSid: string) {
	tx.delete(sessions)
		.where(and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)))
		.run();
}

export async function updateSessionData(db: Db, sid: string, sess: SessionData) {
	db.update(sessions).set({ sess }).where(eq(sessions.sid, sid)).run();
}

export async function deleteExpiredSessions(db: Db, now = Date.now()) {
	db.delete(sessions)
		.where(lt(sessions.expire, new Date(now)))
		.run();
}
