import { and, desc, eq, gte, inArray } from "drizzle-orm";
import { priceReports } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Config } from "../env.ts";
import { HttpError } from "../lib/http.ts";
import { centsToNumber } from "../lib/money.ts";
import { locTokensNear } from "../lib/zip.ts";
import { categoryBounds } from "./bounds.ts";
import { MIN_CONSENSUS_REPORTS, type Range, combineWithModel, consensusOf, isOutlier, judgePrice } from "./consensus.ts";
import { askModel } from "./model.ts";

/** How far back, and how many, recent reports of a product make its consensus. */
const HISTORY_DAYS = 60;
const HISTORY_LIMIT = 200;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type ProductKey = { normalizedName: string; categoryId: number; zip: string };
export type HistoryRow = { id: number; priceCents: number };

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The recent active reports of the same product (same name and category) within 20 zips. */
export function productHistory(db: Db | Tx, key: ProductKey, now = Date.now()): HistoryRow[] {
  return db
    .select({ id: priceReports.id, priceCents: priceReports.priceCents })
    .from(priceReports)
    .where(
      and(
        eq(priceReports.normalizedName, key.normalizedName),
        eq(priceReports.categoryId, key.categoryId),
        inArray(priceReports.locToken, locTokensNear(key.zip)),
        eq(priceReports.isActive, true),
        eq(priceReports.isExpired, false),
        gte(priceReports.createdAt, new Date(now - HISTORY_DAYS * 86_400_000)),
      ),
    )
    .orderBy(desc(priceReports.createdAt))
    .limit(HISTORY_LIMIT)
    .all();
}

/**
 * Judges a new product price: the statistics, then the local model's opinion (within its timeout).
 * A clear outlier is thrown as spec §7's 422 rejection; otherwise the confidence and reason to store.
 */
export async function assessProductPrice(
  db: Db,
  config: Config,
  key: ProductKey,
  category: { slug: string; name: string },
  priceCents: number,
  productName: string,
) {
  const history = productHistory(db, key).map((h) => h.priceCents);
  const bounds = categoryBounds(category.slug, category.name);
  const statistical = judgePrice(priceCents, history, bounds, dollars);
  if (!statistical.accepted) throw rejection(statistical.reason, statistical.suggestedRange);
  const model = await askModel(
    { host: config.ollamaHost, model: config.ollamaModel, timeoutMs: config.ollamaTimeoutMs },
    {
      product: productName,
      category: category.name,
      price: dollars(priceCents),
      consensus: statistical.consensus === null ? null : { typicalPrice: dollars(Math.round(statistical.consensus)), reports: history.length },
      usualRange: { min: dollars(bounds.min), max: dollars(bounds.max) },
    },
  );
  const verdict = combineWithModel(statistical, model, bounds);
  if (!verdict.accepted) throw rejection(verdict.reason, verdict.suggestedRange);
  return { confidence: verdict.confidence, reason: verdict.reason };
}

const rejection = (reason: string, range: Range) =>
  new HttpError(422, "Price report rejected", {
    reason,
    suggestedRange: { min: centsToNumber(range.min), max: centsToNumber(range.max) },
  });

export type ExpirationAnalysis = { expiredCount: number; consensusPrice: number; analyzed: number; message: string };

/**
 * After a report is accepted, the consensus includes it; older reports of the product that are now clear
 * outliers are expired. Null when there is too little history for a consensus.
 */
export function expireOutliers(tx: Tx, history: HistoryRow[], newPriceCents: number, now = new Date()): ExpirationAnalysis | null {
  const prices = [...history.map((h) => h.priceCents), newPriceCents];
  if (prices.length < MIN_CONSENSUS_REPORTS + 1) return null;
  const consensus = consensusOf(prices);
  const outliers = history.filter((h) => isOutlier(h.priceCents, consensus));
  const consensusPrice = centsToNumber(Math.round(consensus.median));
  if (outliers.length > 0) {
    tx.update(priceReports)
      .set({
        isExpired: true,
        expiredAt: now,
        expiredReason: `Far from the community price of ${dollars(Math.round(consensus.median))}`,
        updatedAt: now,
      })
      .where(inArray(priceReports.id, outliers.map((o) => o.id)))
      .run();
  }
  const n = outliers.length;
  return {
    expiredCount: n,
    consensusPrice,
    analyzed: prices.length,
    message:
      n > 0
        ? `Your report helped remove ${n} outlier price${n === 1 ? "" : "s"}; the community price is now ${dollars(Math.round(consensus.median))}.`
        : `Consistent with ${history.length} nearby reports; the community price is ${dollars(Math.round(consensus.median))}.`,
  };
}

