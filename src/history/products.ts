/** A product's price history near a shopper. */

import {
	categoryName,
	type HistoryPoint,
	type HistoryStore,
	historyPoints,
	liveOfferIds,
	productNameOf,
	storesByIds,
	termsByIds,
} from "../data/price-history.ts";
import { hasReportedProduct, productByGtin } from "../data/products.ts";
import { reportRows } from "../data/report-rows.ts";
import { starredPlaceIds } from "../data/starred-places.ts";
import type { Db } from "../db.ts";
import { termsJson, toReportJson } from "../deals/index.ts";
import { badRequest } from "../lib/http.ts";
import { centsToNumber } from "../lib/money.ts";
import { productKeyName } from "../lib/normalize.ts";
import { DAY_MS } from "../lib/time.ts";
import { neighbourhood, roundMiles } from "../lib/zip.ts";
import { goodDealIds, median } from "../reports/index.ts";
import type { ProductHistoryQuery } from "./schemas.ts";
import type { DayPrice, NotedPrice, ProductHistory } from "./shapes.ts";
import { paidAgainstTypical } from "./you-paid.ts";

export const CATEGORY_NOT_FOUND = "Category not found";
/** The best offers the page shows beside the chart. */
const BEST_OFFERS = 3;
/**
 * A chart stays readable on a phone with a few series: the stores with the most reports are charted, and the
 * busiest areas have hundreds of stores that sell a staple.
 */
export const CHARTED_STORES = 6;
/** Windows up to this many days have a median per day; longer ones a median per week. */
const DAILY_MEDIAN_DAYS = 30;

const NO_BUNDLE = { saleEnds: null, multiQuantity: null, multiPriceCents: null };

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The start of a point's bucket, in whole days since the epoch: its UTC day, or the Monday of its UTC week. */
function bucketDay(ms: number, weekly: boolean): number {
	const day = Math.floor(ms / DAY_MS);
	// The epoch's day 0 was a Thursday: day + 3 counts from a Monday.
	return weekly ? day - ((day + 3) % 7) : day;
}

/** The median price of each bucket that holds a price, oldest first. */
function medianLine(points: readonly HistoryPoint[], weekly: boolean): DayPrice[] {
	const buckets = new Map<number, number[]>();
	for (const p of points) {
		const day = bucketDay(p.createdAt, weekly);
		const prices = buckets.get(day);
		if (prices) prices.push(p.priceCents);
		else buckets.set(day, [p.priceCents]);
	}
	return [...buckets]
		.sort(([a], [b]) => a - b)
		.map(([day, prices]) => ({ date: isoDay(day * DAY_MS), price: centsToNumber(Math.round(median(prices))) }));
}

/**
 * The lowest and highest price, the later one of equal prices, with its store and what it asks (a member price
 * is no regular low; a multi-buy's is one's share, as charted).
 */
function extremes(db: Db, points: readonly HistoryPoint[], storeOf: Map<number, HistoryStore>) {
	let low: HistoryPoint | null = null;
	let high: HistoryPoint | null = null;
	for (const p of points) {
		if (!low || p.priceCents <= low.priceCents) low = p;
		if (!high || p.priceCents >= high.priceCents) high = p;
	}
	const ids = [low, high].flatMap((p) => (p ? [p.id] : []));
	const terms = new Map(ids.length > 0 ? termsByIds(db, JSON.stringify(ids)).map((t) => [t.id, t]) : []);
	const noted = (p: HistoryPoint | null): NotedPrice | null =>
		p && {
			price: centsToNumber(p.priceCents),
			...termsJson(terms.get(p.id) ?? { priceType: "regular", ...NO_BUNDLE }),
			reportedAt: new Date(p.createdAt).toISOString(),
			storeName: storeOf.get(p.storeId)?.name ?? "",
		};
	return { lowest: noted(low), highest: noted(high) };
}

/**
 * One series per store for the CHARTED_STORES stores with the most reports (the latest on a tie), the store with the
 * latest report first, each oldest first.
 */
