import type { Db } from "../db.ts";
import { type ExpirationAnalysis, rejection } from "../lib/errors.ts";
import { centsToNumber, formatCents } from "../lib/money.ts";
import { DAY_MS } from "../lib/time.ts";
import { locTokenRange } from "../lib/zip.ts";
import { categoryBounds } from "./bounds.ts";
import {
	combineWithModel,
	consensusOf,
	heardPrices,
	isOutlier,
	judgePrice,
	MIN_CONSENSUS_REPORTS,
} from "./consensus.ts";
import type { PriceModel } from "./model.ts";

/** How far back, and how many, recent reports of a product make its consensus. */
const HISTORY_DAYS = 60;
const HISTORY_LIMIT = 200;

export type ProductKey = { normalizedName: string; categoryId: number; zip: string };
export type HistoryRow = { id: number; priceCents: number; userId: string };

// Reads only price_reports_history_idx (migration 0004): one range of (name, category, place) over the live
// reports, the price in the index. Named, because a fresh database has no statistics for the planner.
const HISTORY_SQL = `
  SELECT id, price_cents AS priceCents, user_id AS userId FROM price_reports INDEXED BY price_reports_history_idx
  WHERE normalized_name = $name AND category_id = $category AND loc_token BETWEEN $locFrom AND $locTo
    AND is_active = 1 AND is_expired = 0 AND created_at >= $since
  ORDER BY created_at DESC, id DESC
  LIMIT $limit`;

/** The recent active reports of the same product (same name and category) within 20 zips, newest first. */
export function productHistory(db: Db, key: ProductKey, now = Date.now()): HistoryRow[] {
	const [locFrom, locTo] = locTokenRange(key.zip);
	return db.$client.query<HistoryRow, Record<string, string | number>>(HISTORY_SQL).all({
		name: key.normalizedName,
		category: key.categoryId,
		locFrom,
		locTo,
		since: now - HISTORY_DAYS * DAY_MS,
		limit: HISTORY_LIMIT,
	});
}

/** The statistics alone: a clear outlier is thrown as spec §7's 422 rejection. */
function judgeStatistically(history: number[], category: { slug: string; name: string }, priceCents: number) {
	const bounds = categoryBounds(category.slug, category.name);
	const statistical = judgePrice(priceCents, history, bounds, formatCents);
	if (!statistical.accepted) throw rejection(statistical.reason, statistical.suggestedRange, "cents");
	return { statistical, bounds };
}

const voicedPrices = (history: HistoryRow[], reporterId: string) =>
	heardPrices(history, reporterId, (h) => h.priceCents);

/**
 * The verdict when the model is off: the statistics on `history`, which the caller reads inside its write
 * transaction (nothing is awaited, so the history it judges is the one it stores against).
 */
export function checkProductPrice(
	history: HistoryRow[],
	category: { slug: string; name: string },
	priceCents: number,
	reporterId: string,
) {
	const { statistical } = judgeStatistically(voicedPrices(history, reporterId), category, priceCents);
	return { confidence: statistical.confidence, reason: statistical.reason };
}

/**
 * Judges a new product price: the statistics, then the local model's opinion (within its timeout).
 * A clear outlier is thrown as spec §7's 422 rejection; otherwise the confidence and reason to store.
 */
export async function assessProductPrice(
	db: Db,
	model: PriceModel,
	key: ProductKey,
	category: { slug: string; name: string },
	priceCents: number,
	productName: string,
	reporterId: string,
) {
	const history = voicedPrices(productHistory(db, key), reporterId);
	const { statistical, bounds } = judgeStatistically(history, category, priceCents);
	const advice = await model.ask({
		product: productName,
		category: category.name,
		price: formatCents(priceCents),
		consensus:
			statistical.consensus === null
				? null
				: { typicalPrice: formatCents(Math.round(statistical.consensus)), reports: history.length },
		usualRange: { min: formatCents(bounds.min), max: formatCents(bounds.max) },
	});
	const verdict = combineWithModel(statistical, advice, bounds);
	if (!verdict.accepted) throw rejection(verdict.reason, verdict.suggestedRange, "cents");
	return { confidence: verdict.confidence, reason: verdict.reason };
}

export type { ExpirationAnalysis };

/**
 * After a report is accepted, the consensus includes it (one voice per shopper); older reports of the product
 * that are now clear outliers are expired, whoever made them. Null when too few shoppers make a consensus.
 */
export function expireOutliers(
	db: Db,
	history: HistoryRow[],
	newPriceCents: number,
	reporterId: string,
	now = Date.now(),
): ExpirationAnalysis | null {
	const voices = voicedPrices(history, reporterId);
	const prices = [...voices, newPriceCents];
	if (prices.length < MIN_CONSENSUS_REPORTS + 1) return null;
	const consensus = consensusOf(prices);
	const outliers = history.filter((h) => isOutlier(h.priceCents, consensus));
	const consensusPrice = centsToNumber(Math.round(consensus.median));
	if (outliers.length > 0) {
		db.$client
			.query(`UPDATE price_reports SET is_expired = 1, expired_at = $now, expired_reason = $reason, updated_at = $now
        WHERE id IN (SELECT value FROM json_each($ids))`)
			.run({
				now,
				reason: `Far from the community price of ${formatCents(Math.round(consensus.median))}`,
				ids: JSON.stringify(outliers.map((o) => o.id)),
			});
	}
	const n = outliers.length;
	return {
		expiredCount: n,
		consensusPrice,
		analyzed: prices.length,
		message:
			n > 0
				? `Your report helped remove ${n} outlier price${n === 1 ? "" : "s"}; the community price is now ${formatCents(Math.round(consensus.median))}.`
				: `Consistent with ${voices.length} nearby reports; the community price is ${formatCents(Math.round(consensus.median))}.`,
	};
}
