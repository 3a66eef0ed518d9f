/**
 * A full, failing or read-only disk. Every write then fails the same way, which is neither the client's fault
 * nor a bug of ours: the client is told plainly that nothing was saved and when to try again (503), the log
 * gets one line every few seconds rather than one per request (it usually lives on that same disk), and
 * health turns to 503 so that a platform or load balancer can see it.
 */
import { errorCode } from "../lib/error-code.ts";
import { log } from "../lib/log.ts";

export const STORAGE_TROUBLE_MESSAGE =
	"CommonCents cannot save changes right now, so nothing was saved. Please try again in a few minutes.";
export const STORAGE_RETRY_AFTER_SECONDS = 60;
/** Health stays "error" this long after the last failed write, unless a write succeeds first. */
export const STORAGE_TROUBLE_MS = 30_000;
/** At most one log line per this long while writes keep failing; it counts the ones it did not write. */
const LOG_EVERY_MS = 10_000;

const STORAGE_CODES = /^(SQLITE_(FULL|IOERR|READONLY|CANTOPEN)|ENOSPC|EROFS|EDQUOT|EIO)/;

/** True for an error that the disk caused. */
export const isStorageFailure = (error: unknown) => STORAGE_CODES.test(errorCode(error) ?? "");

/**
 * Whether writes are failing on the disk, as the requests that met a failure told it: one per runtime.
 * Called by the request that met the failure, and after any write request that succeeded.
 */
export class StorageTrouble {
	private failedAt = 0;
	private okAt = 0;
	private loggedAt = 0;
	private unlogged = 0;

	/** Counts a failure, and logs it unless a line went out just now. */
	noteFailure(error: unknown, where: Record<string, unknown>, now = Date.now()) {
		this.failedAt = now;
		if (now - this.loggedAt < LOG_EVERY_MS) {
			this.unlogged++;
			return;
		}
		log.error("storage: writes are failing (disk full, failing or read-only)", {
			...where,
			err: error,
			alsoFailedSinceLastLine: this.unlogged,
		});
		this.loggedAt = now;
		this.unlogged = 0;
	}

	/** The disk takes writes again. */
	noteWriteSucceeded(now = Date.now()) {
		if (!this.inTrouble(now)) return;
		this.okAt = now;
		log.info("storage: writes succeed again");
	}

	/** Whether the last write that reached the disk failed, recently. */
	inTrouble(now = Date.now()): boolean {
		return this.failedAt > this.okAt && now - this.failedAt < STORAGE_TROUBLE_MS;
	}
}
