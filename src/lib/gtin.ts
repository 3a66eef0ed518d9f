/**
 * A product's barcode as one normalised GTIN: the 13 digits of its EAN-13 form, so that the same product is the
 * same code however it was printed or typed. A UPC-A is an EAN-13 with a leading 0, a UPC-E the compressed form
 * of a UPC-A, an EAN-8 is padded with zeros as GS1 pads GTIN-8 (its allocation keeps the two apart), and a
 * GTIN-14 of a single item starts with 0. Every form's last digit is its check digit (GS1's modulo 10).
 */

/** How a code was read, when the scanner says so: an 8-digit code is an EAN-8 unless it is told it is a UPC-E. */
export type BarcodeFormat = "ean_13" | "ean_8" | "upc_a" | "upc_e";

export type GtinAnswer = { gtin: string } | { error: string };

export const BARCODE_FORMAT_MESSAGE =
	"A barcode is the 8, 12 or 13 digits under its bars (EAN-13, UPC-A, UPC-E or EAN-8)";

/** The check digit of `body` (the digits before it): weights 3 and 1 from the right. */
export function checkDigit(body: string): number {
	let sum = 0;
	for (let i = 0; i < body.length; i++) {
		const digit = body.charCodeAt(body.length - 1 - i) - 48;
		sum += i % 2 === 0 ? digit * 3 : digit;
	}
	return (10 - (sum % 10)) % 10;
}

const checks = (code: string) => checkDigit(code.slice(0, -1)) === Number(code.at(-1));

/** A UPC-E's UPC-A (12 digits), or null when its number system is not 0 or 1. */
export function upcEToUpcA(upcE: string): string | null {
	const [system, d1, d2, d3, d4, d5, d6, check] = upcE;
	if (upcE.length !== 8 || (system !== "0" && system !== "1")) return null;
	const middle =
		d6 === "0" || d6 === "1" || d6 === "2"
			? `${d1}${d2}${d6}0000${d3}${d4}${d5}`
			: d6 === "3"
				? `${d1}${d2}${d3}00000${d4}${d5}`
				: d6 === "4"
					? `${d1}${d2}${d3}${d4}00000${d5}`
					: `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
	return `${system}${middle}${check}`;
}

const wrongCheck = (typed: string, code: string) =>
	`The barcode ${typed} does not add up: its last digit, the check digit, should be ${checkDigit(code.slice(0, -1))}`;

/**
 * The normalised GTIN of a barcode as scanned or typed (spaces and hyphens between digits allowed), or the
 * reason it is not one: the wrong number of digits, or a check digit that does not match the rest.
 */
export function normalizeGtin(input: string, format?: BarcodeFormat): GtinAnswer {
	const typed = input.trim();
	const digits = typed.replace(/[\s-]/g, "");
	if (!/^\d+$/.test(digits)) return { error: BARCODE_FORMAT_MESSAGE };
	if (digits.length === 8) {
		const upcA = upcEToUpcA(digits);
		const asUpcE = upcA !== null && checks(upcA);
		if (format === "upc_e" || (format !== "ean_8" && !checks(digits) && asUpcE)) {
			if (!upcA) return { error: BARCODE_FORMAT_MESSAGE };
			return asUpcE ? { gtin: `0${upcA}` } : { error: wrongCheck(typed, upcA) };
		}
		return checks(digits) ? { gtin: `00000${digits}` } : { error: wrongCheck(typed, digits) };
	}
	const code =
		digits.length === 12
			? `0${digits}`
			: digits.length === 14 && digits.startsWith("0")
				? digits.slice(1)
				: digits.length === 13
					? digits
					: null;
	if (code === null) return { error: BARCODE_FORMAT_MESSAGE };
	return checks(code) ? { gtin: code } : { error: wrongCheck(typed, digits) };
}

/**
 * The product key of a barcode's reports (price_reports.normalized_name) and its search term: U+E001, a
 * private-use character that no query word carries, then the GTIN.
 */
export const gtinKey = (gtin: string) => `\u{E001}${gtin}`;

/** A product name of digits alone: a code shown for want of a name, which names no product. */
export const isCodeOnly = (name: string) => /^[\d\s-]+$/.test(name.trim());
