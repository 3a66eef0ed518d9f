/**
 * What the price and fuel report forms share, server and web alike (pure valibot: the web's forms import it
 * through deals/schemas.ts and gas/schemas.ts): where a report counts, whether its reporter answered the quality
 * check's question, and the messages about it.
 */
import * as v from "valibot";
import { optionalPlaceZip } from "../lib/fields.ts";

export const VACATION_ZIP_MESSAGE = "Please enter the zip code where you found this deal.";
export const NO_ZIP_MESSAGE = "Set your zip code before reporting a price.";

/** Vacation mode: the report counts in the zip the shopper types, not their own (then required). */
export const vacationEntries = {
	vacationMode: v.optional(v.boolean("Vacation mode must be true or false"), false),
	reportZipCode: optionalPlaceZip(),
};

/**
 * The reporter's answer to the quality check's question (decision 0072): the price is right as typed. A doubtful
 * price is then saved, as unusual, rather than asked about again.
 */
export const confirmEntries = {
	confirmUnusual: v.optional(v.boolean("confirmUnusual must be true or false"), false),
};

/**
 * The reporter's answer to the question about a place typed like one already known nearby (decision 0084):
 * it is a new one. Without it, such a report is answered 409 with the place it likely means.
 */
export const newPlaceEntries = {
	confirmNewPlace: v.optional(v.boolean("confirmNewPlace must be true or false"), false),
};

/** A key the device made for a report it kept while offline: sent again with it, the report is filed once. */
export const SEND_KEY_MESSAGE = "sendKey must be 16 to 64 letters, digits, - or _";
export const sendKeyEntries = {
	sendKey: v.optional(v.pipe(v.string(SEND_KEY_MESSAGE), v.regex(/^[A-Za-z0-9_-]{16,64}$/, SEND_KEY_MESSAGE))),
};
