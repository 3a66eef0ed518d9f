/**
 * Files uploaded for a running server to import (decision 0085), kept in DATA_DIR/imports for the binary's
 * user only. A file comes in pieces, each one request under the server's request-size limit, appended in
 * order: the limit stays what keeps every other route safe, and a sender sees its progress piece by piece.
 * A job removes its files when it ends; a file nobody imported is removed a day later, at the next upload.
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { badRequest, conflict, HttpError, notFound } from "../lib/http.ts";
import { DAY_MS } from "../lib/time.ts";

import { IMPORT_PIECE_BYTES, MAX_IMPORT_UPLOAD_BYTES } from "./schemas.ts";

const MIB = 1024 * 1024;

/** What an upload is named: a random prefix (nobody can guess another's) and its own name made safe. */
const STORED_NAME = /^[0-9a-f]{16}-[A-Za-z0-9._-]{1,80}$/;

export const importsDir = (dataDir: string) => join(dataDir, "imports");

/** The path of an uploaded file, or null when there is none by that name. */
export function uploadedPath(dataDir: string, file: string): string | null {
	if (!STORED_NAME.test(file)) return null;
	const path = join(importsDir(dataDir), file);
	return existsSync(path) ? path : null;
}

const safeName = (name: string) =>
	basename(name)
		.replace(/[^A-Za-z0-9._-]/g, "_")
		.replace(/^\.+/, "")
		.slice(-80) || "upload";

export type Piece = { name: string; file?: string; offset: number };

/**
 * Stores one piece: without `file`, the first piece of a new file (at offset 0); else the piece that follows
 * what `file` holds (409 when the offset is not its size: a piece lost or sent twice). Synchronous, so two
 * pieces of one file never interleave. Answers the file's name and the bytes it holds.
 */
export function receivePiece(dataDir: string, piece: Piece, bytes: Uint8Array, keep: ReadonlySet<string> = new Set()) {
	if (bytes.byteLength === 0) throw badRequest("The piece is empty");
	if (bytes.byteLength > IMPORT_PIECE_BYTES) throw tooLarge(`a piece is at most ${IMPORT_PIECE_BYTES / MIB} MiB`);
	const dir = importsDir(dataDir);
	if (piece.file === undefined) {
		if (piece.offset !== 0) throw conflict("A new file starts at offset 0");
		mkdirSync(dir, { recursive: true, mode: 0o700 });
		sweep(dir, keep);
		const file = `${encodeHexLowerCase(crypto.getRandomValues(new Uint8Array(8)))}-${safeName(piece.name)}`;
		writeFileSync(join(dir, file), bytes, { mode: 0o600, flag: "wx" });
		return { file, bytes: bytes.byteLength };
	}
	const path = uploadedPath(dataDir, piece.file);
	if (!path) throw notFound(`No uploaded file named ${piece.file}`);
	const held = statSync(path).size;
	if (piece.offset !== held) throw conflict(`The file holds ${held} bytes: send the piece at offset ${held}`);
	if (held + bytes.byteLength > MAX_IMPORT_UPLOAD_BYTES) {
		rmSync(path, { force: true });
		throw tooLarge(
			`a file is at most ${MAX_IMPORT_UPLOAD_BYTES / MIB} MiB; import a larger one with the server stopped`,
		);
	}
	appendFileSync(path, bytes);
	return { file: piece.file, bytes: held + bytes.byteLength };
}

const tooLarge = (why: string) => new HttpError(413, `Too large: ${why}`);

/** Removes uploads older than a day, but those a job is reading. */
function sweep(dir: string, keep: ReadonlySet<string>, now = Date.now()) {
	for (const name of readdirSync(dir)) {
		if (keep.has(name)) continue;
		const path = join(dir, name);
		if (now - statSync(path).mtimeMs > DAY_MS) rmSync(path, { force: true });
	}
}

export function removeUploads(dataDir: string, files: readonly string[]) {
	for (const file of files) {
		const path = uploadedPath(dataDir, file);
		if (path) rmSync(path, { force: true });
	}
}
