import { and, desc, eq, gte, inArray } from "drizzle-orm";
import { priceReports } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { HttpError } from "../lib/http.ts";
import { centsToNumber } from "../lib/money.ts";
import { locTokensNear } from "../lib/zip.ts";
import { categoryBounds } from "./bounds.ts";
import { MIN_CONSENSUS_REPORTS, consensusOf, isOutlier, judgePrice } from "./consensus.ts";

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

/** Judges a new product price; a clear outlier is thrown as spec §7's 422 rejection. */
export function checkProductPrice(db: Db | Tx, key: ProductKey, category: { slug: string; name: string }, priceCents: number) {
  const history = productHistory(db, key);
  const verdict = judgePrice(
    priceCents,
    history.map((h) => h.priceCents),
    categoryBounds(category.slug, category.name),
    dollars,
  );
  if (!verdict.accepted) {
    throw new HttpError(422, "Price report rejected", {
      reason: verdict.reason,
      suggestedRange: { min: centsToNumber(verdict.suggestedRange.min), max: centsToNumber(verdict.suggestedRange.max) },
    });
  }
  return { verdict, history };
}

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

