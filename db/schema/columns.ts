/** Column makers every table of the schema shares. */
import { sql } from "drizzle-orm";
import { integer, real, text } from "drizzle-orm/sqlite-core";

export const id = () => integer("id").primaryKey({ autoIncrement: true });
export const createdAt = () =>
	integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
export const updatedAt = () =>
	integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
export const flag = (name: string, value: boolean) => integer(name, { mode: "boolean" }).notNull().default(value);

/** What product and fuel reports share: the quality check's verdict, expiry, a photo, timestamps. */
export const reportLifecycle = () => ({
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

/** Fuel prices in thousandths of a dollar (decimal 6,3). */
export const fuelPrice = (name: string) => integer(name);
