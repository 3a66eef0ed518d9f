/**
 * The whole data model (spec §3) for bun:sqlite, one file per part under schema/, all exported from here.
 *
 * Money never lives in a float: product prices and savings are integer cents (decimal 10,2 in the spec),
 * fuel prices integer thousandths of a dollar (decimal 6,3), DEF prices integer cents (decimal 6,2).
 * Timestamps are integer milliseconds since the epoch. Columns the spec does not name but the server needs
 * (lookup keys, effective zip codes, a session's user) are marked "ours".
 */
export {
	ALERT_SCOPES,
	type AlertScope,
	AVAILABILITIES,
	type Availability,
	FEEDBACK_KINDS,
	type FeedbackKind,
	FLAG_REASONS,
	type FlagReason,
	FUEL_TYPES,
	type FuelType,
	HIT_NOTICES,
	type HitNotice,
} from "./enums.ts";
export * from "./schema/alerts.ts";
export * from "./schema/history.ts";
export * from "./schema/lists.ts";
export * from "./schema/people.ts";
export * from "./schema/products.ts";
export * from "./schema/reports.ts";
export * from "./schema/trust.ts";
