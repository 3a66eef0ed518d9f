/**
 * How a hit writes its price, on the stream, in a push message and read back alike (decision 0093): a member,
 * sale or multi-buy price says so, as a fuel price for cash or card only does; a regular price is the price.
 */
import type { FuelPayment, PriceType } from "../../db/enums.ts";
import { formatCents, formatMills } from "../lib/money.ts";

/** A product price's terms as a hit knows them (all absent: a regular price). */
export type LabelTerms = {
	priceType?: PriceType | null;
	multiQuantity?: number | null;
	multiPriceCents?: number | null;
};

/** "$2.99 (member price)", "$2.99 on sale", "2 for $5.00 ($2.50 each)"; `cents` is the price of one. */
export function productPriceLabel(cents: number, terms: LabelTerms = {}): string {
	const price = formatCents(cents);
	const { priceType, multiQuantity, multiPriceCents } = terms;
	if (priceType === "multi-buy" && multiQuantity != null && multiPriceCents != null)
		return `${multiQuantity} for ${formatCents(multiPriceCents)} (${price} each)`;
	if (priceType === "member") return `${price} (member price)`;
	if (priceType === "sale") return `${price} on sale`;
	return price;
}

/** "$3.199 (cash price)", "$3.199 (card price)", or the price alone when either pays it. */
export function fuelPriceLabel(mills: number, payment: FuelPayment | null = null): string {
	const price = formatMills(mills);
	return payment ? `${price} (${payment} price)` : price;
}
