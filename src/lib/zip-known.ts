/**
 * What a typed zip is, for forms and handlers alike (pure: the web imports it through lib/fields.ts): a US
 * ZIP or another postal code, and whether a US ZIP is one the ZIP table places (src/lib/zip.ts). The table
 * itself stays on the server; this module carries only which ZIPs it holds, made from it at bundle time.
 */
import { placedZipsText } from "./zip-known.macro.ts" with { type: "macro" };

/** A US ZIP: five digits, with or without its four more ("10001-1234", "100011234"). */
export const US_ZIP = /^(\d{5})(?:-?\d{4})?$/;

const PLACED = placedZipsText();

/** Whether the text is a US ZIP (else it is some other postal code, which matches only itself). */
export const isUsZip = (zip: string): boolean => US_ZIP.test(zip.trim());

/** Whether a 5-digit ZIP number is one the ZIP table places. */
export function isPlacedZip(zip: number): boolean {
	const code = PLACED.charCodeAt(Math.floor(zip / 6));
	return Number.isInteger(zip) && zip >= 0 && ((code - 63) >> (zip % 6)) % 2 === 1;
}

/** A typed zip the app can place: any postal code that is not a US ZIP, or a US ZIP the table knows. */
export function zipResolves(zip: string): boolean {
	const match = US_ZIP.exec(zip.trim());
	return match === null || isPlacedZip(Number(match[1]));
}
