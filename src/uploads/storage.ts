/**
 * Uploaded photos on local disk, one file per key in config.uploadsDir.
 *
 * The type is kept in the file name: `<key>.<ext>`, the extension chosen from the magic bytes at upload
 * (never from the client's Content-Type or file name). Serving maps the extension back to its content
 * type, so a file is always answered with the type its bytes were checked to be, and no sidecar can drift.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { badRequest, conflict, HttpError } from "../lib/http.ts";
import { MAX_UPLOAD_BYTES, UPLOAD_KEY_PATTERN } from "./signing.ts";

export const TOO_LARGE_MESSAGE = "Photo must be 5 MB or smaller";
export const NOT_AN_IMAGE_MESSAGE = "Photo must be a JPEG, PNG, WebP or GIF image";
export const EMPTY_MESSAGE = "The photo file is empty";
export const ALREADY_USED_MESSAGE = "This upload URL has already been used";
export const TOO_SLOW_MESSAGE = "The upload took too long; please try again";
/** A 5 MB photo over a poor phone connection takes well under a minute. */
const UPLOAD_DEADLINE_MS = 60_000;

const IMAGE_TYPES = [
	{ ext: "jpg", contentType: "image/jpeg" },
	{ ext: "png", contentType: "image/png" },
	{ ext: "webp", contentType: "image/webp" },
	{ ext: "gif", contentType: "image/gif" },
] as const;
type ImageType = (typeof IMAGE_TYPES)[number];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
	bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

/** The image type by magic bytes, or null. SVG (text, and able to carry script) is never an image here. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
	const [jpg, png, webp, gif] = IMAGE_TYPES;
	if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpg;
	if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return png;
	if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return webp;
	if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return gif;
	return null;
}

/** The stored file of a key (path and true type), or null when the key is malformed or nothing is stored. */
export function findStoredUpload(uploadsDir: string, key: string) {
	if (!UPLOAD_KEY_PATTERN.test(key)) return null;
	for (const type of IMAGE_TYPES) {
		const path = join(uploadsDir, `${key}.${type.ext}`);
		if (existsSync(path)) return { path, contentType: type.contentType };
	}
	return null;
}

/**
 * Throws 409 when the key is stored or being stored; otherwise holds it in `inFlight` (the runtime's keys
 * being written right now) until `release` is called. One process owns the uploads folder, so this closes
 * the gap between "not stored yet" and the rename: two PUTs racing on one URL cannot both succeed.
 */
export function claimKey(inFlight: Set<string>, uploadsDir: string, key: string) {
	const slot = join(uploadsDir, key);
	if (inFlight.has(slot) || findStoredUpload(uploadsDir, key)) throw conflict(ALREADY_USED_MESSAGE);
	inFlight.add(slot);
	return { release: () => inFlight.delete(slot) };
}

/** Bytes enough to tell every accepted type apart (WebP's tag ends at byte 12). */
const SNIFF_BYTES = 12;

/**
 * Receives the request body straight into a hidden temporary file in the uploads folder, then renames it to
 * `<key>.<ext>`, so a reader (or a crash) never sees half a photo. The body is never held whole in memory:
 * many photos uploading side by side then cost about what a raw Bun.serve that reads and drops the same
 * bytes costs (scripts/bench/uploads.ts measures both).
 * Refused without leaving a file: over the limit (413, by Content-Length first, then by counting, so a
 * chunked body cannot slip past), not an image by its first bytes (415), empty (400), or slower than the
 * deadline (400). The caller must hold the key's claim.
 */
export async function receiveUpload(
	uploadsDir: string,
	key: string,
	request: Request,
	limit = MAX_UPLOAD_BYTES,
	deadlineMs = UPLOAD_DEADLINE_MS,
) {
	const declared = request.headers.get("content-length");
	if (declared !== null && Number(declared) > limit) throw new HttpError(413, TOO_LARGE_MESSAGE);
	if (!request.body) throw badRequest(EMPTY_MESSAGE);
	const suffix = encodeHexLowerCase(crypto.getRandomValues(new Uint8Array(6)));
	const temp = join(uploadsDir, `.${key}.${suffix}.tmp`);
	// Loaded on the first upload: node:fs/promises would otherwise cost every start some time before listening.
	const { open, rename, rm } = await import("node:fs/promises");
	const reader = request.body.getReader();
	// Bun's idle timeout does not stop a body that drips a byte at a time: the whole upload has a deadline.
	// It cancels the reader, which ends a pending read. (Racing each read against one deadline promise would
	// hang every chunk read on that promise until the upload ends: 5 MB held per photo.)
	let timedOut = false;
	const timer = setTimeout(() => {
		timedOut = true;
		reader.cancel().catch(() => {});
	}, deadlineMs);
	try {
		// For the binary's user only, as its folder is (docs/security.md): the app serves it; nobody else need read it.
		const file = await open(temp, "wx", 0o600);
		let type: ImageType | null;
		try {
			let head = new Uint8Array(0);
			let total = 0;
			for (;;) {
				const { done, value } = await reader.read();
				if (timedOut) throw tooSlow();
				if (done) break;
				total += value.byteLength;
				if (total > limit) throw new HttpError(413, TOO_LARGE_MESSAGE);
				// Judged on its first bytes, so a file that is no image is refused before the rest is read.
				if (head.byteLength < SNIFF_BYTES) {
					head = concat(head, value.subarray(0, SNIFF_BYTES - head.byteLength));
					if (head.byteLength === SNIFF_BYTES && !sniffImageType(head)) throw notAnImage();
				}
				// A write may take less than it is given; the rest follows until the piece is all on disk.
				for (let at = 0; at < value.byteLength; ) at += (await file.write(value, at)).bytesWritten;
			}
			if (total === 0) throw badRequest(EMPTY_MESSAGE);
			type = sniffImageType(head);
			if (!type) throw notAnImage();
			await file.sync();
		} finally {
			await file.close();
		}
		await rename(temp, join(uploadsDir, `${key}.${type.ext}`));
		return { objectPath: `/uploads/${key}`, contentType: type.contentType };
	} catch (error) {
		await reader.cancel().catch(() => {});
		await rm(temp, { force: true });
		// A read or write the deadline cut short may fail in its own words; the client is told why.
		throw timedOut ? tooSlow() : error;
	} finally {
		clearTimeout(timer);
	}
}

const notAnImage = () => new HttpError(415, NOT_AN_IMAGE_MESSAGE);
const tooSlow = () => new HttpError(400, TOO_SLOW_MESSAGE);

function concat(a: Uint8Array, b: Uint8Array) {
	const joined = new Uint8Array(a.byteLength + b.byteLength);
	joined.set(a);
	joined.set(b, a.byteLength);
	return joined;
}
