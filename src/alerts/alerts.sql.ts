/**
 * The alerts' raw SQL: the matching on the report write path and the live hub's session check, both run for
 * every report or every few seconds and measured by the benchmarks (docs/performance.md). They are bun:sqlite
 * statements, compiled once per connection and text; the statements used in a loop are handed back as they
 * are. The start-up check of the word index is here too, as every start runs it before listening.
 * Everything else about alerts is Drizzle (queries.ts, matching.ts, word-index.ts).
 */

import type { HitNotice } from "../../db/enums.ts";
import type { priceAlertHits, priceAlerts, priceAlertWords, sessions } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Stored, StoredPick } from "../lib/stored.ts";

type Bindings = Record<string, string | number>;

/** The place an alert limited to starred spots files its words under: every report looks there too. */
export const SPOTS_TOKEN = "*";

const LIVE_SESSIONS_SQL = `SELECT s.sid AS sid FROM sessions s JOIN users u ON u.id = s.user_id
           WHERE s.sid IN (SELECT value FROM json_each($sids))
             AND s.expire > $now AND json_extract(s.sess, '$.createdAt') + $cap > $now
             AND u.is_terminated = 0`;

/** Of the sessions `sids` (a JSON array), those that still let their user in at `now`. */
export function liveSessions(db: Db, bindings: { sids: string; now: number; cap: number }) {
	return db.$client
		.query<{ sid: Stored<typeof sessions.sid> }, { sids: string; now: number; cap: number }>(LIVE_SESSIONS_SQL)
		.all(bindings);
}

// Drives from the word index: an alert's words are filed under every place of its neighbourhood
// (word-index.ts), so a report looks for each of its words under its own place, and under "*", where the
// alerts limited to starred spots (anywhere) are filed: two seeks per word. The
// target price is in the index's key (migration 0011), so only alerts the price meets come back. An alert is
// a match when every one of its words was found; counting them in TypeScript rather than with GROUP BY spares
// SQLite a temporary B-tree per report, which cost more than the lookups themselves.
export const WORD_HITS_SQL = `
  SELECT alert_id FROM price_alert_words
  WHERE word IN (SELECT value FROM json_each($words))
    AND loc_token IN ($loc, '${SPOTS_TOKEN}')
    AND target_price_cents >= $price`;

/** The alert id of each index entry a report's words (a JSON array), place and price meet. */
export function wordHits(db: Db, bindings: { words: string; loc: string; price: number }) {
	return db.$client.query<[Stored<typeof priceAlertWords.alertId>], Bindings>(WORD_HITS_SQL).values(bindings) as [
		Stored<typeof priceAlertWords.alertId>,
	][];
}

// Run by every start (word-index.ts): plain SQL, as drizzle's first query costs some setting up before
// listening. Only ZIP alerts can have neighbours; a spread alert has a word under another place, found
// through the words' alert index after a row or two.
const FILED_AT_HOME_SQL = `
  SELECT a.id AS id, a.zip_code AS zip, a.target_price_cents AS targetPriceCents FROM price_alerts a
  WHERE a.word_count > 0 AND a.loc_token GLOB 'z*'
    AND NOT EXISTS (SELECT 1 FROM price_alert_words w WHERE w.alert_id = a.id AND w.loc_token <> a.loc_token)`;

/** The ZIP alerts whose words are all filed under the alert's own place. */
export function alertsFiledAtHome(db: Db) {
	return db.$client
		.query<StoredPick<typeof priceAlerts, "id" | "targetPriceCents"> & { zip: Stored<typeof priceAlerts.zipCode> }, []>(
			FILED_AT_HOME_SQL,
		)
		.all();
}

/** Reads one alert's distinct indexed words (`.all(alertId)`). */
export const wordsOfAlert = (db: Db) =>
	db.$client.query<StoredPick<typeof priceAlertWords, "word">, [number]>(
		"SELECT DISTINCT word FROM price_alert_words WHERE alert_id = ?1",
	);

/** An alert a report may set off, as the matching and its hits name it. */
export type CandidateRow = {
	alertId: Stored<typeof priceAlerts.id>;
	userId: Stored<typeof priceAlerts.userId>;
	alertName: Stored<typeof priceAlerts.productName>;
	targetPriceCents: Stored<typeof priceAlerts.targetPriceCents>;
	/** The zip the alert watches (its distances are counted from there). */
	alertZip: Stored<typeof priceAlerts.zipCode>;
};
export type MatchAlertRow = CandidateRow & {
	wordCount: Stored<typeof priceAlerts.wordCount>;
	categoryId: Stored<typeof priceAlerts.categoryId>;
	isActive: Stored<typeof priceAlerts.isActive>;
	scope: Stored<typeof priceAlerts.scope>;
	fuelType: Stored<typeof priceAlerts.fuelType>;
	lastNotified: number | null;
};

