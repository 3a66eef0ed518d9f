import type { Db } from "../db.ts";

/**
 * Prices go stale. Product reports expire after an age that suits their kind: restaurant specials change
 * fastest, electronics slowest, everything else in a month. Expired reports leave the search index (its
 * triggers), and never count toward a consensus or a deal's savings.
 */
export const MAX_AGE_DAYS = { restaurants: 14, electronics: 60, default: 30 } as const;
/** Pump prices move within days: a week-old fuel price is no longer a price anyone can get. */
export const FUEL_MAX_AGE_DAYS = 7;
const DAY_MS = 86_400_000;

export function expireStaleReports(db: Db, now = Date.now()): number {
  const result = db.$client
    .query(`
      UPDATE price_reports
      SET is_expired = 1, expired_at = $now, updated_at = $now,
        expired_reason = 'Older than ' || (
          CASE (SELECT slug FROM product_categories c WHERE c.id = category_id)
            WHEN 'restaurants' THEN $restaurants WHEN 'electronics' THEN $electronics ELSE $default END
        ) || ' days'
      WHERE is_expired = 0 AND created_at < $now - $day * (
        CASE (SELECT slug FROM product_categories c WHERE c.id = category_id)
          WHEN 'restaurants' THEN $restaurants WHEN 'electronics' THEN $electronics ELSE $default END
      )`)
    .run({ now, day: DAY_MS, ...MAX_AGE_DAYS });
  return result.changes;
}

/** Fuel reports older than a week expire; the station's cached prices follow through the gas triggers. */
export function expireStaleGasReports(db: Db, now = Date.now()): number {
  return db.$client
    .query(`
      UPDATE gas_price_reports
      SET is_expired = 1, expired_at = $now, updated_at = $now, expired_reason = 'Older than ' || $days || ' days'
      WHERE is_expired = 0 AND created_at < $now - $day * $days`)
    .run({ now, day: DAY_MS, days: FUEL_MAX_AGE_DAYS }).changes;
}
