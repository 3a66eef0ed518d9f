/**
 * Price alert hits: the matching of a written price against the word index and the recording of its hits,
 * inside the write's transaction, and the reads of hits a stream replays. The matching runs for every report
 * and is measured by the benchmarks (docs/performance.md): bun:sqlite statements, compiled once per
 * connection and text, prepared once per report for all of its candidate alerts. Timestamps are milliseconds.
 */
import { and, desc, eq, gt, max, or, sql } from "drizzle-orm";
import type { HitNotice } from "../../db/enums.ts";
import {
	gasPriceReports,
	gasStations,
	priceAlertHits,
	priceAlerts,
	type priceAlertWords,
	priceReports,
	stores,
} from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Stored } from "../lib/stored.ts";
import type { Tx } from "./transaction.ts";

type Bindings = Record<string, string | number>;

/** The place an alert limited to starred spots files its words under: every report looks there too. */
export const SPOTS_TOKEN = "*";

// Drives from the word index: an alert's words are filed under every place of its neighbourhood
// (src/alerts/word-index.ts), so a report looks for each of its words under its own place, and under "*", where
// the alerts limited to starred spots (anywhere) are filed: two seeks per word. The
// target price is in the index's key (migration 0011), so only alerts the price meets come back. An alert is
// a match when every one of its words was found; counting them in TypeScript rather than with GROUP BY spares
// SQLite a temporary B-tree per report, which cost more than the lookups themselves.
export const WORD_HITS_SQL = `
  SELECT alert_id FROM price_alert_words
  WHERE word IN (SELECT value FROM json_each($words))
    AND loc_token IN ($loc, '${SPOTS_TOKEN}')
    AND target_price_cents >= $price`;

/** The alert id of each index entry a report's words (a JSON array), place and price meet. */
export function wordHits(tx: Tx, bindings: { words: string; loc: string; price: number }) {
	return tx.$client.query<[Stored<typeof priceAlertWords.alertId>], Bindings>(WORD_HITS_SQL).values(bindings) as [
		Stored<typeof priceAlertWords.alertId>,
	][];
}

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

/** Reads one alert by id: one statement for all of a report's candidates. */
export function alertReader(tx: Tx): (alertId: number) => MatchAlertRow | null {
	const read = tx.$client.query<MatchAlertRow, [number]>(ALERT_SQL);
	return (alertId) => read.get(alertId);
}

type HitId = { id: Stored<typeof priceAlertHits.id> };
type HitValues = { alert: number; report: number; price: number; notice: HitNotice; now: number };
type Carried = { alert: number; replaced: string; price: number };
type Carry = { report: number; price: number; hit: number };

const INSERT_SQL = {
	product: `INSERT INTO price_alert_hits (alert_id, price_report_id, price_cents, notice, created_at)
  VALUES ($alert, $report, $price, $notice, $now) ON CONFLICT DO NOTHING RETURNING id`,
	fuel: `INSERT INTO price_alert_hits (alert_id, gas_report_id, price_cents, notice, created_at)
  VALUES ($alert, $report, $price, $notice, $now) ON CONFLICT DO NOTHING RETURNING id`,
};
const STAMP_ALERT_SQL = "UPDATE price_alerts SET last_notified = $now WHERE id = $alert";
const CARRIED_SQL = {
	product: `SELECT id FROM price_alert_hits
  WHERE alert_id = $alert AND price_report_id IN (SELECT value FROM json_each($replaced)) AND price_cents <= $price
  ORDER BY price_cents LIMIT 1`,
	fuel: `SELECT id FROM price_alert_hits
  WHERE alert_id = $alert AND gas_report_id IN (SELECT value FROM json_each($replaced)) AND price_cents <= $price
  ORDER BY price_cents LIMIT 1`,
};
const CARRY_SQL = {
	product: "UPDATE price_alert_hits SET price_report_id = $report, price_cents = $price WHERE id = $hit",
	fuel: "UPDATE price_alert_hits SET gas_report_id = $report, price_cents = $price WHERE id = $hit",
};

/**
 * What records a report's hits, for all of its matching alerts, by the report's market (a product report's
 * hits name it by price_report_id, a fuel report's by gas_report_id): `insert` a hit (null when the pair is
 * already there) and `stamp` its alert; `findCarried`, the alert's hit of a report the new one replaced
 * (`replaced`, a JSON array of ids) at no lower a price, and `carry` it over to the new report.
 */
export function hitWriters(tx: Tx, market: "product" | "fuel") {
	const q = tx.$client;
	const insert = q.query<HitId, HitValues>(INSERT_SQL[market]);
	const stamp = q.query<never, { now: number; alert: number }>(STAMP_ALERT_SQL);
	const findCarried = q.query<HitId, Carried>(CARRIED_SQL[market]);
	const carry = q.query<never, Carry>(CARRY_SQL[market]);
	return {
		insert: (values: HitValues): HitId | null => insert.get(values),
		stamp: (values: { now: number; alert: number }) => {
			stamp.run(values);
		},
		findCarried: (values: Carried): HitId | null => findCarried.get(values),
		carry: (values: Carry) => {
			carry.run(values);
		},
	};
}

