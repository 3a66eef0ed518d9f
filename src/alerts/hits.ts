/**
 * Reading hits back: the ones a reconnecting stream missed, and where a new stream starts. A hit names a
 * product report (and its store) or a fuel report (and its station); both read as one shape.
 */
import { and, desc, eq, gt, max, or, sql } from "drizzle-orm";
import { gasPriceReports, gasStations, priceAlertHits, priceAlerts, priceReports, stores } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { centsToNumber, formatCents, formatMills, millsToNumber } from "../lib/money.ts";
import { hitMessage } from "./delivery.ts";
import type { LiveMessage } from "./live.ts";

/** How many missed hits a reconnecting stream is sent (the newest; the Alerts tab shows the rest). */
export const REPLAY_LIMIT = 20;

/** A hit's report is listed: active and not expired, product or fuel. */
export const liveReport = or(
	and(eq(priceReports.isActive, true), eq(priceReports.isExpired, false)),
	and(eq(gasPriceReports.isActive, true), eq(gasPriceReports.isExpired, false)),
);

/**
 * The user's notified hits after `afterId` (the Last-Event-ID of a reconnect): the latest REPLAY_LIMIT,
 * oldest first; not those of reports that are no longer listed (withdrawn, replaced or expired meanwhile).
 */
export function hitsAfter(db: Db, userId: string, afterId: number): LiveMessage[] {
	return db
		.select({
			hitId: priceAlertHits.id,
			alertId: priceAlertHits.alertId,
			alertName: priceAlerts.productName,
			alertZip: priceAlerts.zipCode,
			targetPriceCents: priceAlerts.targetPriceCents,
			at: priceAlertHits.createdAt,
			priceReportId: priceAlertHits.priceReportId,
			gasReportId: priceAlertHits.gasReportId,
			productName: priceReports.productName,
			priceCents: priceReports.priceCents,
			priceMills: gasPriceReports.priceMills,
			zipCode: sql<string>`coalesce(${priceReports.zipCode}, ${gasStations.zipCode}, ${gasPriceReports.reportZipCode}, '')`,
			placeId: sql<number>`coalesce(${stores.id}, ${gasStations.id})`,
			storeName: sql<string>`coalesce(${stores.name}, ${gasStations.name})`,
			storeAddress: sql<string>`coalesce(${stores.address}, ${gasStations.address})`,
		})
		.from(priceAlertHits)
		.innerJoin(priceAlerts, eq(priceAlerts.id, priceAlertHits.alertId))
		.leftJoin(priceReports, eq(priceReports.id, priceAlertHits.priceReportId))
		.leftJoin(stores, eq(stores.id, priceReports.storeId))
		.leftJoin(gasPriceReports, eq(gasPriceReports.id, priceAlertHits.gasReportId))
		.leftJoin(gasStations, eq(gasStations.id, gasPriceReports.stationId))
		.where(
			and(
				eq(priceAlerts.userId, userId),
				gt(priceAlertHits.id, afterId),
				eq(priceAlertHits.notice, "sent"),
				liveReport,
			),
		)
		.orderBy(desc(priceAlertHits.id))
		.limit(REPLAY_LIMIT)
		.all()
		.reverse()
		.map(({ priceReportId, gasReportId, priceCents, priceMills, productName, at, ...row }) => {
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

/**
 * The newest hit's id, anyone's: where a new stream stands. Sent as its event id, so the browser's reconnect
 * asks for the hits after it even when none reached this tab yet.
 */
export function latestHitId(db: Db): number {
	return (
		db
			.select({ id: max(priceAlertHits.id) })
			.from(priceAlertHits)
			.get()?.id ?? 0
	);
}
