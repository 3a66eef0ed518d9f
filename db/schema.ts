/**
 * The whole data model (spec §3) for bun:sqlite.
 *
 * Money never lives in a float: product prices and savings are integer cents (decimal 10,2 in the spec),
 * fuel prices integer thousandths of a dollar (decimal 6,3), DEF prices integer cents (decimal 6,2).
 * Timestamps are integer milliseconds since the epoch. Columns the spec does not name but the server needs
 * (lookup keys, effective zip codes, a session's user) are marked "ours".
 */
import { sql } from "drizzle-orm";
import {
	type AnySQLiteColumn,
	check,
	index,
	integer,
	primaryKey,
	real,
	sqliteTable,
	text,
	uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { ALERT_SCOPES, AVAILABILITIES, FUEL_TYPES, HIT_NOTICES } from "./enums.ts";

const id = () => integer("id").primaryKey({ autoIncrement: true });
const createdAt = () =>
	integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
const updatedAt = () =>
	integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
const flag = (name: string, value: boolean) => integer(name, { mode: "boolean" }).notNull().default(value);

/** What product and fuel reports share: the quality check's verdict, expiry, a photo, timestamps. */
const reportLifecycle = () => ({
	verificationConfidence: real("verification_confidence"),
	verificationReason: text("verification_reason"),
	isActive: flag("is_active", true),
	isExpired: flag("is_expired", false),
	expiredAt: integer("expired_at", { mode: "timestamp_ms" }),
	expiredReason: text("expired_reason"),
	imageUrl: text("image_url"),
	createdAt: createdAt(),
	updatedAt: updatedAt(),
});

export {
	ALERT_SCOPES,
	type AlertScope,
	AVAILABILITIES,
	type Availability,
	FUEL_TYPES,
	type FuelType,
	HIT_NOTICES,
	type HitNotice,
} from "./enums.ts";

export const users = sqliteTable(
	"users",
	{
		id: text("id")
			.primaryKey()
			.$defaultFn(() => crypto.randomUUID()),
		username: text("username").notNull(),
		password: text("password").notNull(),
		firstName: text("first_name"),
		lastName: text("last_name"),
		zipCode: text("zip_code", { length: 10 }),
		profileImageUrl: text("profile_image_url"),
		statsVisible: flag("stats_visible", true),
		profileVisible: flag("profile_visible", true),
		totalReports: integer("total_reports").notNull().default(0),
		totalMoneySavedCents: integer("total_money_saved_cents").notNull().default(0),
		uniqueStoresVisited: integer("unique_stores_visited").notNull().default(0),
		preferredFuelType: text("preferred_fuel_type", { length: 20, enum: FUEL_TYPES }).notNull().default("regular"),
		/** ours: the shopper's car, for what a drive to a station costs (miles per gallon, tank in gallons). */
		carMilesPerGallon: real("car_miles_per_gallon").notNull().default(25),
		carTankGallons: real("car_tank_gallons").notNull().default(12),
		/** ours: the same for an electric car (miles per kWh, battery in kWh). */
		carMilesPerKwh: real("car_miles_per_kwh").notNull().default(3.5),
		carBatteryKwh: real("car_battery_kwh").notNull().default(60),
		/** ours: at most this many alert notifications a day; the rest are summed up in the next one. */
		alertDailyCap: integer("alert_daily_cap").notNull().default(10),
		isTerminated: flag("is_terminated", false),
		terminationReason: text("termination_reason"),
		terminatedAt: integer("terminated_at", { mode: "timestamp_ms" }),
		terminatedBy: text("terminated_by"),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		uniqueIndex("users_username_lower_unique").on(sql`lower(${t.username})`),
		/** "Does any row still name this photo?" (src/users/photos.ts), asked before a file is removed. */
		index("users_profile_image_idx").on(t.profileImageUrl).where(sql`${t.profileImageUrl} IS NOT NULL`),
	],
);

export const sessions = sqliteTable(
	"sessions",
	{
		/** SHA-256 (hex) of the token in the cookie; the token itself is never stored. */
		sid: text("sid").primaryKey(),
		/** JSON: { userId, createdAt, adminUnlocked }. */
		sess: text("sess", { mode: "json" }).notNull().$type<SessionData>(),
		expire: integer("expire", { mode: "timestamp_ms" }).notNull(),
		/** ours: lets "end every session of this user" and account deletion use an index and a cascade. */
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
	},
	(t) => [index("sessions_user_idx").on(t.userId), index("sessions_expire_idx").on(t.expire)],
);

export type SessionData = { userId: string; createdAt: number; adminUnlocked?: boolean };

export const stores = sqliteTable(
	"stores",
	{
		id: id(),
		name: text("name").notNull(),
		address: text("address").notNull(),
		phone: text("phone"),
		zipCode: text("zip_code", { length: 10 }),
		/** ours: lower-cased, whitespace-collapsed "name|address", to find a store however it is typed. */
		lookupKey: text("lookup_key").notNull(),
		/** ours: where the store is (its own zip, not its reporters'), as a location token (see gasStations.locToken). */
		locToken: text("loc_token").notNull().default(""),
		createdAt: createdAt(),
	},
	(t) => [
		// A store is found by its lookup key among those near the zip it is reported with (src/lib/same-place.ts),
		// so one name and address has one store per neighbourhood; one per location token is what SQL can hold.
		uniqueIndex("stores_loc_lookup_unique").on(t.locToken, t.lookupKey),
		index("stores_lookup_idx").on(t.lookupKey),
	],
);

export const productCategories = sqliteTable("product_categories", {
	id: id(),
	name: text("name").notNull().unique(),
	slug: text("slug").notNull().unique(),
	description: text("description"),
	parentCategoryId: integer("parent_category_id").references((): AnySQLiteColumn => productCategories.id, {
		onDelete: "set null",
	}),
	createdAt: createdAt(),
});

export const productTags = sqliteTable(
	"product_tags",
	{
		id: id(),
		name: text("name").notNull(),
		slug: text("slug").notNull(),
		categoryId: integer("category_id")
			.notNull()
			.references(() => productCategories.id, { onDelete: "cascade" }),
		createdAt: createdAt(),
	},
	(t) => [uniqueIndex("product_tags_category_slug_unique").on(t.categoryId, t.slug)],
);

/** Fuel prices in thousandths of a dollar (decimal 6,3). */
const fuelPrice = (name: string) => integer(name);

export const gasStations = sqliteTable(
	"gas_stations",
	{
		id: id(),
		name: text("name").notNull(),
		address: text("address").notNull(),
		zipCode: text("zip_code", { length: 10 }),
		phone: text("phone"),
		regularPriceMills: fuelPrice("regular_price_mills"),
		premiumPriceMills: fuelPrice("premium_price_mills"),
		dieselPriceMills: fuelPrice("diesel_price_mills"),
		e85PriceMills: fuelPrice("e85_price_mills"),
		electricPriceMills: fuelPrice("electric_price_mills"),
		reportsCount: integer("reports_count").notNull().default(0),
		lastUpdated: integer("last_updated", { mode: "timestamp_ms" }),
		/** ours: see stores.lookupKey. */
		lookupKey: text("lookup_key").notNull(),
		/**
		 * ours: the zip as a location token (see price_reports.loc_token): "within 20 zips" is an IN over the
		 * window's tokens on an index, and "10001-1234" finds the same station as "10001".
		 */
		locToken: text("loc_token").notNull().default(""),
		createdAt: createdAt(),
	},
	(t) => [
		// As for stores: found by lookup key among the stations near the zip; unique per location token.
		uniqueIndex("gas_stations_loc_lookup_unique").on(t.locToken, t.lookupKey),
		index("gas_stations_lookup_idx").on(t.lookupKey),
	],
);

export const gasPriceReports = sqliteTable(
	"gas_price_reports",
	{
		id: id(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		stationId: integer("station_id")
			.notNull()
			.references(() => gasStations.id, { onDelete: "cascade" }),
		fuelType: text("fuel_type", { enum: FUEL_TYPES }).notNull(),
		priceMills: integer("price_mills").notNull(),
		defPriceCents: integer("def_price_cents"),
		vacationMode: flag("vacation_mode", false),
		reportZipCode: text("report_zip_code", { length: 10 }),
		...reportLifecycle(),
	},
	(t) => [
		// By user (account deletion, the users foreign key), and the shopper's earlier price of a fuel at a
		// station, which a new one replaces, in one probe.
		index("gas_reports_user_idx").on(t.userId, t.stationId, t.fuelType),
		/** Photos still named (src/users/photos.ts): only the reports that have one. */
		index("gas_reports_image_idx").on(t.imageUrl).where(sql`${t.imageUrl} IS NOT NULL`),
		index("gas_reports_station_fuel_idx").on(t.stationId, t.fuelType, t.createdAt),
		/** The age sweep (src/reports/expiry.ts): only the unexpired reports past the age, not every old one. */
		index("gas_reports_age_idx").on(t.isExpired, t.createdAt),
		/**
		 * The live reports of a station, covering what the nearby views and the fuel check read (consensus
		 * history with its reporters, the week's count, the newest reports), so none of them touches expired rows
		 * or the table.
		 */
		index("gas_reports_live_idx")
			.on(t.stationId, t.fuelType, t.createdAt, t.priceMills, t.userId)
			.where(sql`${t.isActive} = 1 AND ${t.isExpired} = 0`),
	],
);

export const priceReports = sqliteTable(
	"price_reports",
	{
		id: id(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		storeId: integer("store_id")
			.notNull()
			.references(() => stores.id, { onDelete: "cascade" }),
		productName: text("product_name").notNull(),
		/** ours: lower-cased, whitespace-collapsed product name, the key of "the same product". */
		normalizedName: text("normalized_name").notNull(),
		priceCents: integer("price_cents").notNull(),
		categoryId: integer("category_id")
			.notNull()
			.references(() => productCategories.id),
		/** Tag slugs, a JSON array. */
		tags: text("tags", { mode: "json" }).notNull().$type<string[]>().default(sql`'[]'`),
		description: text("description"),
		availability: text("availability", { enum: AVAILABILITIES }).notNull().default("in-stock"),
		vacationMode: flag("vacation_mode", false),
		reportZipCode: text("report_zip_code", { length: 10 }),
		/** ours: the zip the report counts in (reportZipCode in vacation mode, else the reporter's zip). */
		zipCode: text("zip_code", { length: 10 }).notNull(),
		/** ours: the zip as a location token ("z10001"; "x" + the text for a zip that is not numeric). */
		locToken: text("loc_token").notNull(),
		/** ours: what search finds the report by (src/reports/search-text.ts); see "The search index" below. */
		searchText: text("search_text").notNull().default(""),
		upvotes: integer("upvotes").notNull().default(0),
		...reportLifecycle(),
	},
	(t) => [
		// price_reports_user_store_idx also serves every lookup by user alone (and the users foreign key), and
		// finds the shopper's earlier price of a product at a store, which a new one replaces, in one probe.
		index("price_reports_store_idx").on(t.storeId),
		/** Photos still named (src/users/photos.ts): only the reports that have one, so writes barely notice. */
		index("price_reports_image_idx").on(t.imageUrl).where(sql`${t.imageUrl} IS NOT NULL`),
		index("price_reports_user_store_idx").on(t.userId, t.storeId, t.normalizedName, t.categoryId),
		/** The category foreign key, and the hourly expiry sweep: a category's unexpired reports by age. */
		index("price_reports_category_age_idx").on(t.categoryId, t.isExpired, t.createdAt),
		/**
		 * The quality check's history and a deal's highest price: the live reports of one product (name and
		 * category) per location token, newest last, with the price and the reporter (one voice per shopper),
		 * so the consensus reads only the index.
		 */
		index("price_reports_history_idx")
			.on(t.normalizedName, t.categoryId, t.locToken, t.createdAt, t.priceCents, t.userId)
			.where(sql`${t.isActive} = 1 AND ${t.isExpired} = 0`),
	],
);

/*
 * The search index (Drizzle cannot declare it: migration 0016 creates it, src/deals/search.ts reads it).
 *
 * price_search is an FTS5 table without content. A live report (active, unexpired) is in it twice, once per
 * order a search can ask for, under a rowid that is the sort key:
 *   by price:   (price in cents, at most 2^24 - 1) << 31 | (2^31 - 1 - report id)   cheapest, then newest, first
 *   by recency: 2^62 | report id                                                    read backwards: newest first
 * Its terms are the report's search_text words, each glued to the report's place: "z90210milk" is "milk" in
 * ZIP 90210 ("x", two digits of length and the code for a postal code that is not a US ZIP). A search near a
 * shopper is then, per word, an OR of the 21 places of their neighbourhood (src/lib/zip.ts): short posting
 * lists, however common the word is elsewhere. Reading in rowid order gives the price or recency order, and
 * the Distance sort reads the places one by one, nearest first.
 * search_words lists every word ever indexed and search_vocab (fts5vocab over search_words_fts) reads them in
 * order, so a prefix ("org") becomes the exact words it starts ("organic", "orange").
 * Triggers on price_reports keep it all in step: a report entering the live set is inserted, one leaving it
 * (expired, deactivated, deleted) is removed with FTS5's 'delete' command and its old terms, and a change of
 * its words, place or price does both.
 */

export const userUpvotes = sqliteTable(
	"user_upvotes",
	{
		id: id(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		priceReportId: integer("price_report_id")
			.notNull()
			.references(() => priceReports.id, { onDelete: "cascade" }),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex("user_upvotes_user_report_unique").on(t.userId, t.priceReportId),
		index("user_upvotes_report_idx").on(t.priceReportId),
	],
);

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
 * alert's target price rides in the key (alerts are never edited; a trigger follows any change), so alerts
 * the price does not meet are passed over without reading them.
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

/** ours: who took which deal, so one user counts a deal's savings once. */
export const dealTakes = sqliteTable(
	"deal_takes",
	{
		id: id(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		priceReportId: integer("price_report_id")
			.notNull()
			.references(() => priceReports.id, { onDelete: "cascade" }),
		savingsCents: integer("savings_cents").notNull(),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex("deal_takes_user_report_unique").on(t.userId, t.priceReportId),
		index("deal_takes_report_idx").on(t.priceReportId),
	],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