// A live report of another hit of the alert: the price is still under the target (each hit's report was).
// The report that replaced one is not live any more by the time this runs (it is expired in the same
// transaction), so a shopper correcting their own price does not hold the alert quiet.
const STILL_UNDER_SQL = `
  SELECT 1 FROM price_alert_hits h
    LEFT JOIN price_reports r ON r.id = h.price_report_id
    LEFT JOIN gas_price_reports g ON g.id = h.gas_report_id
  WHERE h.alert_id = $alert
    AND ((r.is_active = 1 AND r.is_expired = 0) OR (g.is_active = 1 AND g.is_expired = 0))
  LIMIT 1`;
// One cap for every notification a shopper gets: their price alerts' hits and their lists' alerts' notices.
const SENT_SINCE_SQL = `
  SELECT (SELECT count(*) FROM price_alert_hits
    WHERE alert_id IN (SELECT id FROM price_alerts WHERE user_id = $user) AND notice = 'sent' AND created_at > $since)
  + (SELECT count(*) FROM shopping_list_alert_notices
    WHERE user_id = $user AND notice = 'sent' AND created_at > $since) AS n`;
const DAILY_CAP_SQL = "SELECT alert_daily_cap AS cap FROM users WHERE id = $user";
const SUM_HELD_SQL = `
  UPDATE price_alert_hits SET notice = 'summed'
  WHERE alert_id IN (SELECT id FROM price_alerts WHERE user_id = $user) AND notice = 'held'
  RETURNING alert_id AS alertId`;
const SUM_HELD_LISTS_SQL = `
  UPDATE shopping_list_alert_notices SET notice = 'summed' WHERE user_id = $user AND notice = 'held'
  RETURNING list_id AS listId`;

/**
 * What a hit's notice is decided from (src/alerts/notices.ts), prepared once for all of a report's hits:
 * whether another live report still holds the alert's price under its target, how many notifications the
 * shopper was sent since a time (their lists' alerts' notices counted too), their daily cap (null when there is
 * no such user), and marking their held hits and list notices as summed up (answering whose they were).
 */
export function noticeReaders(tx: Tx) {
	const q = tx.$client;
	const stillUnder = q.query<{ 1: number }, { alert: number }>(STILL_UNDER_SQL);
	const sentSince = q.query<{ n: number }, { user: string; since: number }>(SENT_SINCE_SQL);
	const dailyCap = q.query<{ cap: number }, { user: string }>(DAILY_CAP_SQL);
	const sumHeld = q.query<{ alertId: number }, { user: string }>(SUM_HELD_SQL);
	const sumHeldLists = q.query<{ listId: number }, { user: string }>(SUM_HELD_LISTS_SQL);
	return {
		stillUnder: (alertId: number) => stillUnder.get({ alert: alertId }) !== null,
		sentSince: (userId: string, since: number) => sentSince.get({ user: userId, since })?.n ?? 0,
		dailyCap: (userId: string) => dailyCap.get({ user: userId })?.cap ?? null,
		sumHeld: (userId: string) => ({
			alerts: sumHeld.all({ user: userId }).map((h) => h.alertId),
			lists: sumHeldLists.all({ user: userId }).map((h) => h.listId),
		}),
	};
}
export type NoticeReaders = ReturnType<typeof noticeReaders>;

/** A hit's report is listed: active and not expired, product or fuel. */
const liveReport = or(
	and(eq(priceReports.isActive, true), eq(priceReports.isExpired, false)),
	and(eq(gasPriceReports.isActive, true), eq(gasPriceReports.isExpired, false)),
);

/**
 * The user's notified hits after `afterId` (the Last-Event-ID of a reconnect): the latest `limit`, newest
 * first; not those of reports that are no longer listed (withdrawn, replaced or expired meanwhile). A hit names
 * a product report (and its store) or a fuel report (and its station); both read as one shape.
 */
export async function sentHitsAfter(db: Db, bindings: { userId: string; afterId: number; limit: number }) {
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
			priceType: priceReports.priceType,
			multiQuantity: priceReports.multiQuantity,
			multiPriceCents: priceReports.multiPriceCents,
			priceMills: gasPriceReports.priceMills,
			payment: gasPriceReports.payment,
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
				eq(priceAlerts.userId, bindings.userId),
				gt(priceAlertHits.id, bindings.afterId),
				eq(priceAlertHits.notice, "sent"),
				liveReport,
			),
		)
		.orderBy(desc(priceAlertHits.id))
		.limit(bindings.limit)
		.all();
}

/**
 * The newest hit's id, anyone's (0 before the first): where a new stream stands. Sent as its event id, so the
 * browser's reconnect asks for the hits after it even when none reached this tab yet.
 */
export async function latestHitId(db: Db): Promise<number> {
	return (
		db
			.select({ id: max(priceAlertHits.id) })
			.from(priceAlertHits)
			.get()?.id ?? 0
	);
}
