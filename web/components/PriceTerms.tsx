/**
 * What a price asks of the shopper, on every card that shows one: a sale and its last day, a member price, a
 * multi-buy's bundle, a fuel price for cash or card only. A regular price says nothing.
 */
import type { FuelPayment, PriceType } from "../../db/enums.ts";
import { formatCurrency } from "./format.ts";

/** What a price's read shape says of its terms (the server's termsJson), as the components here read them. */
export type Terms = {
	priceType: PriceType;
	saleEnds: string | null;
	multiBuy: { quantity: number; price: number } | null;
};

/** "Dec 5" for 2026-12-05, the day as written whatever the reader's zone. */
export const saleDay = (day: string) =>
	new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** How a card names the terms; null for a regular price. */
export function termsLabel({ priceType, saleEnds, multiBuy }: Terms): string | null {
	if (priceType === "sale") return saleEnds ? `Sale until ${saleDay(saleEnds)}` : "Sale";
	if (priceType === "member") return "Member price";
	if (priceType === "multi-buy" && multiBuy) return `${multiBuy.quantity} for ${formatCurrency(multiBuy.price)}`;
	return null;
}

/** A card's badge; a multi-buy's bundle is in its price, so the badge only names the kind. */
export function PriceTermsBadge({ terms }: { terms: Terms }) {
	const label = terms.priceType === "multi-buy" ? "Multi-buy" : termsLabel(terms);
	if (!label) return null;
	const tone = terms.priceType === "sale" ? "badge-secondary" : "badge-accent";
	return (
		<span className={`badge ${tone} badge-soft`} data-testid="price-terms">
			{label}
		</span>
	);
}

export const PAYMENT_LABEL: Record<FuelPayment, string> = { cash: "Cash price", card: "Card price" };

export function PaymentBadge({ payment }: { payment: FuelPayment | null }) {
	if (!payment) return null;
	return (
		<span className="badge badge-accent badge-soft" data-testid="price-terms">
			{PAYMENT_LABEL[payment]}
		</span>
	);
}
