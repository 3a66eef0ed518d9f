/**
 * An imported price, filed as a shopper's is (decision 0070): the report form's schema, then the report
 * path's own write (reports/write.ts) with its quality check on the statistics, its outliers, counters and
 * alert hits, under the source's account. Unlike a shopper's, it is never counted as a confirmation of a
 * shopper's same price (it is the source's own report, with its key), and it alerts nobody when it was seen
 * over a day ago. Each price is a savepoint of its own (import-run.ts): one the check refuses rolls back
 * alone, the store it would have made too. One import for both markets; what differs is its description.
 *
 * What the write cannot know, the import adds on the row it wrote: the source's key (a second import finds
 * it and adds nothing; a changed price replaces it) and the time the source says the price was seen.
 */
import * as v from "valibot";
import type { FuelPayment, FuelType, PriceType, SizeUnit } from "../../db/enums.ts";
import { slugify } from "../../db/taxonomy.ts";
import { categoriesWithGroups, getCategoryWithTagSlugs } from "../data/categories.ts";
import {
	expireImported,
	type ImportedRow,
	importedByKey,
	refreshStationPrice,
	releaseKey,
	stampImported,
	unexpire,
} from "../data/imported-prices.ts";
import type { PlaceTable } from "../data/places.ts";
import { productByGtin } from "../data/products.ts";
import { alreadyInside, type Tx } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import { PriceReportSchema } from "../deals/index.ts";
import { GasReportSchema } from "../gas/index.ts";
import { productKeyName } from "../lib/normalize.ts";
import { REGULAR_TERMS, withTerms } from "../lib/price-terms.ts";
import { DAY_MS } from "../lib/time.ts";
import {
	FUEL,
	FUEL_MAX_AGE_DAYS,
	type FuelFields,
	type FuelKey,
	type Heard,
	type Market,
	maxAgeDays,
	PRODUCTS,
	type PriceEvents,
	type PriceFields,
	type ProductFields,
	type ProductKey,
	REPLACED_REASON,
	write,
} from "../reports/index.ts";
import { type Placed, type PlaceInput, type PlaceOutcome, placeAt } from "./import-places.ts";
import { type LeftOut, leaveOut } from "./import-tally.ts";
import type { SourceAccounts } from "./sources.ts";

/**
 * Where an import files its prices: the database, the source's account, the categories by slug, its clock,
 * and who hears of a price it writes (the alerts record their hits).
 */
export type ImportContext = {
	db: Db;
	accounts: SourceAccounts;
	categories: Categories;
	now: number;
	prices: PriceEvents;
	/** What the listeners recorded of the prices the batch wrote, told them once it commits (import-run.ts). */
	heard: Heard[];
};

type Category = NonNullable<Awaited<ReturnType<typeof getCategoryWithTagSlugs>>>;
export type Categories = Map<string, Category>;

/** Where a price of an unknown category goes: the group of everyday goods the others sit under. */
export const FALLBACK_CATEGORY = "groceries";

export async function loadCategories(db: Db): Promise<Categories> {
	const ids = await categoriesWithGroups(db);
	const categories = await Promise.all(ids.map(({ id }) => getCategoryWithTagSlugs(db, id)));
	return new Map(categories.map((c) => [c!.slug, c!]));
}

/** A product's price as a source gives it; `price` in dollars, `reportedAt` when it was seen (ms). */
export type ProductPriceInput = {
	sourceKey: string;
	productName: string;
	/** Our category's slug ("produce"); an unknown one files under FALLBACK_CATEGORY. */
	category: string;
	price: number | string;
	size: { quantity: number; unit: SizeUnit } | null;
	/** Tag names the source gives ("Organic"); those the category has are kept. */
	tags: string[];
	description: string | null;
	reportedAt: number;
	/** The product's normalised GTIN, when the source gives a valid one. */
	barcode: string | null;
	/**
	 * What the price asks of the shopper (decision 0093), as the report form takes it (`price` is then what the
	 * shelf says: a multi-buy's bundle's); a regular price when the source says nothing of it.
	 */
	terms?: { priceType: PriceType; saleEnds: string | null; multiBuyQuantity: number | null };
};

