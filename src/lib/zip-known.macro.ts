/**
 * A bundle-time macro (imported `with { type: "macro" }` by zip-known.ts): Bun runs it while it transpiles or
 * bundles and puts the text it answers in its place, so a browser knows which ZIPs exist without the table.
 */
import table from "./zip-places.txt" with { type: "text" };

/**
 * The ZIPs the table (zip-places.ts) places, as text that needs no decoding: ZIP n is bit n % 6 of character
 * n / 6, whose code is 63 ("?", none of its six) plus its bits. zip-known.ts reads it so; its test reads
 * every ZIP against the table.
 */
export function placedZipsText(): string {
	const bits = new Uint8Array(Math.ceil(100_000 / 6));
	for (const [zip] of table.matchAll(/^\d{5}(?= )/gm)) {
		const n = Number(zip);
		bits[Math.floor(n / 6)]! |= 1 << (n % 6);
	}
	return String.fromCharCode(...Array.from(bits, (b) => b + 63));
}
