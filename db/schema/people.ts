/** Shoppers and their sessions. */
import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { FUEL_TYPES } from "../enums.ts";
import { createdAt, flag, updatedAt } from "./columns.ts";

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
		/** ours: the shopper chose to be named as a reporter in open-data exports (Settings > Privacy). */
		creditOpenData: flag("credit_open_data", false),
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
		/** ours: reports the quality check refused, and reports a moderator removed on flags: accuracy's misses. */
		reportsRefused: integer("reports_refused").notNull().default(0),
		reportsUpheld: integer("reports_upheld").notNull().default(0),
		/**
		 * ours: the open-data source an account stands for ("open-prices", "openstreetmap", "commoncents"): imports
		 * file their prices under it; null for people.
		 */
		source: text("source"),
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

/**
 * ours: personal access tokens, read-only keys for integrations (`Authorization: Bearer`). Only the SHA-256
 * (hex) of a token is stored; `hint` is its last four characters, to tell tokens apart in Settings.
 */
export const apiTokens = sqliteTable(
	"api_tokens",
	{
		id: integer("id").primaryKey({ autoIncrement: true }),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		name: text("name").notNull(),
		tokenHash: text("token_hash").notNull().unique(),
		hint: text("hint").notNull(),
		createdAt: createdAt(),
		lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
	},
	(t) => [index("api_tokens_user_idx").on(t.userId)],
);

export type ApiToken = typeof apiTokens.$inferSelect;

/**
 * ours: what a shopper is told about their own reports: a price hidden by flags until a moderator looks, and
 * what the moderator then decided. Read in the app until dismissed; also sent live and by push.
 */
export const userNotices = sqliteTable(
	"user_notices",
	{
		id: integer("id").primaryKey({ autoIncrement: true }),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		kind: text("kind", { enum: ["report-hidden", "report-restored", "report-removed"] }).notNull(),
		/** The report it is about: a product report's id, or a fuel report's (by `market`). */
		market: text("market", { enum: ["products", "fuel"] }).notNull(),
		reportId: integer("report_id").notNull(),
		message: text("message").notNull(),
		createdAt: createdAt(),
		readAt: integer("read_at", { mode: "timestamp_ms" }),
	},
	(t) => [index("user_notices_user_idx").on(t.userId, t.createdAt)],
);

/**
 * ours: facts about this instance that must outlive its data folder's files and travel with a backup of the
 * database: the open-data instance id, and later what several app servers must share.
 */
export const instanceSettings = sqliteTable("instance_settings", {
	key: text("key").primaryKey(),
	value: text("value").notNull(),
	createdAt: createdAt(),
});

export type UserNotice = typeof userNotices.$inferSelect;

export type SessionData = { userId: string; createdAt: number; adminUnlocked?: boolean };

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
