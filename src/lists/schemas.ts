/**
 * Shopping lists' schemas, shared by the server, its contract and the web's forms. Pure valibot: the limits a
 * shopper meets are here, so the form and the server say the same thing.
 */
import * as v from "valibot";
import { idFromInput, optionalBarcode, optionalPlaceZip, optionalZip } from "../lib/fields.ts";
import { parseDecimal } from "../lib/money.ts";
import { optionalSize } from "../lib/sizes.ts";

export const MAX_LISTS_PER_USER = 50;
export const MAX_ITEMS_PER_LIST = 100;
export const MAX_ITEM_QUANTITY = 99;
export const LIST_NAME_MAX_LENGTH = 60;
export const ITEM_NAME_MAX_LENGTH = 120;

export const LIST_NOT_FOUND = "List not found";
export const ITEM_NOT_FOUND = "Item not found";
export const LIST_NAME_REQUIRED = "Give the list a name";
export const ITEM_WHAT_REQUIRED = "Say what to buy: a product's name or its barcode";
export const TOO_MANY_LISTS = `You can keep at most ${MAX_LISTS_PER_USER} lists; delete one first`;
export const TOO_MANY_ITEMS = `A list holds at most ${MAX_ITEMS_PER_LIST} items; tick off or remove some first`;
export const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_ITEM_QUANTITY}`;
export const NOTHING_TO_CHANGE = "Nothing to change: send a name, a quantity, a size or ticked";

const listName = v.pipe(
	v.string("Name must be text"),
	v.trim(),
	v.nonEmpty(LIST_NAME_REQUIRED),
	v.maxLength(LIST_NAME_MAX_LENGTH, `Name must be at most ${LIST_NAME_MAX_LENGTH} characters`),
);
const itemName = v.pipe(
	v.string("Name must be text"),
	v.trim(),
	v.maxLength(ITEM_NAME_MAX_LENGTH, `Name must be at most ${ITEM_NAME_MAX_LENGTH} characters`),
);
const quantity = v.pipe(
	v.union([v.number(), v.string()], QUANTITY_MESSAGE),
	v.transform((value) => Number(value)),
	v.integer(QUANTITY_MESSAGE),
	v.minValue(1, QUANTITY_MESSAGE),
	v.maxValue(MAX_ITEM_QUANTITY, QUANTITY_MESSAGE),
);
const categoryId = v.pipe(
	v.optional(v.nullable(v.union([v.number(), v.string()], "Category must be a category's id")), null),
	v.transform((value) => (value === null || String(value).trim() === "" ? null : idFromInput(value))),
	v.nullable(
		v.pipe(
			v.number(),
			v.integer("Category must be a category's id"),
			v.minValue(1, "Category must be a category's id"),
		),
	),
);

export const CreateListSchema = v.object({ name: v.optional(listName, "") });
export type CreateListInput = v.InferOutput<typeof CreateListSchema>;

export const UpdateListSchema = v.pipe(
	v.object({
		name: v.optional(listName),
		/** true: a read-only link (a new one, ending any earlier); false: private again. */
		shared: v.optional(v.boolean("shared must be true or false")),
	}),
	v.check(
		(patch) => patch.name !== undefined || patch.shared !== undefined,
		"Nothing to change: send a name or shared",
	),
);
export type UpdateListInput = v.InferOutput<typeof UpdateListSchema>;

/** An item: a product by its barcode, or by words (with the category meant, when known). */
export const AddItemSchema = v.pipe(
	v.object({
		name: v.optional(itemName, ""),
		barcode: optionalBarcode(),
		categoryId,
		quantity: v.optional(quantity, 1),
		size: optionalSize(),
	}),
	v.forward(
		v.check((item) => item.name !== "" || Boolean(item.barcode), ITEM_WHAT_REQUIRED),
		["name"],
	),
);
export type AddItemInput = v.InferOutput<typeof AddItemSchema>;

export const UpdateItemSchema = v.pipe(
	v.object({
		name: v.optional(v.pipe(itemName, v.nonEmpty(ITEM_WHAT_REQUIRED))),
		quantity: v.optional(quantity),
		size: v.optional(optionalSize()),
		ticked: v.optional(v.boolean("ticked must be true or false")),
	}),
	v.check((patch) => Object.values(patch).some((value) => value !== undefined), NOTHING_TO_CHANGE),
);
export type UpdateItemInput = v.InferOutput<typeof UpdateItemSchema>;

/** Whose neighbourhood a plan is of: the shopper's own ZIP when not given. */
export const PlanQuerySchema = v.object({ zipCode: optionalZip() });
export const NO_PLAN_ZIP_MESSAGE = "Add your zip code (or send zipCode) to plan the list near you";

export const MAX_LIST_TARGET_CENTS = 10_000_000; // the same ceiling as a reported price
export const LIST_ALERT_WHAT = "Choose what to be told: a price to go under, or when the cheapest store changes";
export const UNDER_PRICE_MESSAGE = "Under price must be an amount in dollars and cents, like 25.00";

/** "Under $X" in dollars (a number or the text of a form's field), out as cents; blank or null is no target. */
const underPrice = v.pipe(
	v.optional(v.nullable(v.union([v.number(), v.string()], UNDER_PRICE_MESSAGE)), null),
	// Not an exact amount: NaN, which the number check refuses (null would read as "no target"); a negative
	// one is told it must be over 0.
	v.transform((value) => {
		if (value === null || String(value).trim() === "") return null;
		return parseDecimal(value, 2) ?? (String(value).trim().startsWith("-") ? -1 : Number.NaN);
	}),
	v.nullable(
		v.pipe(
			v.number(UNDER_PRICE_MESSAGE),
			v.minValue(1, "Under price must be greater than 0"),
			v.maxValue(MAX_LIST_TARGET_CENTS, "Under price must be at most $100,000.00"),
		),
	),
);

/**
 * PUT /api/lists/:id/alert: near which zip (the shopper's own when left out), under what total and/or when
 * the cheapest store changes; at least one of the two.
 */
export const ListAlertSchema = v.pipe(
	v.object({
		zipCode: optionalPlaceZip(),
		underPrice,
		onCheapestChange: v.optional(v.boolean("onCheapestChange must be true or false"), false),
	}),
	v.forward(
		v.check((alert) => alert.underPrice !== null || alert.onCheapestChange, LIST_ALERT_WHAT),
		["underPrice"],
	),
);
export type ListAlertInput = v.InferOutput<typeof ListAlertSchema>;
export const NO_ALERT_ZIP_MESSAGE = "Add your zip code (or send zipCode) to say where the list's alert watches";
