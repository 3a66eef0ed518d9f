/**
 * An imported price, filed as a shopper's is (decision 0070): the report form's schema, then the report
 * path's own write (reports/write-price.ts, write-fuel.ts) with its quality check on the statistics, its
 * outliers, counters and alert hits, under the source's account. Unlike a shopper's, it is never counted as
 * a confirmation of a shopper's same price (it is the source's own report, with its key), and it alerts
 * nobody when it was seen over a day ago. Each price is a savepoint of its own (import-run.ts): one the
 * check refuses rolls back alone, the store it would have made too.
 *
 * What the write cannot know, the import adds on the row it wrote: the source's key (a second import finds
 * it and adds nothing; a changed price replaces it) and the time the source says the price was seen.
 */
import * as v from "valibot";
import type { FuelType, SizeUnit } from "../../db/enums.ts";
import { slugify } from "../../db/taxonomy.ts";
import { getCategoryWithTagSlugs } from "../data/categories.ts";
import { alreadyInside } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import { PriceReportSchema } from "../deals/index.ts";
import { GasReportSchema } from "../gas/index.ts";
import { normalizeText } from "../lib/normalize.ts";
import { DAY_MS } from "../lib/time.ts";
import {
	FUEL,
	FUEL_MAX_AGE_DAYS,
	maxAgeDays,
	PRODUCTS,
	type PriceEvents,
	REPLACED_REASON,
	write,
} from "../reports/index.ts";
import { type PlaceInput, type PlaceOutcome, placeAt } from "./import-places.ts";
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
};

type Category = NonNullable<Awaited<ReturnType<typeof getCategoryWithTagSlugs>>>;
export type Categories = Map<string, Category>;

/** Where a price of an unknown category goes: the group of everyday goods the others sit under. */
export const FALLBACK_CATEGORY = "groceries";

export async function loadCategories(db: Db): Promise<Categories> {
	const ids = db.$client.query<{ id: number }, []>("SELECT id FROM product_categories ORDER BY id").all();
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
};

export type FuelPriceInput = { sourceKey: string; fuelType: FuelType; price: number | string; reportedAt: number };

/** What became of a price ("added", "updated", "already here", a confirmation), and of its place (which). */
export type PriceOutcome = { price: string; place: PlaceOutcome; placeId: number };

/** The write files an imported price as a report of its own (write-price.ts importedWrite). */
const NEVER_A_CONFIRMATION = "an imported price was taken as a confirmation";
const tooOld = (days: number) => `too old to be live (seen over ${days} days ago)`;
const invalid = (issues: readonly v.BaseIssue<unknown>[]) => `not a valid report: ${issues[0]?.message ?? "invalid"}`;

/** A price imported before under the same key: its price, and what it was of. */
type Existing = { id: number; price: number; thing: string };
type Table = "price_reports" | "gas_price_reports";

// What a price is of: a product (name, category and size) or a fuel; a change of it is a change of the price.
const EXISTING_SQL: Record<Table, string> = {
	price_reports: `SELECT id, price_cents AS price,
      normalized_name || '|' || category_id || '|' || coalesce(size_milli, '') || coalesce(size_unit, '') AS thing
    FROM price_reports WHERE source_key = ?1`,
	gas_price_reports: `SELECT id, price_mills AS price, fuel_type AS thing
    FROM gas_price_reports WHERE source_key = ?1`,
};

const existingByKey = (db: Db, table: Table, key: string) =>
	db.$client.query<Existing, [string]>(EXISTING_SQL[table]).get(key) ?? null;

/**
 * The same price of the same thing: nothing to do. When it was seen is not compared: a record's time does not
 * change at its source, and one seen "in the future" (a clock ahead) is filed at the import's time.
 */
const unchanged = (existing: Existing | null, price: number, thing: string) =>
	existing !== null && existing.price === price && existing.thing === thing;

