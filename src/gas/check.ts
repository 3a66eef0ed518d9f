/**
 * The quality check for fuel prices: the same statistics and local model as products (src/quality), with the
 * history being the recent active reports of the same fuel at stations within 20 zips of the report.
 */
import { inArray } from "drizzle-orm";
import { type FuelType, gasPriceReports } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { type ExpirationAnalysis, rejection } from "../lib/errors.ts";
import { millsToNumber } from "../lib/money.ts";
import { DAY_MS } from "../lib/time.ts";
import { locTokenRange } from "../lib/zip.ts";
import { fuelBounds } from "../quality/bounds.ts";
import {
	combineWithModel,
	consensusOf,
	heardPrices,
	isOutlier,
	judgePrice,
	MIN_CONSENSUS_REPORTS,
} from "../quality/consensus.ts";
import { FUEL_MAX_AGE_DAYS } from "../quality/expiry.ts";
import type { PriceModel } from "../quality/model.ts";

/** The consensus looks back as far as a fuel price lives (between the hourly sweeps too). */
const FUEL_HISTORY_DAYS = FUEL_MAX_AGE_DAYS;
const HISTORY_LIMIT = 200;

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type FuelHistoryRow = { id: number; priceMills: number; userId: string };

export const fuelDollars = (mills: number) => `$${(mills / 1000).toFixed(3)}`;

// Read from gas_reports_live_idx alone: per station of the window (one range of location tokens), its live
// reports of this fuel since the cut-off, with their prices and reporters.
const FUEL_HISTORY_SQL = `
  SELECT g.id AS id, g.price_mills AS priceMills, g.user_id AS userId FROM gas_stations s
  JOIN gas_price_reports g INDEXED BY gas_reports_live_idx ON g.station_id = s.id
  WHERE s.loc_token BETWEEN $from AND $to AND g.fuel_type = $fuel
    AND g.is_active = 1 AND g.is_expired = 0 AND g.created_at >= $since
  ORDER BY g.created_at DESC, g.id DESC
  LIMIT $limit`;

/** Recent active reports of this fuel at stations within 20 zips of `zip`, newest first. */
export function fuelHistory(db: Db, fuel: FuelType, zip: string, now = Date.now()): FuelHistoryRow[] {
	const [from, to] = locTokenRange(zip);
	return db.$client
		.query<FuelHistoryRow, Record<string, string | number>>(FUEL_HISTORY_SQL)
		.all({ from, to, fuel, since: now - FUEL_HISTORY_DAYS * DAY_MS, limit: HISTORY_LIMIT });
}

const voicedPrices = (history: FuelHistoryRow[], reporterId: string) =>
	heardPrices(history, reporterId, (h) => h.priceMills);

/**
 * Judges a fuel price: statistics first, then the model within its timeout. A clear outlier is thrown as the
 * 422 rejection products use; otherwise the confidence and reason to store with the report.
 */
export async function assessFuelPrice(
	db: Db,
	model: PriceModel,
	report: { fuel: FuelType; zip: string; priceMills: number; reporterId: string },
) {
	const { fuel, zip, priceMills } = report;
	const history = voicedPrices(fuelHistory(db, fuel, zip), report.reporterId);
	const bounds = fuelBounds(fuel);
	const statistical = judgePrice(priceMills, history, bounds, fuelDollars);
	if (!statistical.accepted) throw rejection(statistical.reason, statistical.suggestedRange, "mills");
	const advice = await model.ask({
		product: bounds.label,
		category: "Fuel",
		price: fuelDollars(priceMills),
		consensus:
			statistical.consensus === null
				? null
				: { typicalPrice: fuelDollars(Math.round(statistical.consensus)), reports: history.length },
		usualRange: { min: fuelDollars(bounds.min), max: fuelDollars(bounds.max) },
	});
	const verdict = combineWithModel(statistical, advice, bounds);
	if (!verdict.accepted) throw rejection(verdict.reason, verdict.suggestedRange, "mills");
	return { confidence: verdict.confidence, reason: verdict.reason };
}

export type FuelExpirationAnalysis = ExpirationAnalysis;

/**
 * As for products: once a new price joins a consensus (one voice per shopper), older reports of that fuel
 * nearby that are now clear outliers expire. The station caches follow through the database's triggers
 * (migration 0002).
 */
export function expireFuelOutliers(
	tx: Tx,
	history: FuelHistoryRow[],
	newPriceMills: number,
	reporterId: string,
	now: Date,
): FuelExpirationAnalysis | null {
	const voices = voicedPrices(history, reporterId);
	const prices = [...voices, newPriceMills];
	if (prices.length < MIN_CONSENSUS_REPORTS + 1) return null;
	const consensus = consensusOf(prices);
	const community = fuelDollars(Math.round(consensus.median));
	const outliers = history.filter((h) => isOutlier(h.priceMills, consensus));
	if (outliers.length > 0) {
		tx.update(gasPriceReports)
			.set({
				isExpired: true,
				expiredAt: now,
				expiredReason: `Far from the community price of ${community}`,
				updatedAt: now,
			})
			.where(
				inArray(
					gasPriceReports.id,
					outliers.map((o) => o.id),
				),
			)
			.run();
	}
	const n = outliers.length;
	return {
		expiredCount: n,
		consensusPrice: millsToNumber(Math.round(consensus.median)),
		analyzed: prices.length,
		message:
			n > 0
				? `Your report helped remove ${n} outlier price${n === 1 ? "" : "s"}; the community price is now ${community}.`
				: `Consistent with ${voices.length} nearby reports; the community price is ${community}.`,
	};
}
