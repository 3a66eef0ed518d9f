/** "You paid $X last time": the shopper's own last price of a product. */

import { lastDealTaken, lastOwnReport, type PaidRow } from "../data/price-history.ts";
import { trustedPrices } from "../data/trusted-prices.ts";
import type { Db } from "../db.ts";
import { centsToNumber } from "../lib/money.ts";
import { normalizeText } from "../lib/normalize.ts";
import { nearTokens } from "../lib/zip.ts";
import { median } from "../reports/index.ts";
import type { YouPaid } from "./shapes.ts";

/**
 * The shopper's last report or deal taken of the product (same normalised name and category, anywhere), whichever
 * is later, against the typical price near `zip` now: the median of the live trustworthy reports, as a deal's
 * savings are measured. A report of theirs judged wrong or hidden by flags, or a deal on a price judged wrong, is
 * not a price they paid.
 */
export async function youPaid(
	db: Db,
	userId: string,
	product: { productName: string; categoryId: number; zipCode: string | null },
): Promise<YouPaid | null> {
	const key = { user: userId, name: normalizeText(product.productName), category: product.categoryId };
	const report = await lastOwnReport(db, key);
	const deal = await lastDealTaken(db, key);
	const [paid, source]: [PaidRow | null, YouPaid["source"]] =
		deal && (!report || deal.paidAt > report.paidAt) ? [deal, "deal"] : [report, "report"];
	if (!paid) return null;
	const prices = product.zipCode
		? await trustedPrices(db, {
				name: key.name,
				category: key.category,
				places: JSON.stringify(nearTokens(product.zipCode)),
			})
		: [];
	const typicalCents = prices.length > 0 ? Math.round(median(prices)) : null;
	return {
		price: centsToNumber(paid.priceCents),
		paidAt: new Date(paid.paidAt).toISOString(),
		source,
		storeName: paid.storeName,
		typicalNow: typicalCents === null ? null : centsToNumber(typicalCents),
		change: typicalCents === null ? null : centsToNumber(typicalCents - paid.priceCents),
	};
}