/** The account's live prices of one thing at one place: the write will take them for its earlier words. */
function liveIds(db: Db, table: Table, where: string, params: Record<string, string | number>): number[] {
	return db.$client
		.query<{ id: number }, Record<string, string | number>>(
			`SELECT id FROM ${table} WHERE user_id = $user AND ${where} AND is_active = 1 AND is_expired = 0`,
		)
		.all(params)
		.map((r) => r.id);
}

/**
 * The source's account is many people: its prices of one thing at one place stand side by side, as different
 * shoppers' do, where the report path would take each new one as replacing the account's earlier one. Only
 * the price a changed one replaces (`replacing`) stays replaced.
 */
function keepSideBySide(db: Db, table: Table, before: number[], replacing: number | undefined) {
	const ids = before.filter((id) => id !== replacing);
	if (ids.length === 0) return;
	db.$client
		.query(`UPDATE ${table} SET is_expired = 0, expired_at = NULL, expired_reason = NULL
      WHERE id IN (SELECT value FROM json_each($ids)) AND is_expired = 1 AND expired_reason = $reason`)
		.run({ ids: JSON.stringify(ids), reason: REPLACED_REASON });
}

/** The row the write made, as the source has it: its key, and when it was seen. */
function stamp(db: Db, table: Table, id: number, key: string, at: number) {
	db.$client
		.query(`UPDATE ${table} SET source_key = $key, created_at = $at, updated_at = $at WHERE id = $id`)
		.run({ id, key, at });
}

/** A price already imported loses its key to the price replacing it. */
const releaseKey = (db: Db, table: Table, existing: Existing | null) => {
	if (existing) db.$client.query(`UPDATE ${table} SET source_key = NULL WHERE id = ?1`).run(existing.id);
};

/**
 * The price it replaces stops counting, as a shopper's earlier price does: the write replaces it when it is of
 * the same thing; one the source now says is of another product (or fuel) is retired here.
 */
function retire(db: Db, table: Table, existing: Existing | null, now: number) {
	if (!existing) return;
	db.$client
		.query(`UPDATE ${table} SET is_expired = 1, expired_at = $now, expired_reason = $reason, updated_at = $now
      WHERE id = $id AND is_expired = 0`)
		.run({ id: existing.id, now, reason: REPLACED_REASON });
}

/** Files a product price at a store, or says why not. */
export function importProductPrice(
	ctx: ImportContext,
	store: PlaceInput,
	input: ProductPriceInput,
	example: string,
): PriceOutcome | LeftOut {
	const { db } = ctx;
	const category = ctx.categories.get(input.category) ?? ctx.categories.get(FALLBACK_CATEGORY)!;
	const days = maxAgeDays(category.slug);
	if (input.reportedAt < ctx.now - days * DAY_MS) return leaveOut(tooOld(days), example);
	const parsed = v.safeParse(PriceReportSchema, {
		productName: input.productName,
		price: input.price,
		categoryId: category.id,
		tags: input.tags.map(slugify).filter((slug) => category.tagSlugs.has(slug)),
		description: input.description,
		storeName: store.name,
		storeAddress: store.address,
		storePhone: store.phone,
		storeZipCode: store.zip,
		size: input.size,
		// A source is a trusted batch, and nobody is there to answer the check's question: a doubtful price is
		// filed as unusual, as a shopper's is once they confirm it.
		confirmUnusual: true,
	});
	if (!parsed.success) return leaveOut(invalid(parsed.issues), example);
	const fields = parsed.output;
	const reportedAt = Math.min(input.reportedAt, ctx.now);
	const normalized = normalizeText(fields.productName);
	const existing = existingByKey(db, "price_reports", input.sourceKey);
	const size = fields.size ? `${Math.round(fields.size.quantity * 1000)}${fields.size.unit}` : "";
	const thing = `${normalized}|${category.id}|${size}`;
	const placed = placeAt(alreadyInside(db), "stores", store, { update: false, example });
	if ("leftOut" in placed) return placed;
	const { place, outcome } = placed;
	if (unchanged(existing, fields.price, thing)) return { price: "already here", place: outcome, placeId: place.id };
	const account = ctx.accounts.account();
	const before = liveIds(
		db,
		"price_reports",
		"store_id = $store AND normalized_name = $name AND category_id = $category",
		{
			user: account.id,
			store: place.id,
			name: normalized,
			category: category.id,
		},
	);
	releaseKey(db, "price_reports", existing);
	const written = write(
		alreadyInside(db),
		PRODUCTS,
		{
			user: account,
			input: {
				...fields,
				storeName: place.name,
				storeAddress: place.address,
				imageUrl: null,
				category: { slug: category.slug, name: category.name, groupSlug: category.groupSlug },
			},
			zip: place.zipCode ?? store.zip,
			verdict: null,
			imported: { seenAt: reportedAt },
		},
		ctx.prices,
	);
	if ("confirmedExisting" in written) throw new Error(NEVER_A_CONFIRMATION);
	keepSideBySide(db, "price_reports", before, existing?.id);
	retire(db, "price_reports", existing, ctx.now);
	stamp(db, "price_reports", written.id, input.sourceKey, reportedAt);
	return { price: existing ? "updated" : "added", place: outcome, placeId: place.id };
}

