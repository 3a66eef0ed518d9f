/**
 * How much one import reads (decision 0075): a bound on the bytes a file holds once decompressed, on one
 * line of JSON lines, and on a JSON document read whole. Generous: Open Prices' whole daily dump is well
 * inside them, while a gzip bomb or a file with no line breaks is refused before it exhausts memory.
 * `commoncents import --max-bytes N --max-line-bytes N` raises or lowers them for one run.
 */

export type ImportLimits = {
	/** Bytes of one file once decompressed (read in a stream, never held whole). */
	maxBytes: number;
	/** Bytes of one line of a JSON-lines file (held whole while it is parsed). */
	maxLineBytes: number;
	/** Bytes of a JSON document read whole (an OpenStreetMap export), once decompressed. */
	maxDocumentBytes: number;
};

const KIB = 1024;
const MIB = 1024 * KIB;
const GIB = 1024 * MIB;

/** Far above a whole Open Prices dump; a bomb stops here after a minute's reading at most. */
export const MAX_IMPORT_BYTES = 8 * GIB;
/** An Open Prices line with its product and location objects is a few KiB. */
export const MAX_LINE_BYTES = 1 * MIB;
/** A whole state's shops and stations from Overpass fit; the document is parsed in memory. */
export const MAX_DOCUMENT_BYTES = 512 * MIB;

export const DEFAULT_LIMITS: ImportLimits = {
	maxBytes: MAX_IMPORT_BYTES,
	maxLineBytes: MAX_LINE_BYTES,
	maxDocumentBytes: MAX_DOCUMENT_BYTES,
};

const UNITS = { "": 1, k: KIB, kib: KIB, m: MIB, mib: MIB, g: GIB, gib: GIB } as const;

/** "8GiB", "512m", "4096": bytes, or null when it is not a size. */
export function parseSize(text: string): number | null {
	const match = /^(\d+)\s*([a-z]*)$/i.exec(text.trim());
	if (!match) return null;
	const unit = UNITS[(match[2] ?? "").toLowerCase() as keyof typeof UNITS];
	if (unit === undefined) return null;
	const bytes = Number(match[1]) * unit;
	return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : null;
}

/** A size as a person reads it: "8 GiB", "1 MiB", "100 bytes". */
export function sizeOf(bytes: number): string {
	for (const [unit, size] of [
		["GiB", GIB],
		["MiB", MIB],
		["KiB", KIB],
	] as const)
		if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
	return `${bytes} bytes`;
}
