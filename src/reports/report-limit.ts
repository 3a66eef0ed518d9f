/**
 * Reports per shopper per hour (REPORTS_PER_HOUR, default 120). A shopper walking a store reports a few dozen
 * prices; a script with one account could otherwise post thousands of made-up products a minute, filling
 * searches and each report's alert matching. Price and fuel reports share the count; an attempt counts once
 * it passes the request's validation, whether the quality check then accepts it or not (a
 * refused report costs the server as much).
 */
import { tooManyRequests } from "../lib/http.ts";
import type { SlidingWindow } from "../lib/sliding-window.ts";

/**
 * Counts a report by `userId` in `reports` (an hour's window), or throws 429 (with Retry-After) when the
 * hour's `limit` is used up.
 */
export function takeReportSlot(reports: SlidingWindow, limit: number, userId: string, now = Date.now()): void {
	if (limit === 0) return;
	const wait = reports.take(userId, limit, now);
	if (wait > 0) {
		throw tooManyRequests(`You have made ${limit} reports in the last hour, the most one shopper can.`, wait);
	}
}
