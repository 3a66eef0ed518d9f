/** valibot building blocks shared by the feature schemas (and their web forms). Pure: no server code. */
import * as v from "valibot";
import { normalizeGtin } from "./gtin.ts";
import { parseDecimal } from "./money.ts";
import { zipResolves } from "./zip-known.ts";

/** Required text: a missing key reads as "" so it fails with the field's own "X is required". */
export const requiredText = (message: string, max: number, label: string) =>
	v.optional(
		v.pipe(
			v.string(message),
			v.trim(),
			v.nonEmpty(message),
			v.maxLength(max, `${label} must be at most ${max} characters`),
		),
		"",
	);

/** Optional text: missing, null or blank is null; otherwise trimmed and capped. */
export const optionalText = (max: number, label: string) =>
	v.pipe(
		v.optional(v.nullable(v.string(`${label} must be text`)), null),
		v.transform((value) => value?.trim() || null),
		v.nullable(v.pipe(v.string(), v.maxLength(max, `${label} must be at most ${max} characters`))),
	);

/**
 * A required amount of money, as a number or a decimal string, out as exact integer units of 10^-decimals
 * dollars; anything inexact, zero, negative or over `max` is refused with the given messages.
 */
export const requiredAmount = (o: { decimals: number; max: number; inexact: string; tooHigh: string }) =>
	v.pipe(
		v.optional(v.union([v.number(), v.string()], "Price is required"), ""),
		v.check((value) => String(value).trim() !== "", "Price is required"),
		v.transform((value) => parseDecimal(value, o.decimals)),
		v.nullable(v.number()),
		v.check((units): units is number => units !== null, o.inexact),
		v.transform((units) => units as number),
		v.minValue(1, "Price must be greater than 0"),
		v.maxValue(o.max, o.tooHigh),
	);

/**
 * An id sent as a number or as the text of a form's select: only digits count ("0x1" and "1e0" are not 1,
 * as Number() would have them); anything else is NaN, which the integer check refuses.
 */
export const idFromInput = (value: number | string) =>
	typeof value === "number" ? value : /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;

export const ZIP_MAX_LENGTH = 10;
/** US zips and other postal codes ("SW1A 1AA", "K1A 0B1"): letters, digits, spaces and hyphens. */
const ZIP_CHARACTERS = /^[\p{L}\p{N} -]*$/u;
export const zipCharacters = (label = "Zip code") =>
	v.regex(ZIP_CHARACTERS, `${label} may only contain letters, digits, spaces and hyphens`);

/** An optional zip: missing, null or blank is null; otherwise trimmed, capped and of postal-code characters. */
export const optionalZip = (label = "Zip code") =>
	v.pipe(optionalText(ZIP_MAX_LENGTH, label), v.nullable(v.pipe(v.string(), zipCharacters(label))));

export const unknownZipMessage = (zip: string) =>
	`We can't find ZIP code ${zip}. Check the number, or use your 5-digit US ZIP code.`;

/**
 * Where a shopper types a place (their home, a report's, a station's, an alert's): a 5-digit ZIP must be
 * one the ZIP table places, or it would be near nothing; any other postal code matches only itself.
 */
export const zipThatResolves = () =>
	v.check<string, (issue: v.CheckIssue<string>) => string>(zipResolves, (issue) => unknownZipMessage(issue.input));

/** optionalZip, for a place the shopper types: a 5-digit ZIP must resolve. */
export const optionalPlaceZip = (label = "Zip code") =>
	v.pipe(optionalZip(label), v.nullable(v.pipe(v.string(), zipThatResolves())));

export const PASSWORD_MIN_LENGTH = 8;
/** The special characters §5 names. */
export const PASSWORD_SPECIAL_CHARACTERS = /[!@#$%^&*(),.?":{}|<>]/;

/**
 * A field the client may leave out: a missing key is read as "" so that it fails with the field's own
 * "X is required" message instead of a generic "invalid key".
 */
export const presentOrBlank = <S extends v.GenericSchema<string, unknown>>(schema: S) => v.optional(schema, "");

/** The §5 password rules, each with its own message. */
export const passwordRules = <const M extends string>(requiredMessage: M) =>
	v.pipe(
		v.string(requiredMessage),
		v.nonEmpty(requiredMessage),
		v.minLength(PASSWORD_MIN_LENGTH, "Password must be at least 8 characters long"),
		v.maxLength(256, "Password must be at most 256 characters long"),
		v.regex(/[A-Z]/, "Password must contain at least one uppercase letter"),
		v.regex(/[a-z]/, "Password must contain at least one lowercase letter"),
		v.regex(PASSWORD_SPECIAL_CHARACTERS, "Password must contain at least one special character"),
	);

/** A barcode as scanned or typed, normalised to its GTIN (src/lib/gtin.ts); absent, null or blank is none. */
export const optionalBarcode = () =>
	v.optional(
		v.pipe(
			v.nullable(v.string("A barcode must be text")),
			v.rawTransform(({ dataset, addIssue, NEVER }): string | null => {
				const typed = (dataset.value ?? "").trim();
				if (typed === "") return null;
				const answer = normalizeGtin(typed);
				if ("gtin" in answer) return answer.gtin;
				addIssue({ message: answer.error });
				return NEVER;
			}),
		),
	);
