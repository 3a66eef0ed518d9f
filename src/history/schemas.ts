/** The history feature's query strings. Pure: the web's pages read the same windows from here. */
import * as v from "valibot";
import { FUEL_TYPES } from "../../db/enums.ts";
import { optionalBarcode, optionalText, optionalZip, requiredText } from "../lib/fields.ts";
import { isCodeOnly } from "../lib/gtin.ts";
import { optionalSize } from "../lib/sizes.ts";

/** The windows a product's history can be read over, in days; the default unless asked. */
export const PRODUCT_WINDOWS = [30, 90, 365] as const;
export type ProductWindow = (typeof PRODUCT_WINDOWS)[number];
export const DEFAULT_PRODUCT_WINDOW: ProductWindow = 90;
/** The windows a station's history can be read over, in days; the default unless asked. */
export const STATION_WINDOWS = [7, 30, 90] as const;
export type StationWindow = (typeof STATION_WINDOWS)[number];
export const DEFAULT_STATION_WINDOW: StationWindow = 30;
/** How many days the Gas page's area trend covers; it compares today with a week ago. */
export const TREND_DAYS = 30;

export const PRODUCT_NAME_MESSAGE = "Product name is required";
export const CATEGORY_MESSAGE = "Category is required";
const FUEL_TYPE_MESSAGE = `Fuel type must be one of ${FUEL_TYPES.join(", ")}`;

/** A window in days from a query string, one of `windows`, or `fallback` when absent. */
const windowParam = <const W extends readonly number[]>(windows: W, fallback: W[number]) =>
	v.pipe(
		v.optional(v.string(), String(fallback)),
		v.check((raw) => windows.map(String).includes(raw), `days must be one of ${windows.join(", ")}`),
		v.transform((raw) => Number(raw) as W[number]),
	);

/** A product as the history knows it: its name (compared normalised) or its barcode, and its category. */
const productFields = {
	productName: v.pipe(
		v.optional(v.string(), ""),
		v.trim(),
		v.maxLength(200, "Product name must be at most 200 characters"),
	),
	/** The product's barcode: its prices whatever their names; the name is then the one to show. */
	barcode: optionalBarcode(),
	categoryId: v.pipe(
		v.optional(v.string(), ""),
		v.nonEmpty(CATEGORY_MESSAGE),
		v.regex(/^\d{1,9}$/, "Category must be a category's id"),
		v.transform(Number),
	),
	/** Whose neighbourhood: the shopper's own zip when not given (vacation mode passes its zip). */
	zipCode: optionalZip(),
};

/** A name or a barcode: one of them says which product. */
const NAME_OR_BARCODE: [["productName"], ["barcode"]] = [["productName"], ["barcode"]];

export const ProductHistoryQuerySchema = v.pipe(
	v.object({ ...productFields, days: windowParam(PRODUCT_WINDOWS, DEFAULT_PRODUCT_WINDOW) }),
	v.forward(
		v.partialCheck(
			NAME_OR_BARCODE,
			(query) => query.productName !== "" || Boolean(query.barcode),
			PRODUCT_NAME_MESSAGE,
		),
		["productName"],
	),
);
export type ProductHistoryQuery = v.InferOutput<typeof ProductHistoryQuerySchema>;

export const LastPaidQuerySchema = v.pipe(
	v.object(productFields),
	v.forward(
		v.partialCheck(
			NAME_OR_BARCODE,
			(query) => query.productName !== "" || Boolean(query.barcode),
			PRODUCT_NAME_MESSAGE,
		),
		["productName"],
	),
);
export type LastPaidQuery = v.InferOutput<typeof LastPaidQuerySchema>;

export const StationHistoryQuerySchema = v.object({
	/** One fuel's history; every fuel reported at the station when not given. */
	fuelType: v.optional(v.picklist(FUEL_TYPES, FUEL_TYPE_MESSAGE)),
	days: windowParam(STATION_WINDOWS, DEFAULT_STATION_WINDOW),
	/** Where the distance is measured from: the shopper's own zip when not given. */
	zipCode: optionalZip(),
});
export type StationHistoryQuery = v.InferOutput<typeof StationHistoryQuerySchema>;

export const AreaTrendQuerySchema = v.object({
	/** The shopper's preferred fuel when not given. */
	fuelType: v.optional(v.picklist(FUEL_TYPES, FUEL_TYPE_MESSAGE)),
});

export const CODE_ONLY_NAME_MESSAGE = "A product's name needs words, not only digits";

/** A shopper's correction of a barcode's product: its name, and its brand and size (blank: none). */
export const ProductDetailsSchema = v.object({
	name: v.pipe(
		requiredText(PRODUCT_NAME_MESSAGE, 120, "Product name"),
		v.check((name) => !isCodeOnly(name), CODE_ONLY_NAME_MESSAGE),
	),
	brand: optionalText(80, "Brand"),
	size: optionalSize(),
});
export type ProductDetailsInput = v.InferOutput<typeof ProductDetailsSchema>;
