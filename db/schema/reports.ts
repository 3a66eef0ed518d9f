/** Stores and stations, and the prices reported there: products, fuel, upvotes and deals taken. */
import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { AVAILABILITIES, FUEL_PAYMENTS, FUEL_TYPES, PRICE_TYPES, SIZE_UNITS } from "../enums.ts";
import { createdAt, flag, fuelPrice, id, reportLifecycle } from "./columns.ts";
import { users } from "./people.ts";

export const stores = sqliteTable(
	"stores",
	{
		id: id(),
		name: text("name").notNull(),
		address: text("address").notNull(),
		phone: text("phone"),
		zipCode: text("zip_code", { length: 10 }),
		/** ours: lower-cased, whitespace-collapsed "name|address", to find a store however it is typed. */
		lookupKey: text("lookup_key").notNull(),
		/** ours: where the store is (its own zip, not its reporters'), as a location token (see gasStations.locToken). */
		locToken: text("loc_token").notNull().default(""),
		/** ours: where an imported store came from ("osm:node/123"), so a second import updates it. */
		sourceKey: text("source_key"),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex("stores_source_key_unique").on(t.sourceKey).where(sql`${t.sourceKey} IS NOT NULL`),
		// A store is found by its lookup key among those near the zip it is reported with (src/lib/same-place.ts),
		// so one name and address has one store per neighbourhood; one per location token is what SQL can hold.
		uniqueIndex("stores_loc_lookup_unique").on(t.locToken, t.lookupKey),
		index("stores_lookup_idx").on(t.lookupKey),
	],
);

export const productCategories = sqliteTable("product_categories", {
	id: id(),
	name: text("name").notNull().unique(),
	slug: text("slug").notNull().unique(),
	description: text("description"),
	parentCategoryId: integer("parent_category_id").references((): AnySQLiteColumn => productCategories.id, {
		onDelete: "set null",
	}),
	createdAt: createdAt(),
});

export const productTags = sqliteTable(
	"product_tags",
	{
		id: id(),
		name: text("name").notNull(),
		slug: text("slug").notNull(),
		categoryId: integer("category_id")
			.notNull()
			.references(() => productCategories.id, { onDelete: "cascade" }),
		createdAt: createdAt(),
	},
	(t) => [uniqueIndex("product_tags_category_slug_unique").on(t.categoryId, t.slug)],
);

export const gasStations = sqliteTable(
	"gas_stations",
	{
		id: id(),
		name: text("name").notNull(),
		address: text("address").notNull(),
		zipCode: text("zip_code", { length: 10 }),
		phone: text("phone"),
		regularPriceMills: fuelPrice("regular_price_mills"),
		premiumPriceMills: fuelPrice("premium_price_mills"),
		dieselPriceMills: fuelPrice("diesel_price_mills"),
		e85PriceMills: fuelPrice("e85_price_mills"),
		electricPriceMills: fuelPrice("electric_price_mills"),
		reportsCount: integer("reports_count").notNull().default(0),
		lastUpdated: integer("last_updated", { mode: "timestamp_ms" }),
		/** ours: see stores.lookupKey. */
		lookupKey: text("lookup_key").notNull(),
		/**
		 * ours: the zip as a location token (see price_reports.loc_token): "within 20 zips" is an IN over the
		 * window's tokens on an index, and "10001-1234" finds the same station as "10001".
		 */
		locToken: text("loc_token").notNull().default(""),
		/** ours: see stores.sourceKey. */
		sourceKey: text("source_key"),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex("gas_stations_source_key_unique").on(t.sourceKey).where(sql`${t.sourceKey} IS NOT NULL`),
		// As for stores: found by lookup key among the stations near the zip; unique per location token.
		uniqueIndex("gas_stations_loc_lookup_unique").on(t.locToken, t.lookupKey),
		index("gas_stations_lookup_idx").on(t.lookupKey),
	],
);

