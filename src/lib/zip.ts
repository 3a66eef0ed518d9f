/**
 * Proximity by zip code (spec §1): within 20 zip codes means a numeric distance of at most 20 between
 * 5-digit zips ("10001" and "10001-1234" both count as 10001). A zip that is not numeric matches only itself.
 */
export const ZIP_RADIUS = 20;

const US_ZIP = /^(\d{5})(?:-?\d{4})?$/;

/** The 5-digit zip as a number, or null for a zip that is not a US zip. */
export function zipNumber(zip: string): number | null {
	const match = US_ZIP.exec(zip.trim());
	return match ? Number(match[1]) : null;
}

/** The zip as one search token: "z10001", or "x" + its letters and digits for any other postal code. */
export function locToken(zip: string): string {
	const n = zipNumber(zip);
	if (n !== null) return `z${String(n).padStart(5, "0")}`;
	return `x${zip.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "")}`;
}

/** Every location token within the radius of a zip (41 for a US zip, the zip itself otherwise). */
export function locTokensNear(zip: string, radius = ZIP_RADIUS): string[] {
	const n = zipNumber(zip);
	if (n === null) return [locToken(zip)];
	const tokens: string[] = [];
	for (let z = Math.max(0, n - radius); z <= Math.min(99999, n + radius); z++) {
		tokens.push(`z${String(z).padStart(5, "0")}`);
	}
	return tokens;
}

/**
 * The same window as one range of tokens, first and last: US tokens are "z" and five digits, so the tokens
 * between two of them are exactly the zips between (one index range instead of 41 seeks).
 */
export function locTokenRange(zip: string, radius = ZIP_RADIUS): [string, string] {
	const n = zipNumber(zip);
	if (n === null) return [locToken(zip), locToken(zip)];
	const token = (z: number) => `z${String(z).padStart(5, "0")}`;
	return [token(Math.max(0, n - radius)), token(Math.min(99999, n + radius))];
}

/** Zip distance for sorting: numeric for US zips, 0 for the same postal code otherwise. */
export function zipDistance(from: string, to: string): number {
	const a = zipNumber(from);
	const b = zipNumber(to);
	if (a === null || b === null) return locToken(from) === locToken(to) ? 0 : Number.POSITIVE_INFINITY;
	return Math.abs(a - b);
}
