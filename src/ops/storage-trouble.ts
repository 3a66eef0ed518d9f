/**
 * A full, failing or read-only disk. Every write then fails the same way, which is neither the client's fault
 * nor a bug of ours: the client is told plainly that nothing was saved and when to try again (503), the log
 * gets one line every few seconds rather than one per request (it usually lives on that same disk), and
 * health turns to 503 so that a platform or load balancer can see it.
 */
import type { Db } from "../db.ts";
import { log } from "../lib/log.ts";

export const STORAGE_TROUBLE_MESSAGE =
	"CommonCents cannot save changes right now, so nothing was saved. Please try again in a few minutes.";
export const STORAGE_RETRY_AFTER_SECONDS = 60;
/** Health stays "error" this long after the last failed write, unless a write succeeds first. */
export const STORAGE_TROUBLE_MS = 30_000;
/** At most one log line per this long while writes keep failing; it counts the ones it did not write. */
const LOG_EVERY_MS = 10_000;

const STORAGE_CODES = /^(SQLITE_(FULL|IOERR|READONLY|CANTOPEN)|ENOSPC|EROFS|EDQUOT|EIO)/;

/** The code of an error, or of the error it wraps (Drizzle wraps SQLite's): "SQLITE_FULL", "ENOSPC". */
export function errorCode(error: unknown): string | undefined {
	for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
		const code = (e as { code?: unknown }).code;
		if (typeof code === "string") return code;
	}
	return undefined;
}

/** True for an error that the disk caused. */
export const isStorageFailure = (error: unknown) => STORAGE_CODES.test(errorCode(error) ?? "");

type Trouble = { failedAt: number; okAt: number; loggedAt: number; unlogged: number };
const troubles = new WeakMap<Db, Trouble>();

/** Called by the request that met the failure: counts it, and logs it unless a line went out just now. */
export function noteStorageFailure(db: Db, error: unknown, where: Record<string, unknown>, now = Date.now()) {
	let trouble = troubles.get(db);
	if (!trouble) troubles.set(db, (trouble = { failedAt: now, okAt: 0, loggedAt: 0, unlogged: 0 }));
	trouble.failedAt = now;
	if (now - trouble.loggedAt < LOG_EVERY_MS) {
		trouble.unlogged++;
		return;
	}
	log.error("storage: writes are failing (disk full, failing or read-only)", {
		...where,
		err: error,
		alsoFailedSinceLastLine: trouble.unlogged,
	});
	trouble.loggedAt = now;
	trouble.unlogged = 0;
}

/** Called after any write request that succeeded: the disk takes writes again. */
export function noteWriteSucceeded(db: Db, now = Date.now()) {
	const trouble = troubles.get(db);
	if (!trouble || !inTrouble(trouble, now)) return;
	trouble.okAt = now;
	log.info("storage: writes succeed again");
}

/** Whether the last write that reached the disk failed, recently. */
export function storageInTrouble(db: Db, now = Date.now()): boolean {
	const trouble = troubles.get(db);
	return trouble !== undefined && inTrouble(trouble, now);
}

const inTrouble = (trouble: Trouble, now: number) =>
	trouble.failedAt > trouble.okAt && now - trouble.failedAt < STORAGE_TROUBLE_MS;
