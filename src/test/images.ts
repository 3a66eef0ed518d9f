/** Small real image files for the upload tests (only the headers matter to the sniffer, but these are whole). */

const fromBase64 = (b64: string) => Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
const bytes = (...parts: (string | number[])[]) =>
	Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((ch) => ch.charCodeAt(0)) : p)));

/** A 1x1 PNG. */
export const PNG = fromBase64(
	"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
);

/** A 1x1 GIF. */
export const GIF = fromBase64("R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==");

/** A JPEG's start (SOI, a JFIF APP0 segment) and end marker. */
export const JPEG = bytes(
	[0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10],
	"JFIF",
	[0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9],
);

/** A RIFF/WEBP container header with an empty VP8L chunk. */
export const WEBP = bytes("RIFF", [0x0c, 0, 0, 0], "WEBP", "VP8L", [0, 0, 0, 0]);

export const SVG = new TextEncoder().encode(
	'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
);
export const TEXT = new TextEncoder().encode("just some notes, not a photo\n");
