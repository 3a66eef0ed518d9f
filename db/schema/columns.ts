/** Column makers every table of the schema shares. */
import { sql } from "drizzle-orm";
import { integer, real, text } from "drizzle-orm/sqlite-core";
import { WITHDRAWN_REASONS } from "../enums.ts";

export const id = () => integer("id").primaryKey({ autoIncrement: true });
export const createdAt = () =>
	integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
export const updatedAt = () =>
	integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
export const flag = (name: string, value: boolean) => integer(name, { mode: "boolean" }).notNull().default(value);

/**
 * What product and fuel reports share: the quality check's verdict, expiry, a photo, timestamps, and what
 * other shoppers said of it (ours: counts kept from the feedback tables by src/reports/feedback-counts.ts).
 */
export const reportLifecycle = () => ({
	verificationConfidence: real("verification_confidence"),
	verificationReason: text("verification_reason"),
	/** ours: the check found the price outside the usual band; it is no Best Deal and saves nothing until confirmed. */
	isUnusual: flag("is_unusual", false),
	/** ours: shoppers who said "still this price", and when the latest did (the price's freshness restarts). */
	confirmCount: integer("confirm_count").notNull().default(0),
	confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
	/** ours: shoppers who said the price changed. */
	changedCount: integer("changed_count").notNull().default(0),
	/** ours: shoppers who said it is out of stock (fuel: sold out), and when the latest did. */
	unavailableCount: integer("unavailable_count").notNull().default(0),
	unavailableAt: integer("unavailable_at", { mode: "timestamp_ms" }),
	/** ours: open "wrong" flags, which a moderator has not yet dismissed or upheld. */
	flagCount: integer("flag_count").notNull().default(0),
	/**
	 * ours: the same confirmations and open flags, each weighed by its shopper's standing (an account's age, its
	 * reports that stood, its accuracy: src/reports/standing.ts). What earns AI Verified and what hides a price.
	 */
	confirmWeight: real("confirm_weight").notNull().default(0),
	flagWeight: real("flag_weight").notNull().default(0),
	/** ours: why is_active is 0: the reporter was suspended, or flags hid it until a moderator decides. */
	withdrawnReason: text("withdrawn_reason", { enum: WITHDRAWN_REASONS }),
	/**
	 * ours: the price was judged wrong (an outlier of the consensus, removed by a moderator after flags, a price
	 * change taken back). It never comes back, and it leaves the price history, where prices that expired by age or
	 * were replaced still count (they were right in their time).
	 */
	isDiscredited: flag("is_discredited", false),
	isActive: flag("is_active", true),
	isExpired: flag("is_expired", false),
	expiredAt: integer("expired_at", { mode: "timestamp_ms" }),
	expiredReason: text("expired_reason"),
	imageUrl: text("image_url"),
	createdAt: createdAt(),
	updatedAt: updatedAt(),
});

/** Fuel prices in thousandths of a dollar (decimal 6,3). */
export const fuelPrice = (name: string) => integer(name);
