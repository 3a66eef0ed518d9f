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
import { HttpError, badRequest, conflict } from "../lib/http.ts";
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
 * The request body, refused with 413 past the limit: Content-Length is checked first when present, and
 * bytes are counted while reading so a chunked body cannot slip past. A whole photo fits in memory
 * (5 MB, and Bun.serve refuses bodies over 6 MB), which lets the type be checked before anything is written.
 */
export async function readLimitedBody(
  request: Request,
  limit = MAX_UPLOAD_BYTES,
  deadlineMs = UPLOAD_DEADLINE_MS,
): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw new HttpError(413, TOO_LARGE_MESSAGE);
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  // Bun's idle timeout does not stop a body that drips a byte at a time: the whole upload has a deadline.
  let timer: Timer | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(400, TOO_SLOW_MESSAGE)), deadlineMs);
  });
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), deadline]);
      if (done) break;
      total += value.byteLength;
      if (total > limit) throw new HttpError(413, TOO_LARGE_MESSAGE);
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * Keys being written right now. One process owns the uploads folder, so this closes the gap between
 * "not stored yet" and the rename: two PUTs racing on one URL cannot both succeed.
 */
const inFlight = new Set<string>();

/** Throws 409 when the key is stored or being stored; otherwise holds it until `release` is called. */
export function claimKey(uploadsDir: string, key: string) {
  const slot = join(uploadsDir, key);
  if (inFlight.has(slot) || findStoredUpload(uploadsDir, key)) throw conflict(ALREADY_USED_MESSAGE);
  inFlight.add(slot);
  return { release: () => inFlight.delete(slot) };
}

/**
 * Checks the bytes and stores them as `<key>.<ext>`: written to a hidden temporary file in the same
 * folder, flushed to disk, then renamed, so a reader (or a crash) never sees half a photo.
 * The caller must hold the key's claim.
 */
export async function storeUpload(uploadsDir: string, key: string, bytes: Uint8Array) {
  if (bytes.byteLength === 0) throw badRequest(EMPTY_MESSAGE);
  const type = sniffImageType(bytes);
  if (!type) throw new HttpError(415, NOT_AN_IMAGE_MESSAGE);
  const suffix = encodeHexLowerCase(crypto.getRandomValues(new Uint8Array(6)));
  const temp = join(uploadsDir, `.${key}.${suffix}.tmp`);
  // Loaded on the first upload: node:fs/promises costs every start about 0.4 ms before listening.
  const { open, rename, rm } = await import("node:fs/promises");
  try {
    const file = await open(temp, "wx", 0o644);
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, join(uploadsDir, `${key}.${type.ext}`));
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return { objectPath: `/uploads/${key}`, contentType: type.contentType };
}
