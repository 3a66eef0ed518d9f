/** Value lists shared by the schema, the server's validation and the web forms (no Drizzle in here, so the web bundle stays small). */
export const FUEL_TYPES = ["regular", "premium", "diesel", "e85", "electric"] as const;
export type FuelType = (typeof FUEL_TYPES)[number];
/** How the app names each fuel (the Gas page, and a fuel alert's name). */
export const FUEL_LABEL: Record<FuelType, string> = {
	regular: "Regular",
	premium: "Premium",
	diesel: "Diesel",
	e85: "E85",
	electric: "Electric",
};
export const AVAILABILITIES = ["in-stock", "limited", "out-of-stock", "unknown"] as const;
export type Availability = (typeof AVAILABILITIES)[number];
/** What an alert watches: its neighbourhood (the zip and its 20 nearest areas) or the shopper's starred spots. */
export const ALERT_SCOPES = ["near", "spots"] as const;
export type AlertScope = (typeof ALERT_SCOPES)[number];
/**
 * What became of a hit's notification: `sent` (live and push), `quiet` (the alert had fired and the price had
 * not gone back above the target since), `held` (over the shopper's daily cap, to be summed up in the next one)
 * and `summed` (a held hit the next notification counted).
 */
export const HIT_NOTICES = ["sent", "quiet", "held", "summed"] as const;
export type HitNotice = (typeof HIT_NOTICES)[number];
/**
 * What a shopper can say about another shopper's report: still this price, the price changed (with the new
 * one), out of stock (fuel: sold out), or wrong (with a reason from FLAG_REASONS).
 */
export const FEEDBACK_KINDS = ["confirm", "changed", "unavailable", "wrong"] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];
export const FLAG_REASONS = ["wrong-price", "wrong-product", "wrong-store", "spam", "offensive", "other"] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
/** How the app names each reason (the feedback row's menu, the moderation queue). */
export const FLAG_REASON_LABEL: Record<FlagReason, string> = {
	"wrong-price": "Wrong price",
	"wrong-product": "Wrong product",
	"wrong-store": "Wrong store",
	spam: "Spam",
	offensive: "Offensive",
	other: "Other",
};
/** A `wrong` flag's state: open until a moderator dismisses it or upholds it (expiring the report). */
export const FLAG_STATUSES = ["open", "dismissed", "upheld"] as const;
export type FlagStatus = (typeof FLAG_STATUSES)[number];
/** Why a report is withdrawn (is_active = 0): its reporter was suspended, or flags hid it pending a moderator. */
export const WITHDRAWN_REASONS = ["suspended", "flagged"] as const;
export type WithdrawnReason = (typeof WITHDRAWN_REASONS)[number];
/** What a moderator did, as the console's record lists it. */
export const MODERATION_ACTIONS = ["dismiss-flags", "expire-report", "terminate", "lift-suspension"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** The units a product's size is given in (issue 42): weight, volume or a count of items. */
export const SIZE_UNITS = ["oz", "lb", "g", "kg", "fl oz", "gal", "L", "count"] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];
/**
 * What a product price asks of the shopper: nothing (regular), nothing until its last day (sale), a member or
 * loyalty card (member), or buying several (multi-buy, "2 for $5").
 */
export const PRICE_TYPES = ["regular", "sale", "member", "multi-buy"] as const;
export type PriceType = (typeof PRICE_TYPES)[number];
/** How a fuel price is paid, when the station's cash and card prices differ; null is either. */
export const FUEL_PAYMENTS = ["cash", "card"] as const;
export type FuelPayment = (typeof FUEL_PAYMENTS)[number];
