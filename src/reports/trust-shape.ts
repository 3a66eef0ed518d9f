/**
 * What every report's read shape says about trust, products and fuel alike: the confidence now,
 * when the price was last seen, its badges, the feedback counts, and the viewer's own word and authorship.
 * The row carries the report's trust columns and the viewer's feedback (one probe of the feedback table's
 * unique (report, user) index); nothing here reads the database.
 */
import type { FeedbackKind, FlagReason } from "../../db/enums.ts";
import type { TrustRow } from "../data/report-columns.ts";
import { trustOf } from "./trust.ts";

export { reviewColumnSql, trustColumnsSql, trustworthySql } from "../data/report-columns.ts";
export type { TrustRow };

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
