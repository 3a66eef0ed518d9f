/**
 * Reading an import's file: JSON lines one at a time (Open Prices' dump is large, and gzipped as published),
 * or a whole JSON document (an Overpass export of a town is small).
 */
import { closeSync, createReadStream, openSync, readSync, statSync } from "node:fs";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { createGunzip, gunzipSync } from "node:zlib";

/** The file cannot be read as the import needs it (missing, a folder, not JSON). */
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

/** A line of a JSON-lines file: its number (from 1) and its value, or why it is not JSON. */
export type JsonLine = { line: number; value: unknown } | { line: number; error: string };

/** The file's lines as JSON values, one at a time, blank lines skipped; gzip is read through. */
export async function* jsonLines(path: string): AsyncGenerator<JsonLine> {
	checkFile(path);
	let input: Readable = createReadStream(path);
	if (isGzip(path)) input = input.pipe(createGunzip());
	const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
	let number = 0;
	try {
		for await (const text of lines) {
			number++;
			if (text.trim() === "") continue;
			try {
				yield { line: number, value: JSON.parse(text) };
			} catch (error) {
				yield { line: number, error: (error as Error).message };
			}
		}
	} catch (error) {
		throw new ImportFileError(`could not read ${path} past line ${number}: ${(error as Error).message}`);
	} finally {
		lines.close();
		input.destroy();
	}
}

/** The whole file as one JSON document (gzip read through). */
export async function jsonDocument(path: string): Promise<unknown> {
	checkFile(path);
	const bytes = new Uint8Array(await Bun.file(path).arrayBuffer());
	const text = new TextDecoder().decode(bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes);
	try {
		return JSON.parse(text);
	} catch (error) {
		throw new ImportFileError(`${path} is not a JSON document: ${(error as Error).message}`);
	}
}
