import { isUsZip } from "../../src/lib/zip-known.ts";

export const POSTAL_CODE_HINT = "Outside the US: you'll see prices reported with this exact postal code.";

/**
 * The hint under a zip input once what is typed is not a US ZIP: such a code is near nothing but itself, and
 * the shopper should know before relying on it.
 */
export const postalCodeHint = (typed: string): string | undefined =>
	typed.trim() !== "" && !isUsZip(typed) ? POSTAL_CODE_HINT : undefined;