export const gasPriceReports = sqliteTable(
	"gas_price_reports",
	{
		id: id(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		stationId: integer("station_id")
			.notNull()
			.references(() => gasStations.id, { onDelete: "cascade" }),
		fuelType: text("fuel_type", { enum: FUEL_TYPES }).notNull(),
		priceMills: integer("price_mills").notNull(),
		defPriceCents: integer("def_price_cents"),
		/** ours: the price holds paying cash or by card only, when the station's differ; null is either. */
		payment: text("payment", { enum: FUEL_PAYMENTS }),
		vacationMode: flag("vacation_mode", false),
		reportZipCode: text("report_zip_code", { length: 10 }),
		/** ours: where an imported price came from ("open-prices:123"), so a second import does not repeat it. */
		sourceKey: text("source_key"),
		...reportLifecycle(),
	},
	(t) => [
		uniqueIndex("gas_reports_source_key_unique").on(t.sourceKey).where(sql`${t.sourceKey} IS NOT NULL`),
		// By user (account deletion, the users foreign key), and the shopper's earlier price of a fuel at a
		// station, which a new one replaces, in one probe.
		index("gas_reports_user_idx").on(t.userId, t.stationId, t.fuelType),
		/** Photos still named (src/users/photos.ts): only the reports that have one. */
		index("gas_reports_image_idx").on(t.imageUrl).where(sql`${t.imageUrl} IS NOT NULL`),
		index("gas_reports_station_fuel_idx").on(t.stationId, t.fuelType, t.createdAt),
		/** The age sweep (src/reports/expiry.ts): only the unexpired reports past the age, not every old one. */
		index("gas_reports_age_idx").on(t.isExpired, t.createdAt),
		/** The moderation queue's reports hidden by flags (src/admin/flags.ts): only those rows. */
		index("gas_reports_flag_hidden_idx").on(t.id).where(sql`${t.withdrawnReason} = 'flagged' AND ${t.isExpired} = 0`),
		/**
		 * The live reports of a station, covering what the nearby views and the fuel check read (consensus
		 * history with its reporters, the week's count, the newest reports), so none of them touches expired rows
		 * or the table.
		 */
		/**
		 * A station's price history (src/data/fuel-prices.ts): every report of a fuel that was not judged
		 * wrong nor withdrawn, live or expired by age, with what the history reads and its trust filter, so it
		 * reads only the index.
		 */
		index("gas_reports_price_history_idx")
			.on(t.stationId, t.fuelType, t.createdAt, t.priceMills, t.flagWeight, t.isUnusual, t.confirmWeight)
			.where(sql`${t.isActive} = 1 AND ${t.isDiscredited} = 0`),
		index("gas_reports_live_idx")
			.on(t.stationId, t.fuelType, t.createdAt, t.priceMills, t.userId)
			.where(sql`${t.isActive} = 1 AND ${t.isExpired} = 0`),
	],
);

export const priceReports = sqliteTable(
	"price_reports",
	{
		id: id(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		storeId: integer("store_id")
			.notNull()
			.references(() => stores.id, { onDelete: "cascade" }),
		productName: text("product_name").notNull(),
		/**
		 * ours: the key of "the same product": the product name lower-cased and whitespace-collapsed, or for a
		 * report with a barcode the code's key (src/lib/gtin.ts gtinKey), whatever name its reporter typed.
		 */
		normalizedName: text("normalized_name").notNull(),
		/** ours: the product's barcode as a normalised GTIN (13 digits; decision 0089), when the shopper gave one. */
		barcode: text("barcode"),
		/** For a multi-buy, the price of one: the bundle's price over its quantity, rounded to the cent. */
		priceCents: integer("price_cents").notNull(),
		/**
		 * ours: what the price asks (PRICE_TYPES); a sale may give its last day (YYYY-MM-DD), after which it is
		 * no longer live; a multi-buy gives how many for what (multi_quantity for multi_price_cents).
		 */
		priceType: text("price_type", { enum: PRICE_TYPES }).notNull().default("regular"),
		saleEnds: text("sale_ends"),
		multiQuantity: integer("multi_quantity"),
		multiPriceCents: integer("multi_price_cents"),
		categoryId: integer("category_id")
			.notNull()
			.references(() => productCategories.id),
		/** Tag slugs, a JSON array. */
		tags: text("tags", { mode: "json" }).notNull().$type<string[]>().default(sql`'[]'`),
		description: text("description"),
		availability: text("availability", { enum: AVAILABILITIES }).notNull().default("in-stock"),
		vacationMode: flag("vacation_mode", false),
		reportZipCode: text("report_zip_code", { length: 10 }),
		/** ours: the zip the report counts in (reportZipCode in vacation mode, else the reporter's zip). */
		zipCode: text("zip_code", { length: 10 }).notNull(),
		/** ours: the zip as a location token ("z10001"; "x" + the text for a zip that is not numeric). */
		locToken: text("loc_token").notNull(),
		/** ours: the product's size as a quantity in thousandths (500 is 0.5), with its unit; both or neither. */
		sizeMilli: integer("size_milli"),
		sizeUnit: text("size_unit", { enum: SIZE_UNITS }),
		/** ours: what search finds the report by (src/reports/search-text.ts); see "The search index" below. */
		searchText: text("search_text").notNull().default(""),
		upvotes: integer("upvotes").notNull().default(0),
		/** ours: see gasPriceReports.sourceKey. */
		sourceKey: text("source_key"),
		...reportLifecycle(),
	},
	(t) => [
		uniqueIndex("price_reports_source_key_unique").on(t.sourceKey).where(sql`${t.sourceKey} IS NOT NULL`),
		// price_reports_user_store_idx also serves every lookup by user alone (and the users foreign key), and
		// finds the shopper's earlier price of a product at a store, which a new one replaces, in one probe.
		index("price_reports_store_idx").on(t.storeId),
		/** Photos still named (src/users/photos.ts): only the reports that have one, so writes barely notice. */
		index("price_reports_image_idx").on(t.imageUrl).where(sql`${t.imageUrl} IS NOT NULL`),
		index("price_reports_user_store_idx").on(t.userId, t.storeId, t.normalizedName, t.categoryId),
		/** The category foreign key, and the hourly expiry sweep: a category's unexpired reports by age. */
		index("price_reports_category_age_idx").on(t.categoryId, t.isExpired, t.createdAt),
		/** The moderation queue's reports hidden by flags (src/admin/flags.ts): only those rows. */
		index("price_reports_flag_hidden_idx").on(t.id).where(sql`${t.withdrawnReason} = 'flagged' AND ${t.isExpired} = 0`),
		/** The sale sweep (src/reports/expiry.ts): only the live sales, by their last day (none first), then age. */
		index("price_reports_live_sales_idx")
			.on(t.saleEnds, t.createdAt)
			.where(sql`${t.priceType} = 'sale' AND ${t.isExpired} = 0`),
		/**
		 * The quality check's history, duplicates and a deal's typical price: the live reports of one product (name and
		 * category) per location token, newest last, with the price and the reporter (one voice per shopper),
		 * so the consensus reads only the index.
		 */
		/**
		 * A product's price history near a shopper (src/data/price-history.ts): every report of a product per
		 * location token that was not judged wrong nor withdrawn, live or expired by age, with the price, store and
		 * trust filter, so a year of history reads only the index.
		 */
		index("price_reports_price_history_idx")
			.on(
				t.normalizedName,
				t.categoryId,
				t.locToken,
				t.createdAt,
				t.priceCents,
				t.storeId,
				t.flagWeight,
				t.isUnusual,
				t.confirmWeight,
			)
			.where(sql`${t.isActive} = 1 AND ${t.isDiscredited} = 0`),
		index("price_reports_history_idx")
			.on(t.normalizedName, t.categoryId, t.locToken, t.createdAt, t.priceCents, t.userId, t.priceType)
			.where(sql`${t.isActive} = 1 AND ${t.isExpired} = 0`),
		/**
		 * A list's plan (src/data/list-offers.ts): each store's latest live price of a product of each type, with
		 * the trust filter and all the plan reads of it, per location token, so a 40-item plan reads only the index.
		 */
		index("price_reports_offer_idx")
			.on(
				t.normalizedName,
				t.categoryId,
				t.locToken,
				t.storeId,
				t.priceType,
				t.createdAt,
				t.flagWeight,
				t.isUnusual,
				t.confirmWeight,
				t.priceCents,
				t.sizeMilli,
				t.sizeUnit,
				t.confirmedAt,
				t.verificationConfidence,
				t.confirmCount,
				t.availability,
				t.unavailableAt,
				t.saleEnds,
				t.multiQuantity,
				t.multiPriceCents,
				// In the key as well as the WHERE: SQLite counts an index covering only with every column it reads.
				t.isActive,
				t.isExpired,
				t.isDiscredited,
			)
			.where(sql`${t.isActive} = 1 AND ${t.isExpired} = 0 AND ${t.isDiscredited} = 0`),
		/**
		 * A store's live reports of a product at a price type with what a search's card says of them (src/deals/store-cards.ts):
		 * how many, how many agree on a price, the latest; read from the index alone.
		 */
		index("price_reports_store_live_idx")
			.on(
				t.storeId,
				t.normalizedName,
				t.categoryId,
				t.priceType,
				t.priceCents,
				t.confirmCount,
				t.createdAt,
				t.confirmedAt,
			)
			.where(sql`${t.isActive} = 1 AND ${t.isExpired} = 0`),
	],
);

/*
 * The search index (Drizzle cannot declare it: migration 0016 creates it, src/deals/search.ts reads it).
 *
 * price_search is an FTS5 table without content. A live report (active, unexpired) is in it twice, once per
 * order a search can ask for, under a rowid that is the sort key:
 *   by price:   (price in cents, at most 2^24 - 1) << 31 | (2^31 - 1 - report id)   cheapest, then newest, first
 *   by recency: 2^62 | report id                                                    read backwards: newest first
 * Its terms are the report's search_text words, each glued to the report's place: "z90210milk" is "milk" in
 * ZIP 90210 ("x", two digits of length and the code for a postal code that is not a US ZIP). A search near a
 * shopper is then, per word, an OR of the 21 places of their neighbourhood (src/lib/zip.ts): short posting
 * lists, however common the word is elsewhere. Reading in rowid order gives the price or recency order, and
 * the Distance sort reads the places one by one, nearest first.
 * search_text also ends with a filter term per category the report is in, its own and its group's (U+E000 then
 * the slug without hyphens: "\u{E000}dairy", "\u{E000}groceries"; src/reports/search-text.ts). No typed word
 * can reach one (a query's words are letters and digits), so a chip's filter is one more term of the same index.
 * search_words lists every word ever indexed and search_vocab (fts5vocab over search_words_fts) reads them in
 * order, so a prefix ("org") becomes the exact words it starts ("organic", "orange").
 * Triggers on price_reports keep it all in step: a report entering the live set is inserted, one leaving it
 * (expired, deactivated, deleted) is removed with FTS5's 'delete' command and its old terms, and a change of
 * its words, place or price does both.
 */

export const userUpvotes = sqliteTable(
	"user_upvotes",
	{
		id: id(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		priceReportId: integer("price_report_id")
			.notNull()
			.references(() => priceReports.id, { onDelete: "cascade" }),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex("user_upvotes_user_report_unique").on(t.userId, t.priceReportId),
		index("user_upvotes_report_idx").on(t.priceReportId),
	],
);

/** ours: who took which deal, so one user counts a deal's savings once. */
export const dealTakes = sqliteTable(
	"deal_takes",
	{
		id: id(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		priceReportId: integer("price_report_id")
			.notNull()
			.references(() => priceReports.id, { onDelete: "cascade" }),
		savingsCents: integer("savings_cents").notNull(),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex("deal_takes_user_report_unique").on(t.userId, t.priceReportId),
		index("deal_takes_report_idx").on(t.priceReportId),
	],
);

/**
 * ours: the key a device gave a report it kept while offline, so the report sent again (its answer lost on
 * the way) is answered as the first one rather than filed twice. One per shopper, market and key.
 */
export const reportSendKeys = sqliteTable(
	"report_send_keys",
	{
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		market: text("market", { enum: ["product", "fuel"] }).notNull(),
		sendKey: text("send_key").notNull(),
		reportId: integer("report_id").notNull(),
		createdAt: createdAt(),
	},
	(t) => [uniqueIndex("report_send_keys_unique").on(t.userId, t.market, t.sendKey)],
);
