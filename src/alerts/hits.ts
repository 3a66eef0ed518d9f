/**
 * Reading hits back: the ones a reconnecting stream missed. A hit names a product report (and its store) or a
 * fuel report (and its station); both read as one shape.
 */
import { sentHitsAfter } from "../data/alert-hits.ts";
import type { Db } from "../db.ts";
import { centsToNumber, formatCents, formatMills, millsToNumber } from "../lib/money.ts";
import { hitMessage } from "./delivery.ts";
import type { LiveMessage } from "./live.ts";

/** How many missed hits a reconnecting stream is sent (the newest; the Alerts tab shows the rest). */
export const REPLAY_LIMIT = 20;

/**
 * The user's notified hits after `afterId` (the Last-Event-ID of a reconnect): the latest REPLAY_LIMIT,
 * oldest first; not those of reports that are no longer listed (withdrawn, replaced or expired meanwhile).
 */
export async function hitsAfter(db: Db, userId: string, afterId: number): Promise<LiveMessage[]> {
	const rows = await sentHitsAfter(db, { userId, afterId, limit: REPLAY_LIMIT });
	return rows.reverse().map(({ priceReportId, gasReportId, priceCents, priceMills, productName, at, ...row }) => {
		const fuel = gasReportId !== null && priceMills !== null;
		return hitMessage({
			...row,
			at: at.getTime(),
			kind: fuel ? "fuel" : "product",
			reportId: (fuel ? gasReportId : priceReportId) ?? 0,
			productName: productName ?? row.alertName,
			priceLabel: fuel ? formatMills(priceMills) : formatCents(priceCents ?? 0),
			price: fuel ? millsToNumber(priceMills) : centsToNumber(priceCents ?? 0),
		});
	});
}
