import type { Config } from "../env.ts";
import { isUploadKeyOf, UPLOAD_PUT_PREFIX } from "./signing.ts";
import { findStoredUpload } from "./storage.ts";

/** The answer when a photo is not one of the shopper's own uploads stored here. */
export const NOT_YOUR_PHOTO_MESSAGE = "The photo must be one you uploaded to CommonCents";
const SERVED_PREFIX = "/uploads/";
const MAX_URL_LENGTH = 2048;

/**
 * The canonical path ("/uploads/<key>") of one of this user's stored uploads, given either that path or the
 * signed upload URL it was sent to (relative, or absolute http(s); the query is ignored); null for anything
 * else, another shopper's photo included (once attached, photos are public: reusing one would keep it
 * alive after its owner deleted it). The host of an absolute URL is not compared (the app does not know its
 * public origin): what is returned is always our own path, and only for a file that is really stored here.
 */
export function resolveOwnUpload(config: Config, url: string, userId: string): string | null {
	if (typeof url !== "string" || url.length > MAX_URL_LENGTH) return null;
	const text = url.trim();
	if (!text.startsWith("/") && !/^https?:\/\//i.test(text)) return null;
	let path: string;
	try {
		// The base only completes relative forms; URL parsing also drops the query and fragment.
		path = new URL(text, "http://commoncents.invalid").pathname;
	} catch {
		return null;
	}
	const prefix = [SERVED_PREFIX, UPLOAD_PUT_PREFIX].find((p) => path.startsWith(p));
	if (!prefix) return null;
	const key = path.slice(prefix.length);
	if (!isUploadKeyOf(config.secret, key, userId)) return null;
	return findStoredUpload(config.uploadsDir, key) ? `${SERVED_PREFIX}${key}` : null;
}
