/**
 * The two markets (market.ts says what a description holds): a product's price at a store, in cents, and a
 * fuel's at a station, in mills (thousandths of a dollar). Everything else about a report is the same.
 */
import type { Availability, FuelPayment, FuelType, PriceType, SizeUnit } from "../../db/enums.ts";
import { FUEL_REPORT_ROWS, fuelHistory } from "../data/fuel-reports.ts";
import { hasReportedAt, PRICE_REPORT_ROWS, productHistory } from "../data/price-reports.ts";
import { categorySlugs } from "../data/reports.ts";
import { centsToNumber, formatCents, formatMills, millsToNumber } from "../lib/money.ts";
import { normalizeText, productKeyName } from "../lib/normalize.ts";
import { type PriceTerms, REGULAR_TERMS } from "../lib/price-terms.ts";
import { DAY_MS } from "../lib/time.ts";
import { categoryBounds, fuelBounds } from "./bounds.ts";
import { type Market, type PriceFields, type ReportJob, rowsAt } from "./market.ts";
import { searchText } from "./search-text.ts";
import { NEW_REPORT_TRUST } from "./trust-shape.ts";

/** A product report's key: the product as typed and normalised, its category, and the zip it counts in. */
export type ProductKey = {
	productName: string;
	normalizedName: string;
	categoryId: number;
	category: { slug: string; name: string };
	zip: string;
	/** A consensus is of one price type: a sale or a member price is no outlier of the regular price. */
	priceType: PriceType;
};
export type FuelKey = { fuel: FuelType; zip: string };

export const productKey = (
	report: { productName: string; categoryId: number; barcode?: string | null; terms?: PriceTerms },
	category: { slug: string; name: string },
	zip: string,
): ProductKey => ({
	priceType: report.terms?.type ?? "regular",
	productName: report.productName,
	// A barcode's reports are one product whatever their names (decision 0089).
	normalizedName: productKeyName(report),
	categoryId: report.categoryId,
	category: { slug: category.slug, name: category.name },
	zip,
});

/** A product report's fields as the write stores them (deals/schemas.ts, PriceReportSchema's output, and more). */
export type ProductFields = PriceFields & {
	productName: string;
	categoryId: number;
	tags: string[];
	description: string | null;
	storeName: string;
	storeAddress: string;
	storePhone: string | null;
	availability: Availability;
	/** The product's size, when the shopper gave one (a changed price keeps the report's). */
	size?: { quantity: number; unit: SizeUnit } | null;
	/** Already resolved to one of our uploads, or null. */
	imageUrl: string | null;
	/** The category, resolved: its words go into the search text. */
	category: { slug: string; name: string; groupSlug: string | null };
	/** The product's normalised GTIN, when the shopper gave one. */
	barcode?: string | null;
	/** What the price asks of the shopper; regular when not given (an import, a changed price). */
	terms?: PriceTerms;
};

/** A fuel report's fields as the write stores them (gas/schemas.ts, GasReportSchema's output). */
export type FuelFields = PriceFields & {
	stationName: string;
	stationAddress: string;
	fuelType: FuelType;
	defPrice: number | null;
	/** Cash or card only, when the station's prices differ; null (or not given) is either. */
	payment?: FuelPayment | null;
};

/**
 * Prices go stale. Product reports expire after an age that suits their kind: restaurant specials change
 * fastest, electronics slowest, everything else in a month.
 */
export const MAX_AGE_DAYS = { restaurants: 14, electronics: 60, default: 30 } as const;
/** Pump prices move within days: a week-old fuel price is no longer a price anyone can get. */
export const FUEL_MAX_AGE_DAYS = 7;

/** How far back a product's consensus looks; fuel's looks back as far as a fuel price lives. */
const PRODUCT_HISTORY_DAYS = 60;
/** At most this many recent reports make a consensus. */
const HISTORY_LIMIT = 200;

/** How long a product price of this category lives. */
export const maxAgeDays = (slug: string) =>
	slug === "restaurants"
		? MAX_AGE_DAYS.restaurants
		: slug === "electronics"
			? MAX_AGE_DAYS.electronics
			: MAX_AGE_DAYS.default;

/** Thousandths, as stored: the schema let through at most three decimals. */
const sizeOf = (input: ProductFields) =>
	input.size ? { milli: Math.round(input.size.quantity * 1000), unit: input.size.unit } : null;

