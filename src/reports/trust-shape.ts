/**
 * What every report's read shape says about trust, products and fuel alike: the confidence now,
 * when the price was last seen, its badges, the feedback counts, and the viewer's own word and authorship.
 * The row carries the report's trust columns and the viewer's feedback (one probe of the feedback table's
 * unique (report, user) index); nothing here reads the database.
 */
import type { FeedbackKind, FlagReason } from "../../db/enums.ts";
import { type TrustInput, trustOf } from "./trust.ts";

/** The viewer's own word about a report: its kind, and a flag's reason. */
export type MyFeedback = { kind: FeedbackKind; reason: FlagReason | null };

/** How many shoppers said each thing (`wrong`: the open flags), and what the viewer said. */
export type FeedbackSummary = {
	confirm: number;
	changed: number;
	unavailable: number;
	wrong: number;
	mine: MyFeedback | null;
};

/** A report row's trust columns (as stored), and what the viewer has to do with it. */
export type TrustRow = TrustInput & {
	/** 1 when the viewer made the report. */
	isOwnReport: number;
	myFeedbackKind: string | null;
	myFeedbackReason: string | null;
	/** 1 when shoppers' flags hid the report until a moderator decides (reviewColumnSql); read by id only. */
	hiddenByFlags?: number;
};

/** The viewer's word from a row's columns; null when they said nothing. */
export const myFeedbackOf = (kind: string | null, reason: string | null): MyFeedback | null =>
	kind === null ? null : { kind: kind as FeedbackKind, reason: reason as FlagReason | null };

/** The read shape's trust fields; `freshDays` is the report's kind's fresh period (trust.ts). */
export function trustJson(row: TrustRow, freshDays: number, now = Date.now()) {
	const trust = trustOf(row, freshDays, now);
	const feedback: FeedbackSummary = {
		confirm: row.confirmCount,
		changed: row.changedCount,
		unavailable: row.unavailableCount,
		wrong: row.flagCount,
		mine: myFeedbackOf(row.myFeedbackKind, row.myFeedbackReason),
	};
	return {
		/** The confidence now (decayed with age, raised by confirmations): AI Verified at 0.7 or more. */
		verificationConfidence: trust.confidence,
		/** When the price was last seen: reported, or confirmed since. */
		seenAt: new Date(trust.seenAt).toISOString(),
		fresh: trust.fresh,
		/** May wear the Best Deal badge. */
		bestDeal: trust.bestDeal,
		/** Unusual for its kind and not yet confirmed by anyone. */
		unusual: trust.unconfirmedUnusual,
		/** The latest word about its stock is "unavailable" (fuel: sold out). */
		outOfStock: trust.outOfStock,
		isOwnReport: Boolean(row.isOwnReport),
		/**
		 * Hidden by flags while a moderator looks, told to its reporter alone: nobody else is shown a hidden
		 * report at all (decision 0076).
		 */
		underReview: Boolean(row.isOwnReport) && Boolean(row.hiddenByFlags),
		feedback,
	};
}
export type TrustJson = ReturnType<typeof trustJson>;

/** The trust columns of a report nobody has spoken of yet (one just written). */
export const NEW_REPORT_TRUST = {
	confirmCount: 0,
	confirmWeight: 0,
	confirmedAt: null,
	changedCount: 0,
	unavailableCount: 0,
	unavailableAt: null,
	flagCount: 0,
	flagWeight: 0,
	myFeedbackKind: null,
	myFeedbackReason: null,
} as const;

/** The SQL columns of TrustRow's report part, for a report aliased `alias`. */
export const trustColumnsSql = (alias: string) => `
  ${alias}.is_unusual AS isUnusual, ${alias}.confirm_count AS confirmCount,
  ${alias}.confirm_weight AS confirmWeight, ${alias}.confirmed_at AS confirmedAt,
  ${alias}.changed_count AS changedCount, ${alias}.unavailable_count AS unavailableCount,
  ${alias}.unavailable_at AS unavailableAt, ${alias}.flag_count AS flagCount, ${alias}.flag_weight AS flagWeight`;

/** TrustRow's `hiddenByFlags`, for a report aliased `alias`: withdrawn by flags, not yet decided. */
export const reviewColumnSql = (alias: string) =>
	`(${alias}.is_active = 0 AND ${alias}.is_expired = 0 AND ${alias}.withdrawn_reason = 'flagged') AS hiddenByFlags`;

/**
 * A price that can be stood behind, of a report aliased `alias`: neither withdrawn nor judged wrong, no open
 * flag of any weight, and not an unusual price nobody of standing has confirmed (trust.ts says the same). The price history, its lows (Good deal) and a deal's
 * typical price count only these (the history indexes hold exactly the first two conditions).
 */
export const trustworthySql = (alias: string) =>
	`${alias}.is_active = 1 AND ${alias}.is_discredited = 0 AND ${alias}.flag_weight <= 0
    AND NOT (${alias}.is_unusual = 1 AND ${alias}.confirm_weight <= 0)`;
