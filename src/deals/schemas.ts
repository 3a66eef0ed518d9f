/**
 * Deal schemas (spec §3 "Price report (submitted)", §5), shared by the server and the web form.
 * Pure valibot. Prices arrive as numbers or decimal strings and leave as exact integer cents.
 */
import * as v from "valibot";
import { AVAILABILITIES } from "../../db/enums.ts";
import {
	idFromInput,
	optionalBarcode,
	optionalPlaceZip,
	optionalText,
	optionalZip,
	requiredAmount,
	requiredText,
} from "../lib/fields.ts";
import { normalizeGtin } from "../lib/gtin.ts";
import { MAX_AREAS, NEAREST_AREAS } from "../lib/near-areas.ts";
import { PRICE_TERMS_MESSAGES, priceTermsEntries, TERMS_RULES } from "../lib/price-terms.ts";
import { optionalSize } from "../lib/sizes.ts";
import {
	confirmEntries,
	newPlaceEntries,
	sendKeyEntries,
	VACATION_ZIP_MESSAGE,
	vacationEntries,
} from "../reports/schemas.ts";

export const MAX_PRICE_CENTS = 10_000_000; // $100,000.00: nothing in a shop costs more; a typo often does
export { VACATION_ZIP_MESSAGE };
export const REQUIRED_FIELDS_MESSAGE = "Product name, price, category, store name, and address are required.";

/** "3.49", "3.5", 3.49 → 349 cents; anything inexact, negative, zero or absurd is refused with a message. */
export const PriceCentsSchema = requiredAmount({
	decimals: 2,
	max: MAX_PRICE_CENTS,
	inexact: "Price must be an amount in dollars and cents, like 3.49",
	tooHigh: "Price must be at most $100,000.00",
});

export const CategoryIdSchema = v.pipe(
	v.optional(v.union([v.number(), v.string()], "Category is required"), ""),
	v.check((value) => String(value).trim() !== "", "Category is required"),
	v.transform(idFromInput),
	v.integer("Category must be one of the listed categories"),
	v.minValue(1, "Category is required"),
);

export {
	MAX_SIZE_QUANTITY,
	SIZE_BOTH_MESSAGE,
	SIZE_COUNT_MESSAGE,
	SIZE_QUANTITY_MESSAGE,
	SIZE_TOO_BIG_MESSAGE,
	SIZE_UNIT_MESSAGE,
	type SizeValues,
} from "../lib/sizes.ts";

const PriceReportObject = v.object({
	productName: requiredText("Product name is required", 120, "Product name"),
	price: PriceCentsSchema,
	categoryId: CategoryIdSchema,
	tags: v.optional(
		v.pipe(
			v.array(
				v.pipe(v.string("Tags must be text"), v.trim(), v.toLowerCase(), v.nonEmpty("A tag must not be blank")),
				"Tags must be a list",
			),
			v.maxLength(10, "Choose at most 10 tags"),
			v.transform((tags) => [...new Set(tags)]),
		),
		[],
	),
	description: optionalText(500, "Description"),
	storeName: requiredText("Store name is required", 120, "Store name"),
	storeAddress: requiredText("Store address is required", 200, "Store address"),
	storePhone: optionalText(30, "Store phone"),
	/** Where the store is (the report counts there); the shopper's current zip when not given. */
	storeZipCode: optionalPlaceZip("Store zip code"),
	availability: v.optional(
		v.picklist(AVAILABILITIES, `Availability must be one of ${AVAILABILITIES.join(", ")}`),
		"in-stock",
	),
	...vacationEntries,
	...confirmEntries,
	...newPlaceEntries,
	...sendKeyEntries,
	imageUrl: optionalText(500, "Image URL"),
	size: optionalSize(),
	/** The product's barcode: its reports are one product whatever their names (decision 0089). */
	barcode: optionalBarcode(),
	...priceTermsEntries,
});
export const PriceReportSchema = v.pipe(
	PriceReportObject,
	v.forward(
		v.partialCheck(
			[["vacationMode"], ["reportZipCode"]],
			(input) => !input.vacationMode || Boolean(input.reportZipCode),
			VACATION_ZIP_MESSAGE,
		),
		["reportZipCode"],
	),
	v.forward(
		v.partialCheck([["priceType"], ["saleEnds"]], TERMS_RULES.saleEndsOnlySale, PRICE_TERMS_MESSAGES.saleEndsOnlySale),
		["saleEnds"],
	),
	v.forward(
		v.partialCheck([["priceType"], ["multiBuyQuantity"]], TERMS_RULES.multiNeeded, PRICE_TERMS_MESSAGES.multiNeeded),
		["multiBuyQuantity"],
	),
	v.forward(
		v.partialCheck([["priceType"], ["multiBuyQuantity"]], TERMS_RULES.multiOnly, PRICE_TERMS_MESSAGES.multiOnly),
		["multiBuyQuantity"],
	),
);
export type PriceReportInput = v.InferOutput<typeof PriceReportSchema>;

