/**
 * Reports per shopper per hour (REPORTS_PER_HOUR, default 120). A shopper walking a store reports a few dozen
 * prices; a script with one account could otherwise post thousands of made-up products a minute, filling
 * searches and each report's alert matching. Price and fuel reports share the count; an attempt counts once
 * it passes the request's validation, whether the quality check then accepts it or not (a
 * refused report costs the server as much).
 */
import type { Config } from "../env.ts";
import { tooManyRequests } from "../lib/http.ts";
import { perApp, SlidingWindow } from "../lib/sliding-window.ts";
import { HOUR_MS } from "../lib/time.ts";

const reportsFor = perApp(() => new SlidingWindow(HOUR_MS));

/** Counts a report by `userId`, or throws 429 (with Retry-After) when the hour's reports are used up. */
export function takeReportSlot(config: Config, userId: string, now = Date.now()): void {
	const limit = config.reportsPerHour;
	if (limit === 0) return;
	const wait = reportsFor(config).take(userId, limit, now);
	if (wait > 0) {
		throw tooManyRequests(`You have made ${limit} reports in the last hour, the most one shopper can.`, wait);
	}
}
