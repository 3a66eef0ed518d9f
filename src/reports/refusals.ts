/** What a report's answer says beyond the report itself: the check's refusals counted, its warnings joined. */
import { countRefusal } from "../data/reports.ts";
import type { Db } from "../db.ts";
import { HttpError } from "../lib/errors.ts";

/**
 * Runs a report's check and write; a 422 (the quality check refused the price) is counted against the
 * reporter's accuracy before it is answered. The count is its own small write: the refused report's
 * transaction, if it had begun, rolled back. A question (a doubtful price, `confirmable`) is not a refusal:
 * the shopper may well be right, and is asked.
 */
export async function countingRefusals<T>(db: Db, userId: string, check: () => Promise<T>): Promise<T> {
	try {
		return await check();
	} catch (error) {
		if (error instanceof HttpError && error.status === 422 && !error.extra.confirmable) await countRefusal(db, userId);
		throw error;
	}
}

/** The answer's `warning`: each of the check's and the write's, in that order; undefined when there is none. */
export const joinWarnings = (...warnings: (string | null | undefined)[]) =>
	warnings.filter(Boolean).join(" ") || undefined;