export const PRODUCTS: Market<ProductKey, ProductFields, ReturnType<typeof productRow>> = {
	name: "product",
	unit: "cents",
	format: formatCents,
	toDollars: centsToNumber,
	bounds: ({ category }) => categoryBounds(category.slug, category.name),
	subject: ({ productName, category }) => ({ product: productName, category: category.name }),
	history: (tx, key, now = Date.now()) => productHistory(tx, key, now - PRODUCT_HISTORY_DAYS * DAY_MS, HISTORY_LIMIT),
	table: "price_reports",
	maxAges: (db) => categorySlugs(db).map(({ id, slug }) => ({ category: id, days: maxAgeDays(slug) })),
	places: "stores",
	keyOf: ({ input, zip }) => productKey(input, input.category, zip),
	placeOf: ({ input, zip }) => ({
		name: input.storeName,
		address: input.storeAddress,
		phone: input.storePhone ?? null,
		zip,
	}),
	rowsAt: ({ user, input, zip }, key, place) =>
		rowsAt(
			PRICE_REPORT_ROWS,
			{
				name: key.normalizedName,
				category: key.categoryId,
				store: place.id,
				loc: place.locToken,
				type: (input.terms ?? REGULAR_TERMS).type,
			},
			({ verdict }) => {
				const size = sizeOf(input);
				const terms = input.terms ?? REGULAR_TERMS;
				const { category } = input;
				return {
					user: user.id,
					store: place.id,
					name: input.productName,
					normalized: key.normalizedName,
					price: input.price,
					category: input.categoryId,
					tags: JSON.stringify(input.tags),
					description: input.description ?? null,
					availability: input.availability,
					vacation: input.vacationMode ? 1 : 0,
					reportZip: input.vacationMode ? (input.reportZipCode ?? null) : null,
					zip: place.zipCode ?? zip,
					loc: place.locToken,
					searchText: searchText({
						...input,
						categoryName: category.name,
						categorySlug: category.slug,
						groupSlug: category.groupSlug,
					}),
					image: input.imageUrl,
					confidence: verdict.confidence,
					reason: verdict.reason,
					unusual: verdict.unusual ? 1 : 0,
					sizeMilli: size?.milli ?? null,
					sizeUnit: size?.unit ?? null,
					barcode: input.barcode ?? null,
					nameKey: normalizeText(input.productName),
					priceType: terms.type,
					saleEnds: terms.saleEnds,
					multiQuantity: terms.multiQuantity,
					multiPriceCents: terms.multiPriceCents,
				};
			},
		),
	firstVisit: (tx, userId, place) => !hasReportedAt(tx, userId, place.id),
	answer: productRow,
	priced: ({ input }) => {
		const terms = input.terms ?? REGULAR_TERMS;
		return {
			market: "product",
			productName: input.productName,
			categoryId: input.categoryId,
			priceType: terms.type,
			multiQuantity: terms.multiQuantity,
			multiPriceCents: terms.multiPriceCents,
		};
	},
};

/**
 * A new product report as the read shape has it, made from what was written: it has no votes, and its store
 * and reporter are the rows used to write it.
 */
function productRow(
	{ user, input, zip }: ReportJob<ProductFields>,
	{ place, verdict, stored }: Parameters<Market<ProductKey, ProductFields>["answer"]>[1],
) {
	const size = sizeOf(input);
	const terms = input.terms ?? REGULAR_TERMS;
	return {
		id: stored.id,
		productName: input.productName,
		normalizedName: productKey(input, input.category, zip).normalizedName,
		barcode: input.barcode ?? null,
		priceCents: input.price,
		description: input.description ?? null,
		imageUrl: input.imageUrl,
		upvotes: 0,
		verificationConfidence: verdict.confidence,
		verificationReason: verdict.reason,
		categoryId: input.categoryId,
		tags: JSON.stringify(input.tags),
		availability: input.availability,
		zipCode: place.zipCode ?? zip,
		storeId: place.id,
		storeName: place.name,
		storeAddress: place.address,
		firstName: user.firstName,
		lastName: user.lastName,
		reporterUsername: user.profileVisible ? user.username : null,
		sizeMilli: size?.milli ?? null,
		sizeUnit: size?.unit ?? null,
		priceType: terms.type,
		saleEnds: terms.saleEnds,
		multiQuantity: terms.multiQuantity,
		multiPriceCents: terms.multiPriceCents,
		hasUserUpvoted: 0,
		hasUserTakenDeal: 0,
		categorySlug: input.category.slug,
		isUnusual: verdict.unusual ? 1 : 0,
		...NEW_REPORT_TRUST,
		isOwnReport: 1,
		createdAt: stored.createdAt,
		updatedAt: stored.updatedAt,
	};
}

export const FUEL: Market<FuelKey, FuelFields, null> = {
	name: "fuel",
	unit: "mills",
	format: formatMills,
	toDollars: millsToNumber,
	bounds: ({ fuel }) => fuelBounds(fuel),
	subject: ({ fuel }) => ({ product: fuelBounds(fuel).label, category: "Fuel" }),
	history: (tx, key, now = Date.now()) => fuelHistory(tx, key, now - FUEL_MAX_AGE_DAYS * DAY_MS, HISTORY_LIMIT),
	table: "gas_price_reports",
	maxAges: () => [{ days: FUEL_MAX_AGE_DAYS }],
	places: "gas_stations",
	keyOf: ({ input, zip }) => ({ fuel: input.fuelType, zip }),
	placeOf: ({ input, zip }) => ({ name: input.stationName, address: input.stationAddress, phone: null, zip }),
	rowsAt: ({ user, input }, _key, place) =>
		rowsAt(
			FUEL_REPORT_ROWS,
			{ station: place.id, fuel: input.fuelType, payment: input.payment ?? null },
			({ verdict, now }) => ({
				user: user.id,
				station: place.id,
				fuel: input.fuelType,
				price: input.price,
				def: input.defPrice,
				payment: input.payment ?? null,
				vacation: input.vacationMode ? 1 : 0,
				reportZip: input.vacationMode ? input.reportZipCode : null,
				confidence: verdict.confidence,
				reason: verdict.reason,
				unusual: verdict.unusual ? 1 : 0,
				now,
			}),
		),
	// A station is no store: the shopper's count of stores visited leaves it out.
	firstVisit: () => false,
	// The Gas page's answer is read back by id (gas/reports.ts).
	answer: () => null,
	priced: ({ input }) => ({ market: "fuel", fuelType: input.fuelType, payment: input.payment ?? null }),
};

/** Both kinds, for what runs over every report (the age sweep). */
export const MARKETS = [PRODUCTS, FUEL] as const;
