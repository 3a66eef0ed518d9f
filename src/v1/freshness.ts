/** How the read API writes a price's freshness and trust (decision 0068), products and fuel alike. */
import { type TrustInput, trustOf } from "../reports/index.ts";

export const iso = (ms: number) => new Date(ms).toISOString();

/**
 * When the price was reported and last seen, its confidence now, whether it is fresh (decision 0054), and what
 * keeps it from being stood behind: unusual and unconfirmed, out of stock, or flagged.
 */
export function freshnessOf(report: TrustInput, freshDays: number, now: number) {
	const trust = trustOf(report, freshDays, now);
	return {
		reportedAt: iso(report.createdAt),
		lastSeenAt: iso(trust.seenAt),
		confidence: trust.confidence,
		fresh: trust.fresh,
		unusual: trust.unconfirmedUnusual,
		outOfStock: trust.outOfStock,
		flagged: trust.flagged,
	};
}

/**
 * A price the app would put forward as the one to go for (as the feed and the Good deal badge do): not an
 * unusual price nobody has confirmed, not out of stock, not flagged. Its age plays no part.
 */
export const standsUp = (f: { unusual: boolean; outOfStock: boolean; flagged: boolean }) =>
	!f.unusual && !f.outOfStock && !f.flagged;
