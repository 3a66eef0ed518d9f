/** How the feedback row words a shopper's answers about a price, products and fuel alike. */
import { type FeedbackKind, FLAG_REASON_LABEL, type FlagReason } from "../../db/enums.ts";

import type { FeedbackSummary, MyFeedback } from "../../src/reports/index.ts";
import { formatCurrency } from "../components/format.ts";

export type { FeedbackKind, FeedbackSummary, FlagReason, MyFeedback };

/** A product's report, or a fuel report (priced to the thousandth of a dollar, "sold out" rather than out of stock). */
export type FeedbackTarget = "product" | "fuel";

export const FEEDBACK_FAILED_MESSAGE = "Failed to save your answer. Please try again.";
export const UNDO_FAILED_MESSAGE = "Failed to undo your answer. Please try again.";

/** How many decimals a new price has: cents for products, tenths of a cent for fuel (spec §9). */
export const decimalsOf = (target: FeedbackTarget): 2 | 3 => (target === "fuel" ? 3 : 2);

/** A price as a product's or a pump's is shown (charging per kWh may say it otherwise: see the row's `formatPrice`). */
export const priceText = (price: number, target: FeedbackTarget) => formatCurrency(price, decimalsOf(target));

export const unavailableLabel = (target: FeedbackTarget) => (target === "fuel" ? "Sold out" : "Out of stock");

/** "3 confirmed · 1 said it changed", or "" when nobody has said anything. */
export function countsText(counts: FeedbackSummary, target: FeedbackTarget) {
	const parts = [
		counts.confirm > 0 && `${counts.confirm} confirmed`,
		counts.changed > 0 && `${counts.changed} said it changed`,
		counts.unavailable > 0 && `${counts.unavailable} said ${unavailableLabel(target).toLowerCase()}`,
		counts.wrong > 0 && `${counts.wrong} flagged`,
	];
	return parts.filter(Boolean).join(" · ");
}

/** What the row says the shopper answered (it stays after a reload); "" when they said nothing. */
export function mineText(mine: MyFeedback | null, price: string, target: FeedbackTarget) {
	if (!mine) return "";
	const said: Record<FeedbackKind, string> = {
		confirm: `You said it's still ${price}.`,
		changed: "You reported a new price.",
		unavailable: `You said it's ${unavailableLabel(target).toLowerCase()}.`,
		wrong: `You flagged it: ${mine.reason ? FLAG_REASON_LABEL[mine.reason] : "wrong"}.`,
	};
	return said[mine.kind];
}

export const UNDONE_TEXT = "Undone: your answer was taken back.";

/** What the price field says when its text is not a price. */
export const newPriceHint = (target: FeedbackTarget) =>
	`Enter the price in dollars, like ${target === "fuel" ? "3.459" : "3.49"}`;

/** A new price as typed, in dollars, or null unless it is a positive amount with at most the target's decimals. */
export function parseNewPrice(text: string, target: FeedbackTarget): number | null {
	const trimmed = text.trim();
	if (!new RegExp(`^\\d+(\\.\\d{0,${decimalsOf(target)}})?$`).test(trimmed)) return null;
	const price = Number(trimmed);
	return price > 0 ? price : null;
}