function storeSeries(points: readonly HistoryPoint[], storeOf: Map<number, HistoryStore>, miles: Map<string, number>) {
	const byStore = new Map<number, HistoryPoint[]>();
	for (const p of points) {
		const list = byStore.get(p.storeId);
		if (list) list.push(p);
		else byStore.set(p.storeId, [p]);
	}
	const latest = (list: HistoryPoint[]) => list[list.length - 1]!;
	const newer = (a: HistoryPoint[], b: HistoryPoint[]) =>
		latest(b).createdAt - latest(a).createdAt || latest(b).id - latest(a).id;
	return [...byStore]
		.sort(([, a], [, b]) => b.length - a.length || newer(a, b))
		.slice(0, CHARTED_STORES)
		.sort(([, a], [, b]) => newer(a, b))
		.map(([id, list]) => {
			const store = storeOf.get(id);
			const distance = miles.get(latest(list).locToken);
			return {
				id,
				name: store?.name ?? "",
				address: store?.address ?? "",
				distanceMiles: distance === undefined ? null : roundMiles(distance),
				points: list.map((p) => ({
					reportId: p.id,
					price: centsToNumber(p.priceCents),
					reportedAt: new Date(p.createdAt).toISOString(),
				})),
			};
		});
}

/**
 * The product's history near `zip` over the window, as `viewerId` sees it: its trustworthy prices, expired by age
 * or not, one series per store, with the median line, the summary, the best live offers and what the viewer paid
 * against the summary's typical price.
 */
export async function productHistory(
	db: Db,
	query: ProductHistoryQuery & { zipCode: string },
	viewerId: string,
	now = Date.now(),
): Promise<ProductHistory> {
	const category = await categoryName(db, query.categoryId);
	if (category === null) throw badRequest(CATEGORY_NOT_FOUND);
	const near = neighbourhood(query.zipCode);
	const places = JSON.stringify(near.map((p) => p.token));
	const product = { name: productKeyName(query), category: query.categoryId, places };
	const points = await historyPoints(db, { ...product, since: now - query.days * DAY_MS });
	const stores = await storesByIds(db, JSON.stringify([...new Set(points.map((p) => p.storeId))]));
	const storeOf = new Map(stores.map((s) => [s.id, s]));
	const miles = new Map(near.map((p) => [p.token, p.miles]));
	const latest = points[points.length - 1];

	const offerIds = await liveOfferIds(db, product, BEST_OFFERS);
	const offers = offerIds.length > 0 ? await reportRows(db, { ids: JSON.stringify(offerIds), viewer: viewerId }) : [];
	const good = await goodDealIds(
		db,
		offers,
		near.map((p) => p.token),
		now,
	);
	const starred = offers.length > 0 ? await starredPlaceIds(db, "store", viewerId) : new Set<number>();
	// The page's one typical price: the summary's, and what the viewer paid is measured against.
	const prices = points.map((p) => p.priceCents);
	const typicalCents = prices.length > 0 ? Math.round(median(prices)) : null;
	const { lowest, highest } = extremes(db, points, storeOf);
	const coded = query.barcode ? productByGtin(db, query.barcode) : null;
	return {
		// A barcode's product goes by the name shoppers give it most; another by its latest report's spelling.
		productName: coded?.name ?? (latest && (await productNameOf(db, latest.id))) ?? query.productName,
		product:
			coded && query.barcode
				? {
						barcode: query.barcode,
						brand: coded.brand,
						size: coded.size,
						correctable: hasReportedProduct(db, viewerId, query.barcode),
					}
				: null,
		categoryId: query.categoryId,
		categoryName: category,
		zipCode: query.zipCode,
		days: query.days,
		stores: storeSeries(points, storeOf, miles),
		median: medianLine(points, query.days > DAILY_MEDIAN_DAYS),
		summary: {
			reports: points.length,
			stores: storeOf.size,
			lowest,
			typical: typicalCents === null ? null : centsToNumber(typicalCents),
			highest,
		},
		bestOffers: offers.map((row) => {
			const distance = miles.get(row.locToken);
			return {
				...toReportJson(row, {
					distanceMiles: distance === undefined ? null : roundMiles(distance),
					goodDeal: good.has(row.id),
				}),
				starred: starred.has(row.storeId),
			};
		}),
		youPaid: await paidAgainstTypical(db, viewerId, query, typicalCents),
	};
}
