/**
 * Reading hits back: the ones a reconnecting stream missed. A hit names a product report (and its store) or a
 * fuel report (and its station); both read as one shape.
 */
import { sentHitsAfter } from "../data/alert-hits.ts";
import type { Db } from "../db.ts";
import { centsToNumber, millsToNumber } from "../lib/money.ts";
import { hitMessage } from "./delivery.ts";
import type { LiveMessage } from "./live.ts";
import { fuelPriceLabel, productPriceLabel } from "./price-label.ts";

/** How many missed hits a reconnecting stream is sent (the newest; the Alerts tab shows the rest). */
export const REPLAY_LIMIT = 20;

/**
 * The user's notified hits after `afterId` (the Last-Event-ID of a reconnect): the latest REPLAY_LIMIT,
 * oldest first; not those of reports that are no longer listed (withdrawn, replaced or expired meanwhile).
 */
export async function hitsAfter(db: Db, userId: string, afterId: number): Promise<LiveMessage[]> {
	const rows = await sentHitsAfter(db, { userId, afterId, limit: REPLAY_LIMIT });
	return rows.reverse().map((hit) => {
		const { priceReportId, gasReportId, priceCents, priceMills, productName, at, payment, ...rest } = hit;
		const { priceType, multiQuantity, multiPriceCents, ...row } = rest;
		const fuel = gasReportId !== null && priceMills !== null;
		return hitMessage({
			...row,
			at: at.getTime(),
			kind: fuel ? "fuel" : "product",
			reportId: (fuel ? gasReportId : priceReportId) ?? 0,
			productName: productName ?? row.alertName,
			// As the hit was told when it happened: what the price asks, a fuel's cash or card.
			priceLabel: fuel
				? fuelPriceLabel(priceMills, payment)
				: productPriceLabel(priceCents ?? 0, { priceType, multiQuantity, multiPriceCents }),
			price: fuel ? millsToNumber(priceMills) : centsToNumber(priceCents ?? 0),
		});
	});
}