export type FuelPriceInput = {
	sourceKey: string;
	fuelType: FuelType;
	price: number | string;
	/** Cash or card, where the source says the price is for that only; null or none is either. */
	payment?: FuelPayment | null;
	reportedAt: number;
};

/** What became of a price ("added", "updated", "already here", a confirmation), and of its place (which). */
export type PriceOutcome = { price: string; place: PlaceOutcome; placeId: number };

/** The write files an imported price as a report of its own (reports/market.ts importedWrite). */
const NEVER_A_CONFIRMATION = "an imported price was taken as a confirmation";
const tooOld = (days: number) => `too old to be live (seen over ${days} days ago)`;
const invalid = (issues: readonly v.BaseIssue<unknown>[]) => `not a valid report: ${issues[0]?.message ?? "invalid"}`;

/** What differs between importing a product's price and a fuel's. */
type PriceImport<Key, Fields extends PriceFields, Record> = {
	market: Market<Key, Fields, unknown>;
	places: PlaceTable;
	/** How many days a price of the record's thing lives: an older one is no live price. */
	maxAgeDays: (ctx: ImportContext, record: Record) => number;
	/** The report form's reading of the record at its place, with what the write adds; or why it is no report. */
	fields: (ctx: ImportContext, record: Record, place: PlaceInput) => Fields | v.BaseIssue<unknown>[];
	/** What the price is of, as an earlier import's `thing` says it (a change of it is a change of the price). */
	thing: (fields: Fields) => string;
	/** The fields with the place as found (its name and address as first written). */
	at: (fields: Fields, place: Placed) => Fields;
	/** After the price is dated as its source has it. */
	dated?: (tx: Tx, placeId: number, fields: Fields) => void;
};

/**
 * Files a price at a place, or says why not. The source's account is many people: its prices of one thing at
 * one place stand side by side, as different shoppers' do, where the write takes each new one as replacing
 * the account's earlier one; only the price a changed one replaces stays replaced. A price the source now
 * says is of another thing stops counting, as a shopper's replaced price does.
 */
export function importPrice<Key, Fields extends PriceFields, Record extends { sourceKey: string; reportedAt: number }>(
	ctx: ImportContext,
	how: PriceImport<Key, Fields, Record>,
	at: PlaceInput,
	record: Record,
	example: string,
): PriceOutcome | LeftOut {
	const tx = alreadyInside(ctx.db);
	const { market } = how;
	const days = how.maxAgeDays(ctx, record);
	if (record.reportedAt < ctx.now - days * DAY_MS) return leaveOut(tooOld(days), example);
	const parsed = how.fields(ctx, record, at);
	if (Array.isArray(parsed)) return leaveOut(invalid(parsed), example);
	const reportedAt = Math.min(record.reportedAt, ctx.now);
	const existing: ImportedRow | null = importedByKey(tx, market.table, record.sourceKey);
	const placed = placeAt(tx, how.places, at, { update: false, example });
	if ("leftOut" in placed) return placed;
	const { place, outcome } = placed;
	// The same price of the same thing: nothing to do. When it was seen is not compared: a record's time does not
	// change at its source, and one seen "in the future" (a clock ahead) is filed at the import's time.
	if (existing?.price === parsed.price && existing.thing === how.thing(parsed))
		return { price: "already here", place: outcome, placeId: place.id };
	const account = ctx.accounts.account();
	const job = {
		user: account,
		input: how.at(parsed, place),
		zip: place.zipCode ?? at.zip,
		verdict: null,
		imported: { seenAt: reportedAt },
	};
	const before = market.rowsAt(job, market.keyOf(job), place).live(tx, account.id);
	if (existing) releaseKey(tx, market.table, existing.id);
	const written = write(tx, market, job, ctx.prices);
	if ("confirmedExisting" in written) throw new Error(NEVER_A_CONFIRMATION);
	ctx.heard.push(written.heard);
	const sideBySide = before.map((r) => r.id).filter((id) => id !== existing?.id);
	if (sideBySide.length > 0) unexpire(tx, market.table, sideBySide, REPLACED_REASON);
	if (existing) expireImported(tx, market.table, existing.id, REPLACED_REASON, ctx.now);
	stampImported(tx, market.table, written.id, record.sourceKey, reportedAt);
	how.dated?.(tx, place.id, parsed);
	return { price: existing ? "updated" : "added", place: outcome, placeId: place.id };
}

