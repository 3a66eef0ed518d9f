/**
 * Price alert schemas (spec §3 "Price alert", §5), shared by the server and the web form.
 * Pure valibot. The target price arrives as a number or a decimal string and leaves as integer cents.
 */
import * as v from "valibot";
import { ALERT_SCOPES, FUEL_TYPES } from "../../db/enums.ts";
import { idFromInput, optionalPlaceZip } from "../lib/fields.ts";
import { parseDecimal } from "../lib/money.ts";
import { MAX_ALERT_WORDS, productWords } from "./words.ts";

/** Spec §5: what the form says when either required field is empty (under the title "Missing Information"). */
export const MISSING_FIELDS_MESSAGE = "Please fill in product name and target price.";
export const MISSING_FIELDS_TITLE = "Missing Information";
export const MAX_TARGET_CENTS = 10_000_000; // the same ceiling as a reported price
export const MAX_ALERTS_PER_USER = 50;
export const NOTHING_TO_CHANGE_MESSAGE = "Send at least one field of the alert to change";

const ProductNameSchema = v.pipe(
	v.optional(v.string("Product name is required"), ""),
	v.trim(),
	v.nonEmpty("Product name is required"),
	v.maxLength(120, "Product name must be at most 120 characters"),
	v.check((name) => productWords(name).length > 0, "Product name needs at least one letter or digit"),
	v.check(
		(name) => productWords(name).length <= MAX_ALERT_WORDS,
		`Product name must be at most ${MAX_ALERT_WORDS} words`,
	),
);

const TargetPriceSchema = v.pipe(
	v.optional(v.nullable(v.union([v.number(), v.string()], "Target price is required")), ""),
	v.check((value) => value !== null && String(value).trim() !== "", "Target price is required"),
	v.transform((value) => parseDecimal(value ?? "", 2)),
	v.check((cents) => cents !== null, "Target price must be an amount in dollars and cents, like 2.50"),
	v.transform((cents) => cents as number),
	v.minValue(1, "Target price must be greater than 0"),
	v.maxValue(MAX_TARGET_CENTS, "Target price must be at most $100,000.00"),
);

/**
 * What an "any price" alert ("alert me when anyone reports milk near me") stores as its target: more
 * than any price a report can have, so every report meets it and the matching needs no case of its own. It is
 * above MAX_TARGET_CENTS, so no typed target is ever taken for it.
 */
export const ANY_PRICE_CENTS = 2_147_483_647;

/**
 * A product alert's target: as TargetPriceSchema, or an explicit null for any price. A missing or blank target
 * is still "required": the create-alert form (spec §5) never sends null, only the empty search's one tap does.
 */
const ProductTargetSchema = v.pipe(
	v.optional(v.nullable(TargetPriceSchema), ""),
	v.transform((cents) => cents ?? ANY_PRICE_CENTS),
);

/** Optional: null, a missing key or "" mean any category. */
const OptionalCategorySchema = v.pipe(
	v.optional(v.nullable(v.union([v.number(), v.string()], "Category must be one of the listed categories")), null),
	v.transform((value) => (value === null || String(value).trim() === "" ? null : idFromInput(value))),
	v.check((id) => id === null || (Number.isInteger(id) && id >= 1), "Category must be one of the listed categories"),
);

const FUEL_MESSAGE = `Fuel type must be one of ${FUEL_TYPES.join(", ")}`;

/** Where the alert watches: "near" (its zip's neighbourhood, the default) or "spots" (the starred ones). */
const ScopeSchema = v.optional(v.picklist(ALERT_SCOPES, 'Where must be "near" or "spots"'), "near");

const common = {
	// Optional: the alert watches this zip instead of the user's own.
	zipCode: optionalPlaceZip(),
	scope: ScopeSchema,
};

/**
 * A product alert (spec §3), at a target or at any price (`targetPrice: null`), or with `fuelType` a fuel alert
 * ("regular under $3.20"), named by its fuel, always at a target.
 */
export const PriceAlertSchema = v.variant(
	"fuelType",
	[
		v.object({
			fuelType: v.optional(v.null(), null),
			productName: ProductNameSchema,
			categoryId: OptionalCategorySchema,
			targetPrice: ProductTargetSchema,
			...common,
		}),
		v.object({
			fuelType: v.picklist(FUEL_TYPES, FUEL_MESSAGE),
			// A fuel alert is named by its fuel; any name or category sent along is not used.
			productName: v.optional(v.unknown()),
			categoryId: v.optional(v.unknown()),
			targetPrice: TargetPriceSchema,
			...common,
		}),
	],
	FUEL_MESSAGE,
);
export type PriceAlertInput = v.InferOutput<typeof PriceAlertSchema>;

/**
 * PATCH /api/price-alerts/:id: any of the creation's fields, each checked as creation checks it (with its
 * messages); a field left out keeps the alert's value. `fuelType: null` turns a fuel alert into a product
 * alert, which then needs a product name; `zipCode: null` moves the alert to the user's own zip.
 */
export const PriceAlertPatchSchema = v.pipe(
	v.object({
		fuelType: v.optional(v.nullable(v.picklist(FUEL_TYPES, FUEL_MESSAGE))),
		productName: v.optional(ProductNameSchema),
		categoryId: v.optional(OptionalCategorySchema),
		// null is "any price", which only a product alert can be: the merge with the alert checks that.
		targetPrice: v.optional(v.nullable(TargetPriceSchema)),
		zipCode: v.optional(common.zipCode),
		scope: v.optional(v.picklist(ALERT_SCOPES, 'Where must be "near" or "spots"')),
	}),
	v.check((patch) => Object.values(patch).some((value) => value !== undefined), NOTHING_TO_CHANGE_MESSAGE),
);
export type PriceAlertPatch = v.InferOutput<typeof PriceAlertPatchSchema>;

/** GET /api/events: where a new stream starts (a tab taking the stream over from another names the last hit it saw). */
export const EventsQuerySchema = v.object({
	lastEventId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}$/, "lastEventId must be the id of a price alert hit"))),
});