const ALERT_SQL = `
  SELECT id AS alertId, user_id AS userId, product_name AS alertName, target_price_cents AS targetPriceCents,
    zip_code AS alertZip, word_count AS wordCount, category_id AS categoryId, is_active AS isActive, scope,
    fuel_type AS fuelType, last_notified AS lastNotified
  FROM price_alerts WHERE id = ?1`;

/** Reads one alert by id (`.get(id)`): one statement for all of a report's candidates. */
export const alertReader = (db: Db) => db.$client.query<MatchAlertRow, [number]>(ALERT_SQL);

type HitId = { id: Stored<typeof priceAlertHits.id> };
type HitValues = { alert: number; report: number; price: number; notice: HitNotice; now: number };

const INSERT_HIT_SQL = `INSERT INTO price_alert_hits (alert_id, price_report_id, price_cents, notice, created_at)
  VALUES ($alert, $report, $price, $notice, $now) ON CONFLICT DO NOTHING RETURNING id`;
const INSERT_FUEL_HIT_SQL = `INSERT INTO price_alert_hits (alert_id, gas_report_id, price_cents, notice, created_at)
  VALUES ($alert, $report, $price, $notice, $now) ON CONFLICT DO NOTHING RETURNING id`;
const STAMP_ALERT_SQL = "UPDATE price_alerts SET last_notified = $now WHERE id = $alert";
const CARRIED_HIT_SQL = `SELECT id FROM price_alert_hits
  WHERE alert_id = $alert AND price_report_id IN (SELECT value FROM json_each($replaced)) AND price_cents <= $price
  ORDER BY price_cents LIMIT 1`;
const CARRY_HIT_SQL = "UPDATE price_alert_hits SET price_report_id = $report, price_cents = $price WHERE id = $hit";
const CARRIED_FUEL_HIT_SQL = `SELECT id FROM price_alert_hits
  WHERE alert_id = $alert AND gas_report_id IN (SELECT value FROM json_each($replaced)) AND price_cents <= $price
  ORDER BY price_cents LIMIT 1`;
const CARRY_FUEL_HIT_SQL = "UPDATE price_alert_hits SET gas_report_id = $report, price_cents = $price WHERE id = $hit";

/**
 * The statements that record a report's hits, for all of its matching alerts: `insert` a hit of a product
 * report or `insertFuel` one of a fuel report (no row when the pair is already there) and `stamp` its alert; `findCarried`, the alert's hit of a report the new one replaced
 * (`replaced`, a JSON array of ids) at no lower a price, and `carry` it over to the new report (and the same
 * for fuel reports).
 */
export function hitWriters(db: Db) {
	return {
		insert: db.$client.query<HitId, HitValues>(INSERT_HIT_SQL),
		insertFuel: db.$client.query<HitId, HitValues>(INSERT_FUEL_HIT_SQL),
		stamp: db.$client.query<never, { now: number; alert: number }>(STAMP_ALERT_SQL),
		findCarried: db.$client.query<HitId, { alert: number; replaced: string; price: number }>(CARRIED_HIT_SQL),
		carry: db.$client.query<never, { report: number; price: number; hit: number }>(CARRY_HIT_SQL),
		findCarriedFuel: db.$client.query<HitId, { alert: number; replaced: string; price: number }>(CARRIED_FUEL_HIT_SQL),
		carryFuel: db.$client.query<never, { report: number; price: number; hit: number }>(CARRY_FUEL_HIT_SQL),
	};
}

/** Whether a shopper starred a store or a station (`.get({ user, id })`): an alert limited to spots asks. */
export const starReaders = (db: Db) => ({
	store: db.$client.query<{ 1: number }, { user: string; id: number }>(
		"SELECT 1 FROM starred_stores WHERE user_id = $user AND store_id = $id",
	),
	station: db.$client.query<{ 1: number }, { user: string; id: number }>(
		"SELECT 1 FROM starred_stations WHERE user_id = $user AND station_id = $id",
	),
});
