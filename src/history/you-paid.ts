/** "You paid $X last time": the shopper's own last price of a product. */

import { lastDealTaken, lastOwnReport, type PaidRow } from "../data/price-history.ts";
import { trustedPrices } from "../data/trusted-prices.ts";
import type { Db } from "../db.ts";
import { centsToNumber } from "../lib/money.ts";
import { productKeyName } from "../lib/normalize.ts";
import { nearTokens } from "../lib/zip.ts";
import { median } from "../reports/index.ts";
import type { LastPrice, PaidAgainstTypical, YouPaid } from "./shapes.ts";

type Product = { productName: string; categoryId: number; barcode?: string | null };

/**
 * The shopper's last report or deal taken of the product (same normalised name and category, anywhere), whichever
 * is later, with its cents. A report of theirs judged wrong or hidden by flags, or a deal on a price judged wrong,
 * is not a price they paid.
 */
async function lastPrice(db: Db, userId: string, product: Product) {
	const key = { user: userId, name: productKeyName(product), category: product.categoryId };
	const report = await lastOwnReport(db, key);
	const deal = await lastDealTaken(db, key);
	const [paid, source]: [PaidRow | null, LastPrice["source"]] =
		deal && (!report || deal.paidAt > report.paidAt) ? [deal, "deal"] : [report, "report"];
	if (!paid) return null;
	const last: LastPrice = {
		price: centsToNumber(paid.priceCents),
		paidAt: new Date(paid.paidAt).toISOString(),
		source,
		storeName: paid.storeName,
	};
	return { last, cents: paid.priceCents, key };
}

/**
 * The shopper's last price against the typical price near `zip` now: the median of the live trustworthy
 * reports, as a deal's savings are measured (the report form's reminder).
 */
export async function youPaid(
	db: Db,
	userId: string,
	product: Product & { zipCode: string | null },
): Promise<YouPaid | null> {
	const found = await lastPrice(db, userId, product);
	if (!found) return null;
	const { key } = found;
	const prices = product.zipCode
		? await trustedPrices(db, {
				name: key.name,
				category: key.category,
				places: JSON.stringify(nearTokens(product.zipCode)),
			})
		: [];
	const typicalCents = prices.length > 0 ? Math.round(median(prices)) : null;
	return {
		...found.last,
		typicalNow: typicalCents === null ? null : centsToNumber(typicalCents),
		change: typicalCents === null ? null : centsToNumber(typicalCents - found.cents),
	};
}

/**
 * The shopper's last price against a typical price the caller has (a history's, over its window), so that a page
 * compares with the one typical price it shows.
 */
export async function paidAgainstTypical(
	db: Db,
	userId: string,
	product: Product,
	typicalCents: number | null,
): Promise<PaidAgainstTypical | null> {
	const found = await lastPrice(db, userId, product);
	if (!found) return null;
	return { ...found.last, change: typicalCents === null ? null : centsToNumber(typicalCents - found.cents) };
}
