/**
 * Gas schemas (spec §3 "Gas report", §5), shared by the server and the Report Price modal.
 * Pure valibot. Fuel prices leave as exact integer thousandths of a dollar (mills), DEF prices as cents.
 */
import * as v from "valibot";
import { FUEL_TYPES } from "../../db/enums.ts";
import { optionalPlaceZip, requiredAmount, requiredText } from "../lib/fields.ts";
import { parseDecimal } from "../lib/money.ts";
import { MAX_AREAS, NEAREST_AREAS } from "../lib/near-areas.ts";
import { fuelPaymentEntry } from "../lib/price-terms.ts";
import {
	confirmEntries,
	newPlaceEntries,
	sendKeyEntries,
	VACATION_ZIP_MESSAGE,
	vacationEntries,
} from "../reports/schemas.ts";

export { FUEL_TYPES, VACATION_ZIP_MESSAGE };
/** decimal(6,3) holds up to $999.999; the quality check keeps real prices far below. */
export const MAX_PRICE_MILLS = 999_999;
/** DEF is a few dollars a gallon; $100 already means a slipped decimal. */
export const MAX_DEF_CENTS = 9_999;
export const DEF_DIESEL_ONLY_MESSAGE = "DEF price applies to diesel only";
export const FUEL_TYPE_MESSAGE = `Fuel type must be one of ${FUEL_TYPES.join(", ")}`;
export const RECENT_REPORTS_DEFAULT = 20;
export const RECENT_REPORTS_MAX = 50;

/** "3.459", 3.459, "3.5" → 3459 mills; inexact (a fourth decimal), zero, negative or absurd is refused. */
export const FuelPriceSchema = requiredAmount({
	decimals: 3,
	max: MAX_PRICE_MILLS,
	inexact: "Price must be an amount in dollars with at most 3 decimals, like 3.459",
	tooHigh: "Price must be at most $999.999",
});

/** Optional: missing, null or blank is "not given"; otherwise dollars and cents per gallon. */
export const DefPriceSchema = v.pipe(
	v.optional(v.nullable(v.union([v.number(), v.string()], "DEF price must be a number")), null),
	v.transform((value) =>
		value === null || String(value).trim() === "" ? null : (parseDecimal(value, 2) ?? Number.NaN),
	),
	v.nullable(
		v.pipe(
			// NaN (an inexact amount) fails here, with this message.
			v.number("DEF price must be an amount in dollars and cents, like 3.49"),
			v.minValue(1, "DEF price must be greater than 0"),
			v.maxValue(MAX_DEF_CENTS, "DEF price must be at most $99.99"),
		),
	),
);

export const FuelTypeSchema = v.pipe(
	v.optional(v.string(FUEL_TYPE_MESSAGE), ""),
	v.check((value) => value !== "", "Fuel type is required"),
	v.picklist(FUEL_TYPES, FUEL_TYPE_MESSAGE),
);

export const GasReportSchema = v.pipe(
	v.object({
		stationName: requiredText("Station name is required", 120, "Station name"),
		stationAddress: requiredText("Station address is required", 200, "Station address"),
		stationZipCode: optionalPlaceZip("Station zip code"),
		price: FuelPriceSchema,
		fuelType: FuelTypeSchema,
		defPrice: DefPriceSchema,
		...fuelPaymentEntry,
		...vacationEntries,
		...confirmEntries,
		...newPlaceEntries,
		...sendKeyEntries,
	}),
	v.forward(
		v.partialCheck(
			[["vacationMode"], ["reportZipCode"]],
			(input) => !input.vacationMode || Boolean(input.reportZipCode),
			VACATION_ZIP_MESSAGE,
		),
		["reportZipCode"],
	),
	v.forward(
		v.partialCheck(
			[["fuelType"], ["defPrice"]],
			(input) => input.defPrice === null || input.fuelType === "diesel",
			DEF_DIESEL_ONLY_MESSAGE,
		),
		["defPrice"],
	),
);
export type GasReportInput = v.InferOutput<typeof GasReportSchema>;

/**
 * How the nearby stations are ordered: nearest first (the default), cheapest first for the fuel, or the
 * biggest saving once the drive there and back is paid for ("worth the drive").
 */
export const STATION_SORTS = ["distance", "price", "savings"] as const;
export type StationSort = (typeof STATION_SORTS)[number];
export const STATION_SORT_MESSAGE = `Sort must be one of ${STATION_SORTS.join(", ")}`;
/** A nearby view for a shopper with no zip on their profile; the station and area histories answer the same. */
export const NO_GAS_ZIP_MESSAGE = "Set your zip code to see fuel prices near you.";

/**
 * Which fuel the nearby list compares, the user's preferred fuel when not given; its order; and how many ZIP
 * areas around the shopper's own it lists: 20, or more to reach a quiet town's nearest stations (as search's).
 */
export const NearbyQuerySchema = v.object({
	fuelType: v.optional(v.picklist(FUEL_TYPES, FUEL_TYPE_MESSAGE)),
	sort: v.optional(v.picklist(STATION_SORTS, STATION_SORT_MESSAGE), "distance"),
	areas: v.pipe(
		v.optional(v.string(), String(NEAREST_AREAS)),
		v.regex(/^\d{1,6}$/, "areas must be a whole number"),
		v.transform(Number),
		v.minValue(NEAREST_AREAS, `areas must be at least ${NEAREST_AREAS}`),
		v.maxValue(MAX_AREAS, `areas must be at most ${MAX_AREAS}`),
	),
});

/** `limit` defaults to 20; more than 50 is read as 50 (a cap, not an error). */
export const RecentReportsQuerySchema = v.object({
	limit: v.pipe(
		v.optional(v.string(), String(RECENT_REPORTS_DEFAULT)),
		v.regex(/^\d{1,6}$/, "limit must be a whole number"),
		v.transform(Number),
		v.minValue(1, "limit must be at least 1"),
		v.transform((n) => Math.min(n, RECENT_REPORTS_MAX)),
	),
});