/**
 * The record's category: a known barcode's own (one product, one category; the source cannot be asked to
 * choose it, as a shopper is), else the source's, else the fallback.
 */
function categoryOf(ctx: ImportContext, record: ProductPriceInput): Category {
	const known = record.barcode ? productByGtin(ctx.db, record.barcode) : null;
	const own = known && [...ctx.categories.values()].find((c) => c.id === known.categoryId);
	return own || ctx.categories.get(record.category) || ctx.categories.get(FALLBACK_CATEGORY)!;
}

/** A product's price at a store, as Open Prices and another instance's export give it. */
export const PRODUCT_IMPORT: PriceImport<ProductKey, ProductFields, ProductPriceInput> = {
	market: PRODUCTS,
	places: "stores",
	maxAgeDays: (ctx, record) => maxAgeDays(categoryOf(ctx, record).slug),
	fields(ctx, record, store) {
		const category = categoryOf(ctx, record);
		const parsed = v.safeParse(PriceReportSchema, {
			productName: record.productName,
			price: record.price,
			categoryId: category.id,
			tags: record.tags.map(slugify).filter((slug) => category.tagSlugs.has(slug)),
			description: record.description,
			storeName: store.name,
			storeAddress: store.address,
			storePhone: store.phone,
			storeZipCode: store.zip,
			size: record.size,
			barcode: record.barcode,
			...record.terms,
			// A source is a trusted batch, and nobody is there to answer the check's question: a doubtful price is
			// filed as unusual, as a shopper's is once they confirm it.
			confirmUnusual: true,
		});
		if (!parsed.success) return parsed.issues;
		const { slug, name, groupSlug } = category;
		// `price` becomes the price of one, the terms beside it, as a shopper's report is filed.
		return { ...withTerms(parsed.output), imageUrl: null, category: { slug, name, groupSlug } };
	},
	thing: (fields) => {
		const size = fields.size ? `${Math.round(fields.size.quantity * 1000)}${fields.size.unit}` : "";
		const terms = fields.terms ?? REGULAR_TERMS;
		return `${productKeyName(fields)}|${fields.categoryId}|${size}|${terms.type}|${terms.saleEnds ?? ""}|${terms.multiQuantity ?? ""}`;
	},
	at: (fields, store) => ({ ...fields, storeName: store.name, storeAddress: store.address }),
};

/** A fuel's price at a station, as another instance's export gives it. */
export const FUEL_IMPORT: PriceImport<FuelKey, FuelFields, FuelPriceInput> = {
	market: FUEL,
	places: "gas_stations",
	maxAgeDays: () => FUEL_MAX_AGE_DAYS,
	fields(_ctx, record, station) {
		const parsed = v.safeParse(GasReportSchema, {
			stationName: station.name,
			stationAddress: station.address,
			stationZipCode: station.zip,
			price: record.price,
			fuelType: record.fuelType,
			payment: record.payment ?? null,
		});
		// Confirmed, as the product prices are: nobody is there to answer the check's question.
		return parsed.success ? { ...parsed.output, confirmUnusual: true } : parsed.issues;
	},
	thing: (fields) => `${fields.fuelType}|${fields.payment ?? ""}`,
	at: (fields, station) => ({ ...fields, stationName: station.name, stationAddress: station.address }),
	// The write set the station's price at the import's time; the source's time may be older than another's.
	dated: (tx, stationId, fields) => refreshStationPrice(tx, stationId, fields.fuelType),
};
