/**
 * GET /api/v1/products/prices (decision 0068): a product's typical and lowest price near a ZIP, and each store's
 * current price, with their freshness. The typical price is the one a deal's savings and "you paid" measure
 * against; the stores' prices are the product page's best offers (src/history), without its cap of three.
 */

import type { PriceType } from "../../db/enums.ts";
import { offerIds, storeZipRows, trustedReports } from "../data/product-prices.ts";
import { type ReportRow, reportRows } from "../data/report-rows.ts";
import type { Db } from "../db.ts";
import { matchProduct, termsJson } from "../deals/index.ts";
import { centsToNumber } from "../lib/money.ts";
import { neighbourhood, roundMiles } from "../lib/zip.ts";
import { median, productFreshDays, type TrustInput, trustOf } from "../reports/index.ts";
import { freshnessOf, iso } from "./freshness.ts";
import type { ProductPrices, ProductPricesQuery } from "./schemas.ts";

/** The stores listed: more than a phone page, fewer than a busy city's every shop. */
export const STORES_MAX = 50;

/** The typical price of some reports (their median, to the cent) with what it is made of; null without any. */
function typicalOf(reports: readonly (TrustInput & { priceCents: number })[], freshDays: number, now: number) {
	if (reports.length === 0) return null;
	const each = reports.map((r) => trustOf(r, freshDays, now));
	return {
		price: centsToNumber(Math.round(median(reports.map((r) => r.priceCents)))),
		reports: reports.length,
		reportedAt: iso(reports.reduce((latest, r) => Math.max(latest, r.createdAt), 0)),
		lastSeenAt: iso(each.reduce((latest, t) => Math.max(latest, t.seenAt), 0)),
		confidence: Math.round(median(each.map((t) => t.confidence)) * 100) / 100,
		fresh: each.some((t) => t.fresh),
	};
}

/**
 * What a store's price asks (decision 0093), as the app's cards say it: a sale, member or multi-buy price is
 * never answered as a regular one. The column holds only PRICE_TYPES (db/schema.ts), as the contract says.
 */
function termsOf(row: ReportRow) {
	const terms = termsJson(row);
	return { ...terms, priceType: terms.priceType as PriceType };
}

/**
 * The ZIPs of some stores, by id: a store's own, else the one its location token stands for (where the app
 * places it), as store cards and the open-data export show it.
 */
async function storeZips(db: Db, ids: number[]): Promise<Map<number, string | null>> {
	if (ids.length === 0) return new Map();
	const rows = await storeZipRows(db, ids);
	return new Map(rows.map((r) => [r.id, r.zipCode ?? (r.locToken.slice(1) || null)]));
}

/** The product's prices near the ZIP, as `viewerId` asks (nothing of theirs is in the answer). */
export async function productPrices(
	db: Db,
	query: ProductPricesQuery,
	viewerId: string,
	now = Date.now(),
): Promise<ProductPrices> {
	const near = neighbourhood(query.zip);
	const places = JSON.stringify(near.map((p) => p.token));
	const { name, category, ...matched } = await matchProduct(db, query, near, places);
	const answer: ProductPrices = {
		product: { name: query.name || (matched.matchedName ?? query.barcode ?? ""), category, ...matched },
		zipCode: query.zip,
		currency: "USD",
		typical: null,
		lowest: null,
		stores: [],
	};
	if (!category) return answer;

	const product = { name, category: category.id, places };
	const freshDays = productFreshDays(category.slug);
	const ids = await offerIds(db, { ...product, limit: STORES_MAX });
	const offers = ids.length > 0 ? await reportRows(db, { ids: JSON.stringify(ids), viewer: viewerId }) : [];
	const zips = await storeZips(
		db,
		offers.map((o) => o.storeId),
	);
	const miles = new Map(near.map((p) => [p.token, p.miles]));
	answer.typical = typicalOf(await trustedReports(db, product), freshDays, now);
	answer.stores = offers.map((row) => {
		const distance = miles.get(row.locToken);
		return {
			store: {
				id: row.storeId,
				name: row.storeName,
				address: row.storeAddress,
				zipCode: zips.get(row.storeId) ?? null,
				distanceMiles: distance === undefined ? null : roundMiles(distance),
			},
			price: centsToNumber(row.priceCents),
			...termsOf(row),
			...freshnessOf(row, freshDays, now),
		};
	});
	answer.lowest = answer.stores[0] ?? null;
	return answer;
}
