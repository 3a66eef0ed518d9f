/** How the read API writes a price's freshness (decision 0068), products and fuel alike. */
import { type TrustInput, trustOf } from "../reports/trust.ts";

export const iso = (ms: number) => new Date(ms).toISOString();

/** When the price was reported and last seen, its confidence now, and whether it is fresh (decision 0054). */
export function freshnessOf(report: TrustInput, freshDays: number, now: number) {
	const trust = trustOf(report, freshDays, now);
	return {
		reportedAt: iso(report.createdAt),
		lastSeenAt: iso(trust.seenAt),
		confidence: trust.confidence,
		fresh: trust.fresh,
	};
}
