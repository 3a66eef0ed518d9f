import type { Db } from "../db.ts";
import { DAY_MS } from "../lib/time.ts";

/**
 * Prices go stale. Product reports expire after an age that suits their kind: restaurant specials change
 * fastest, electronics slowest, everything else in a month. Expired reports leave the search index (its
 * triggers), and never count toward a consensus or a deal's savings.
 */
export const MAX_AGE_DAYS = { restaurants: 14, electronics: 60, default: 30 } as const;
/** Pump prices move within days: a week-old fuel price is no longer a price anyone can get. */
export const FUEL_MAX_AGE_DAYS = 7;

const maxAgeDays = (slug: string) =>
  slug === "restaurants" ? MAX_AGE_DAYS.restaurants : slug === "electronics" ? MAX_AGE_DAYS.electronics : MAX_AGE_DAYS.default;

// One range per category of price_reports_category_age_idx (category, unexpired, older than its age): the
// sweep touches only the reports it expires, however many there are in all. One transaction for all.
const EXPIRE_CATEGORY_SQL = `
  UPDATE price_reports INDEXED BY price_reports_category_age_idx
  SET is_expired = 1, expired_at = $now, updated_at = $now, expired_reason = 'Older than ' || $days || ' days'
  WHERE category_id = $category AND is_expired = 0 AND created_at < $cutoff`;

export function expireStaleReports(db: Db, now = Date.now()): number {
  const client = db.$client;
  const categories = client.query<{ id: number; slug: string }, []>("SELECT id, slug FROM product_categories").all();
  const sweep = client.transaction(() => {
    let changes = 0;
    for (const { id, slug } of categories) {
      const days = maxAgeDays(slug);
      changes += client.query(EXPIRE_CATEGORY_SQL).run({ now, days, category: id, cutoff: now - days * DAY_MS }).changes;
    }
    return changes;
  });
  return sweep.immediate();
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
