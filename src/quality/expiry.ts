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
	slug === "restaurants"
		? MAX_AGE_DAYS.restaurants
		: slug === "electronics"
			? MAX_AGE_DAYS.electronics
			: MAX_AGE_DAYS.default;

// One range per category of price_reports_category_age_idx (category, unexpired, older than its age): the
// sweep touches only the reports it expires, however many there are in all. One transaction for all.
export const EXPIRE_CATEGORY_SQL = `
  UPDATE price_reports INDEXED BY price_reports_category_age_idx
  SET is_expired = 1, expired_at = $now, updated_at = $now, expired_reason = 'Older than ' || $days || ' days'
  WHERE category_id = $category AND is_expired = 0 AND created_at < $cutoff`;
// The same range, only looked at: a sweep with nothing to expire (nearly every minute) takes no write lock,
// so it never waits behind the report writer's thread nor makes it wait.
const STALE_IN_CATEGORY_SQL = `SELECT 1 AS stale FROM price_reports INDEXED BY price_reports_category_age_idx
  WHERE category_id = $category AND is_expired = 0 AND created_at < $cutoff LIMIT 1`;

export function expireStaleReports(db: Db, now = Date.now()): number {
	const client = db.$client;
	const due = client
		.query<{ id: number; slug: string }, []>("SELECT id, slug FROM product_categories")
		.all()
		.map(({ id, slug }) => ({ category: id, days: maxAgeDays(slug) }))
		.map((c) => ({ ...c, cutoff: now - c.days * DAY_MS }))
		.filter((c) => client.query(STALE_IN_CATEGORY_SQL).get({ category: c.category, cutoff: c.cutoff }));
	if (due.length === 0) return 0;
	const sweep = client.transaction(() => {
		let changes = 0;
		for (const c of due) changes += client.query(EXPIRE_CATEGORY_SQL).run({ now, ...c }).changes;
		return changes;
	});
	return sweep.immediate();
}

// One range of gas_reports_age_idx (unexpired, older than a week): it reads only what it expires.
export const EXPIRE_FUEL_SQL = `
  UPDATE gas_price_reports INDEXED BY gas_reports_age_idx
  SET is_expired = 1, expired_at = $now, updated_at = $now, expired_reason = 'Older than ' || $days || ' days'
  WHERE is_expired = 0 AND created_at < $cutoff`;
const STALE_FUEL_SQL = `SELECT 1 AS stale FROM gas_price_reports INDEXED BY gas_reports_age_idx
  WHERE is_expired = 0 AND created_at < $cutoff LIMIT 1`;

/** Fuel reports older than a week expire; the station's cached prices follow through the gas triggers. */
export function expireStaleGasReports(db: Db, now = Date.now()): number {
	const cutoff = now - FUEL_MAX_AGE_DAYS * DAY_MS;
	if (!db.$client.query(STALE_FUEL_SQL).get({ cutoff })) return 0;
	return db.$client.query(EXPIRE_FUEL_SQL).run({ now, days: FUEL_MAX_AGE_DAYS, cutoff }).changes;
}
