/** Reading a source's records, which are anybody's JSON: objects, text and numbers, whatever was written. */

export type Raw = Record<string, unknown>;

export const isObject = (value: unknown): value is Raw =>
	typeof value === "object" && value !== null && !Array.isArray(value);

/** Trimmed text (a number as its digits), or null for blank, missing or anything else. */
export const text = (value: unknown): string | null =>
	typeof value === "string" && value.trim() !== "" ? value.trim() : typeof value === "number" ? String(value) : null;

/** A finite number, given as one or as text; else null. */
export const number = (value: unknown): number | null => {
	const n = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : Number.NaN;
	return Number.isFinite(n) ? n : null;
};

/**
 * Text from a file made safe to print on a terminal: control characters (an escape sequence could rewrite
 * the screen or the title, a line break fake a line) each shown as "?".
 */
export const printable = (line: string) => line.replace(/\p{Cc}/gu, "?");
