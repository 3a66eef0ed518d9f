/**
 * Reading an import's file: JSON lines one at a time (Open Prices' dump is large, and gzipped as published),
 * or a whole JSON document (an Overpass export of a town is small). Every read is bounded (import-limits.ts):
 * a gzip bomb or a line with no end is refused by name before it can exhaust memory.
 */
import { closeSync, createReadStream, openSync, readSync, statSync } from "node:fs";
import type { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { DEFAULT_LIMITS, type ImportLimits, sizeOf } from "./import-limits.ts";

/** The file cannot be read as the import needs it (missing, a folder, not JSON, past a limit). */
export class ImportFileError extends Error {}

/** Whether the file starts with gzip's magic bytes, whatever its name says. */
function isGzip(path: string): boolean {
	const fd = openSync(path, "r");
	try {
		const head = Buffer.alloc(2);
		return readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
	} finally {
		closeSync(fd);
	}
}

/** Refuses a path that is not a file, before anything is opened or written. */
export function checkFile(path: string) {
	let stat: ReturnType<typeof statSync>;
	try {
		stat = statSync(path);
	} catch {
		throw new ImportFileError(`there is no file at ${path}`);
	}
	if (stat.isDirectory()) throw new ImportFileError(`${path} is a folder; name a file in it`);
}

/**
 * The file's bytes as read (gzip read through), chunk by chunk, refused once they pass `maxBytes`: the
 * gunzip is streamed, so a bomb is stopped at the budget, never expanded whole.
 */
async function* bytesOf(path: string, maxBytes: number, tooMuch: () => string): AsyncGenerator<Buffer> {
	checkFile(path);
	const file = createReadStream(path);
	const input: Readable = isGzip(path) ? file.pipe(createGunzip()) : file;
	let total = 0;
	try {
		for await (const chunk of input as AsyncIterable<Buffer>) {
			total += chunk.length;
			if (total > maxBytes) throw new ImportFileError(tooMuch());
			yield chunk;
		}
	} catch (error) {
		if (error instanceof ImportFileError) throw error;
		throw new ImportFileError(`could not read ${path}: ${(error as Error).message}`);
	} finally {
		input.destroy();
		file.destroy();
	}
}

const tooMuch = (path: string, limits: ImportLimits) =>
	`${path} holds more than ${sizeOf(limits.maxBytes)} once decompressed, the most one import reads; ` +
	"nothing was imported (split the file, or raise --max-bytes)";

const tooLong = (path: string, line: number, limits: ImportLimits) =>
	new ImportFileError(
		`line ${line} of ${path} is longer than ${sizeOf(limits.maxLineBytes)}, the longest line an import reads; ` +
			"nothing was imported (raise --max-line-bytes if the file is right)",
	);

/**
 * The file's lines as text (a final CR dropped), each refused past `maxLineBytes`: a line is never held
 * beyond the cap, however long it runs without a line break.
 */
async function* textLines(path: string, limits: ImportLimits): AsyncGenerator<string> {
	const decoder = new TextDecoder();
	let pending: Buffer[] = [];
	let pendingBytes = 0;
	let number = 0;
	const take = (tail: Buffer) => {
		const line = pending.length === 0 ? tail : Buffer.concat([...pending, tail]);
		pending = [];
		pendingBytes = 0;
		number++;
		const end = line.at(-1) === 0x0d ? line.length - 1 : line.length;
		return decoder.decode(line.subarray(0, end));
	};
	for await (const chunk of bytesOf(path, limits.maxBytes, () => tooMuch(path, limits))) {
		let start = 0;
		for (let newline = chunk.indexOf(0x0a); newline >= 0; newline = chunk.indexOf(0x0a, start)) {
			if (pendingBytes + newline - start > limits.maxLineBytes) throw tooLong(path, number + 1, limits);
			yield take(chunk.subarray(start, newline));
			start = newline + 1;
		}
		const rest = chunk.subarray(start);
		pendingBytes += rest.length;
		if (pendingBytes > limits.maxLineBytes) throw tooLong(path, number + 1, limits);
		if (rest.length > 0) pending.push(rest);
	}
	if (pendingBytes > 0) yield take(Buffer.alloc(0));
}

/**
 * Reads the whole file through the limits without keeping it: an import calls this for each of its files
 * before its first write, so a file past a limit is refused with nothing imported.
 */
export async function checkBounds(path: string, limits: ImportLimits = DEFAULT_LIMITS) {
	let number = 0;
	let run = 0;
	for await (const chunk of bytesOf(path, limits.maxBytes, () => tooMuch(path, limits))) {
		let start = 0;
		for (let newline = chunk.indexOf(0x0a); newline >= 0; newline = chunk.indexOf(0x0a, start)) {
			if (run + newline - start > limits.maxLineBytes) throw tooLong(path, number + 1, limits);
			number++;
			run = 0;
			start = newline + 1;
		}
		run += chunk.length - start;
		if (run > limits.maxLineBytes) throw tooLong(path, number + 1, limits);
	}
}

/** A line of a JSON-lines file: its number (from 1) and its value, or why it is not JSON. */
export type JsonLine = { line: number; value: unknown } | { line: number; error: string };

/** The file's lines as JSON values, one at a time, blank lines skipped; gzip is read through. */
export async function* jsonLines(path: string, limits: ImportLimits = DEFAULT_LIMITS): AsyncGenerator<JsonLine> {
	let number = 0;
	for await (const text of textLines(path, limits)) {
		number++;
		if (text.trim() === "") continue;
		try {
			yield { line: number, value: JSON.parse(text) };
		} catch (error) {
			yield { line: number, error: (error as Error).message };
		}
	}
}

/** The whole file as one JSON document (gzip read through), refused past the document's own limit. */
export async function jsonDocument(path: string, limits: ImportLimits = DEFAULT_LIMITS): Promise<unknown> {
	const tooMuch = () =>
		`${path} holds more than ${sizeOf(limits.maxDocumentBytes)} once decompressed, the largest JSON document ` +
		"an import reads whole; nothing was imported (export a smaller area)";
	const chunks: Buffer[] = [];
	for await (const chunk of bytesOf(path, limits.maxDocumentBytes, tooMuch)) chunks.push(chunk);
	const text = new TextDecoder().decode(Buffer.concat(chunks));
	try {
		return JSON.parse(text);
	} catch (error) {
		throw new ImportFileError(`${path} is not a JSON document: ${(error as Error).message}`);
	}
}