export const SORTS = ["price", "distance", "recent"] as const;
export type SearchSort = (typeof SORTS)[number];
export const SEARCH_MAX_LIMIT = 100;

const intParam = (label: string, fallback: string, max: number) =>
	v.pipe(
		v.optional(v.string(), fallback),
		v.regex(/^\d+$/, `${label} must be a whole number`),
		v.transform(Number),
		v.maxValue(max, `${label} must be at most ${max}`),
	);

/**
 * A search box's text that is a barcode (only its digits, spaces and hyphens, a valid code): its GTIN, which the
 * search asks for instead of words; null for anything else.
 */
export function searchedBarcode(q: string): string | null {
	if (!/^[\d\s-]{8,20}$/.test(q.trim())) return null;
	const answer = normalizeGtin(q);
	return "gtin" in answer ? answer.gtin : null;
}

export const SEARCH_NEEDS_WORDS_MESSAGE = "Enter something to search for, or choose a category";
/** A search with no zip given and none on the shopper's profile; the product history answers the same. */
export const NO_SEARCH_ZIP_MESSAGE = "Set your zip code to search for deals near you.";

/** What a search looks for, and where: its words, a filter, a zip other than the shopper's. */
const searchFor = {
	q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, "Search is at most 100 characters")), ""),
	/** A category's slug or a group's (the chips: groceries, electronics, restaurants); blank for none. */
	category: v.optional(
		v.pipe(
			v.string(),
			v.trim(),
			v.toLowerCase(),
			v.regex(/^[a-z0-9-]{0,40}$/, "Category not found"),
			v.transform((slug) => slug || undefined),
		),
	),
	zipCode: optionalZip(),
	/** A product's barcode: its prices, whatever their words. */
	barcode: optionalBarcode(),
};
/** A search needs words, a filter, a barcode, or some of them. */
const wordsOrFilter = <T extends { q: string; category?: string | undefined; barcode?: string | null }>() =>
	v.check<T, string>(
		(query) => query.q !== "" || Boolean(query.category) || Boolean(query.barcode),
		SEARCH_NEEDS_WORDS_MESSAGE,
	);

export const SearchQuerySchema = v.pipe(
	v.object({
		...searchFor,
		sort: v.optional(v.picklist(SORTS, `Sort must be one of ${SORTS.join(", ")}`), "price"),
		limit: v.pipe(intParam("limit", "50", SEARCH_MAX_LIMIT), v.minValue(1, "limit must be at least 1")),
		offset: intParam("offset", "0", 10_000),
		/** How many ZIP areas around the shopper's own to search: 20, or more to reach a quiet town's nearest. */
		areas: v.pipe(
			intParam("areas", String(NEAREST_AREAS), MAX_AREAS),
			v.minValue(NEAREST_AREAS, `areas must be at least ${NEAREST_AREAS}`),
		),
	}),
	wordsOrFilter(),
);

/** GET /api/search/nearest: the same words, filter and zip as the search it follows. */
export const NearestQuerySchema = v.pipe(v.object(searchFor), wordsOrFilter());

export const StoresQuerySchema = v.object({ zipCode: optionalZip() });

export const ReportIdParamSchema = v.object({
	id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, "Price report not found"), v.transform(Number)),
});

/** How a product was found: by its barcode, by its exact name, or by the best of its words' products. */
export const PRODUCT_MATCHES = ["barcode", "exact", "words"] as const;
export type ProductMatchKind = (typeof PRODUCT_MATCHES)[number];