/** The station's cached price of a fuel and its "updated", from its newest reports as the source dated them. */
function refreshStation(db: Db, stationId: number, fuel: FuelType) {
	db.$client
		.query(`UPDATE gas_stations SET
      ${fuel}_price_mills = (SELECT price_mills FROM gas_price_reports WHERE station_id = $id AND fuel_type = $fuel
        AND is_active = 1 AND is_expired = 0 ORDER BY created_at DESC, id DESC LIMIT 1),
      last_updated = (SELECT max(created_at) FROM gas_price_reports WHERE station_id = $id)
      WHERE id = $id`)
		.run({ id: stationId, fuel });
}

/** Files a fuel price at a station, or says why not. */
export function importFuelPrice(
	ctx: ImportContext,
	station: PlaceInput,
	input: FuelPriceInput,
	example: string,
): PriceOutcome | LeftOut {
	const { db } = ctx;
	if (input.reportedAt < ctx.now - FUEL_MAX_AGE_DAYS * DAY_MS) return leaveOut(tooOld(FUEL_MAX_AGE_DAYS), example);
	const parsed = v.safeParse(GasReportSchema, {
		stationName: station.name,
		stationAddress: station.address,
		stationZipCode: station.zip,
		price: input.price,
		fuelType: input.fuelType,
	});
	if (!parsed.success) return leaveOut(invalid(parsed.issues), example);
	const fields = parsed.output;
	const reportedAt = Math.min(input.reportedAt, ctx.now);
	const existing = existingByKey(db, "gas_price_reports", input.sourceKey);
	const placed = placeAt(alreadyInside(db), "gas_stations", station, { update: false, example });
	if ("leftOut" in placed) return placed;
	const { place, outcome } = placed;
	if (unchanged(existing, fields.price, fields.fuelType))
		return { price: "already here", place: outcome, placeId: place.id };
	const account = ctx.accounts.account();
	const before = liveIds(db, "gas_price_reports", "station_id = $station AND fuel_type = $fuel", {
		user: account.id,
		station: place.id,
		fuel: fields.fuelType,
	});
	releaseKey(db, "gas_price_reports", existing);
	const written = write(
		alreadyInside(db),
		FUEL,
		{
			user: account,
			// Confirmed, as the product prices are: nobody is there to answer the check's question.
			input: { ...fields, stationName: place.name, stationAddress: place.address, confirmUnusual: true },
			zip: place.zipCode ?? station.zip,
			verdict: null,
			imported: { seenAt: reportedAt },
		},
		ctx.prices,
	);
	if ("confirmedExisting" in written) throw new Error(NEVER_A_CONFIRMATION);
	keepSideBySide(db, "gas_price_reports", before, existing?.id);
	retire(db, "gas_price_reports", existing, ctx.now);
	stamp(db, "gas_price_reports", written.id, input.sourceKey, reportedAt);
	refreshStation(db, place.id, fields.fuelType);
	return { price: existing ? "updated" : "added", place: outcome, placeId: place.id };
}
