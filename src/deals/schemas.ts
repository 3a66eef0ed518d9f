/**
 * Deal schemas (spec §3 "Price report (submitted)", §5), shared by the server and the web form.
 * Pure valibot. Prices arrive as numbers or decimal strings and leave as exact integer cents.
 */
import * as v from "valibot";
import { AVAILABILITIES } from "../../db/enums.ts";
import {
	idFromInput,
	optionalPlaceZip,
	optionalText,
	optionalZip,
	requiredAmount,
	requiredText,
} from "../lib/fields.ts";
import { MAX_AREAS, NEAREST_AREAS } from "../lib/near-areas.ts";
import { VACATION_ZIP_MESSAGE, vacationEntries } from "../reports/schemas.ts";

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

export const PriceReportSchema = v.pipe(
	v.object({
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
		imageUrl: optionalText(500, "Image URL"),
	}),
	v.forward(
		v.partialCheck(
			[["vacationMode"], ["reportZipCode"]],
			(input) => !input.vacationMode || Boolean(input.reportZipCode),
			VACATION_ZIP_MESSAGE,
		),
		["reportZipCode"],
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

export const SEARCH_NEEDS_WORDS_MESSAGE = "Enter something to search for, or choose a category";

export const SearchQuerySchema = v.pipe(
	v.object({
		q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, "Search is at most 100 characters")), ""),
		/** A category's slug or a group's (issue 42's chips: groceries, electronics, restaurants). */
		category: v.optional(
			v.pipe(v.string(), v.trim(), v.toLowerCase(), v.regex(/^[a-z0-9-]{1,40}$/, "Category not found")),
		),
		zipCode: optionalZip(),
		sort: v.optional(v.picklist(SORTS, `Sort must be one of ${SORTS.join(", ")}`), "price"),
		limit: v.pipe(intParam("limit", "50", SEARCH_MAX_LIMIT), v.minValue(1, "limit must be at least 1")),
		offset: intParam("offset", "0", 10_000),
		/** How many ZIP areas around the shopper's own to search: 20, or more to reach a quiet town's nearest. */
		areas: v.pipe(
			intParam("areas", String(NEAREST_AREAS), MAX_AREAS),
			v.minValue(NEAREST_AREAS, `areas must be at least ${NEAREST_AREAS}`),
		),
	}),
	v.check((query) => query.q !== "" || Boolean(query.category), SEARCH_NEEDS_WORDS_MESSAGE),
);

export const StoresQuerySchema = v.object({ zipCode: optionalZip() });

export const ReportIdParamSchema = v.object({
	id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, "Price report not found"), v.transform(Number)),
});
