/**
 * Money is integer cents (or thousandths of a dollar for fuel) on the server. These helpers convert at
 * the edges, parsing decimal strings digit by digit so no float ever rounds a cent away.
 */

/** Parses "3.49", "3.5", "3", 3.49 into an integer count of 10^-decimals units, or null if not exact. */
export function parseDecimal(value: string | number, decimals: number): number | null {
	const text = typeof value === "number" ? numberToPlainString(value) : value.trim();
	const match = /^(\d{1,9})(?:\.(\d*))?$/.exec(text);
	if (!match) return null;
	const whole = match[1] ?? "0";
	const fraction = match[2] ?? "";
	if (fraction.length > decimals && /[^0]/.test(fraction.slice(decimals))) return null;
	const padded = fraction.slice(0, decimals).padEnd(decimals, "0");
	return Number(whole) * 10 ** decimals + (padded ? Number(padded) : 0);
}

function numberToPlainString(n: number): string {
	if (!Number.isFinite(n)) return "NaN";
	// toPrecision(15) undoes binary noise such as 0.1 + 0.2 = 0.30000000000000004.
	return String(Number(n.toPrecision(15)));
}

export const centsToNumber = (cents: number) => cents / 100;
/**
 * Cents as the app writes a product price in its messages, "$4.29" or "$1,299.99", as the web app does (and
 * as en-US currency formatting would, without loading ICU's locale data into a cold start).
 */
export function formatCents(cents: number) {
	const whole = Math.round(Math.abs(cents));
	const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
	return `${cents < 0 && whole > 0 ? "-" : ""}$${dollars}.${String(whole % 100).padStart(2, "0")}`;
}
export const millsToNumber = (mills: number) => mills / 1000;
/** Thousandths of a dollar as a fuel price is written, "$3.199". */
export const formatMills = (mills: number) => `$${(mills / 1000).toFixed(3)}`;
