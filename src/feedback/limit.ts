/**
 * Words on reports per shopper per hour, given or taken back. A shopper checking the prices on a store's
 * shelf confirms a few dozen; a script with one account could otherwise confirm, unsay and flag thousands a
 * minute, each a write that recounts a report (and may hide it). Counted apart from reports, whose hour a
 * changed price also takes; a word counts once its request passes validation, whether it is then refused
 * or not.
 */
import { tooManyRequests } from "../lib/http.ts";
import type { SlidingWindow } from "../lib/sliding-window.ts";

export const FEEDBACK_PER_HOUR = 120;

/** Counts a word by `userId` in `feedback` (an hour's window), or throws 429 (with Retry-After) past the limit. */
export function takeFeedbackSlot(feedback: SlidingWindow, userId: string, now = Date.now()): void {
	const wait = feedback.take(userId, FEEDBACK_PER_HOUR, now);
	if (wait > 0) {
		throw tooManyRequests(
			`You have given feedback ${FEEDBACK_PER_HOUR} times in the last hour, the most one shopper can.`,
			wait,
		);
	}
}
