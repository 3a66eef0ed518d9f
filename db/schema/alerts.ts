/** Price alerts, their word index and hits; the spots a shopper starred; the devices push reaches. */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ALERT_SCOPES, FUEL_TYPES, HIT_NOTICES } from "../enums.ts";
import { createdAt, flag, id, updatedAt } from "./columns.ts";
import { sessions, users } from "./people.ts";
import { gasPriceReports, gasStations, priceReports, productCategories, stores } from "./reports.ts";

export const priceAlerts = sqliteTable(
	"price_alerts",
	{
		id: id(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		productName: text("product_name").notNull(),
		categoryId: integer("category_id").references(() => productCategories.id, {
			onDelete: "set null",
		}),
		targetPriceCents: integer("target_price_cents").notNull(),
		isActive: flag("is_active", true),
		zipCode: text("zip_code", { length: 10 }),
		createdAt: createdAt(),
		lastNotified: integer("last_notified", { mode: "timestamp_ms" }),
		/** ours: the alert's zip as a location token (see price_reports.loc_token). */
		locToken: text("loc_token").notNull().default(""),
		/** ours: how many distinct words the product name has; a report matches when it holds all of them. */
		wordCount: integer("word_count").notNull().default(0),
		/** ours: the neighbourhood of zipCode, or only the shopper's starred stores and stations (anywhere). */
		scope: text("scope", { enum: ALERT_SCOPES }).notNull().default("near"),
		/** ours: set for a fuel alert ("regular under $3.20"), which fuel reports set off; productName names the fuel. */
		fuelType: text("fuel_type", { enum: FUEL_TYPES }),
	},
	(t) => [index("price_alerts_user_idx").on(t.userId)],
);

/**
 * ours: the word index of alerts. Each word is filed under every place of the alert's neighbourhood
 * (src/alerts/word-index.ts), so a new report reads, for each of its words, the key at its own place; the
 * alert's target price rides in the key (an edit files the words afresh; a trigger follows any other
 * change), so alerts the price does not meet are passed over without reading them.
 */
export const priceAlertWords = sqliteTable(
	"price_alert_words",
	{
		word: text("word").notNull(),
		locToken: text("loc_token").notNull(),
		targetPriceCents: integer("target_price_cents").notNull(),
		alertId: integer("alert_id")
			.notNull()
			.references(() => priceAlerts.id, { onDelete: "cascade" }),
	},
	(t) => [
		primaryKey({ columns: [t.word, t.locToken, t.targetPriceCents, t.alertId] }),
		index("price_alert_words_alert_idx").on(t.alertId),
	],
);

/**
 * ours: each report that set off an alert, once (the unique pairs), and the live stream's event ids. A product
 * alert's hits name a price report, a fuel alert's a fuel report; the price is in cents for both (a fuel price
 * rounded up, as the alert's target is compared).
 */
export const priceAlertHits = sqliteTable(
	"price_alert_hits",
	{
		id: id(),
		alertId: integer("alert_id")
			.notNull()
			.references(() => priceAlerts.id, { onDelete: "cascade" }),
		priceReportId: integer("price_report_id").references(() => priceReports.id, { onDelete: "cascade" }),
		gasReportId: integer("gas_report_id").references(() => gasPriceReports.id, { onDelete: "cascade" }),
		priceCents: integer("price_cents").notNull(),
		/** What became of its notification (see HIT_NOTICES). */
		notice: text("notice", { enum: HIT_NOTICES }).notNull().default("sent"),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex("price_alert_hits_alert_report_unique").on(t.alertId, t.priceReportId),
		uniqueIndex("price_alert_hits_alert_gas_report_unique").on(t.alertId, t.gasReportId),
		index("price_alert_hits_alert_idx").on(t.alertId, t.id),
		/** The daily cap and the held hits to sum up: an alert's hits by notice and age. */
		index("price_alert_hits_notice_idx").on(t.alertId, t.notice, t.createdAt),
		index("price_alert_hits_report_idx").on(t.priceReportId),
		index("price_alert_hits_gas_report_idx").on(t.gasReportId),
		check("price_alert_hits_one_report", sql`(${t.priceReportId} IS NULL) <> (${t.gasReportId} IS NULL)`),
	],
);

/** ours: the stores a shopper starred ("my spots"), which an alert can be limited to. */
export const starredStores = sqliteTable(
	"starred_stores",
	{
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		storeId: integer("store_id")
			.notNull()
			.references(() => stores.id, { onDelete: "cascade" }),
		createdAt: createdAt(),
	},
	(t) => [primaryKey({ columns: [t.userId, t.storeId] }), index("starred_stores_store_idx").on(t.storeId)],
);

/** ours: the stations a shopper starred; they come first on the Gas page. */
export const starredStations = sqliteTable(
	"starred_stations",
	{
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		stationId: integer("station_id")
			.notNull()
			.references(() => gasStations.id, { onDelete: "cascade" }),
		createdAt: createdAt(),
	},
	(t) => [primaryKey({ columns: [t.userId, t.stationId] }), index("starred_stations_station_idx").on(t.stationId)],
);

/**
 * ours: where a device wants its Web Push messages (a browser's PushSubscription), one row per endpoint. It
 * belongs to the session that subscribed, so signing out of that device (or the session ending) removes it.
 */
export const pushSubscriptions = sqliteTable(
	"push_subscriptions",
	{
		id: id(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		sessionId: text("session_id")
			.notNull()
			.references(() => sessions.sid, { onDelete: "cascade" }),
		endpoint: text("endpoint").notNull(),
		/** The browser's P-256 public key and auth secret (base64url), which encrypt each message to it. */
		p256dh: text("p256dh").notNull(),
		auth: text("auth").notNull(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint),
		index("push_subscriptions_user_idx").on(t.userId),
		index("push_subscriptions_session_idx").on(t.sessionId),
	],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
