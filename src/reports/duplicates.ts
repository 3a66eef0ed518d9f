/**
 * Duplicates: the same price of the same thing at the same place from another shopper, reported or
 * confirmed within a day, is a confirmation of the report already standing, not a second listing. The report
 * write looks for one inside its transaction (write.ts), once the price has passed the quality check; a
 * confirmation is not a report (no counters, no alert hits: the standing report made those).
 */
import type { StandingRow } from "../data/reports.ts";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../lib/time.ts";

/** How recently the standing report must have been seen (reported or confirmed) for a same price to confirm it. */
export const DUPLICATE_WINDOW_MS = DAY_MS;

/** The report a same price confirms: its id, and when it was last seen and how, before this confirmation. */
export type StandingReport = { id: number; seenAt: number; confirmed: boolean };

/** The standing report a row found, as its confirmation tells of it; null when none was found. */
export const standingReport = (row: StandingRow | null): StandingReport | null =>
	row && {
		id: row.id,
		seenAt: Math.max(row.createdAt, row.confirmedAt ?? 0),
		confirmed: (row.confirmedAt ?? 0) > row.createdAt,
	};

/** "2 hr ago", as the duplicate's message says it. */
function ago(ms: number) {
	if (ms < MINUTE_MS) return "just now";
	if (ms < HOUR_MS) return `${Math.floor(ms / MINUTE_MS)} min ago`;
	return `${Math.floor(ms / HOUR_MS)} hr ago`;
}

/** What the answer tells the shopper whose price was counted as a confirmation. */
export const duplicateMessage = (report: StandingReport, now = Date.now()) =>
	`Someone ${report.confirmed ? "confirmed" : "reported"} this price here ${ago(now - report.seenAt)}; we counted yours as a confirmation.`;
