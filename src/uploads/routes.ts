import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { requireUser } from "../lib/guards.ts";
import { forbidden, notFound, tooManyRequests } from "../lib/http.ts";
import { doc } from "../lib/openapi.ts";
import { createUploadUrl, UPLOAD_KEY_PATTERN, verifyUploadUrl } from "./signing.ts";
import { claimKey, findStoredUpload, receiveUpload } from "./storage.ts";

/** One answer for every bad URL (forged, altered, expired, someone else's): the web client shows it as expired. */
export const INVALID_URL_MESSAGE = "Upload URL is invalid or has expired";
export const NOT_FOUND_MESSAGE = "Photo not found";
/**
 * Photos one account may store per hour: a long shopping trip's worth, while a script cannot fill the one
 * disk (photos nobody attached are removed after a day: sweep.ts).
 */
export const MAX_UPLOADS_PER_HOUR = 30;

/** /api/objects: POST /api/objects/upload hands out a signed URL for one photo. */
export const objectRoutes = new Hono<AppEnv>().post(
	"/upload",
	doc({
		summary: "Get a signed URL to upload a photo to",
		tag: "Photos",
		access: "session",
		errors: [401, 403],
		ok: { description: "`uploadURL`: where to PUT one photo's bytes, for a short while" },
	}),
	(c) => {
		const user = requireUser(c);
		const { uploadURL } = createUploadUrl(c.get("config").secret, user.id);
		return c.json({ uploadURL }, 200);
	},
);

/** /api/uploads: PUT /api/uploads/:key takes the photo's bytes at its signed URL. */
export const uploadRoutes = new Hono<AppEnv>().put(
	"/:key",
	doc({
		summary: "Upload a photo to its signed URL",
		description:
			"The body is the image's bytes: a JPEG, PNG, WebP or GIF of at most 5 MB, checked by its content. The URL (with its `expires` and `sig`) comes from POST /api/objects/upload and takes one photo.",
		tag: "Photos",
		access: "session",
		errors: [400, 401, 403, 409, 413, 415, 429],
		ok: { description: "The stored photo's path, to give as a report's `imageUrl` or the profile's `photoURL`" },
		rawBody: "image/*",
	}),
	async (c) => {
		const user = requireUser(c);
		const config = c.get("config");
		const key = c.req.param("key");
		const valid = verifyUploadUrl(config.secret, {
			key,
			expires: c.req.query("expires"),
			sig: c.req.query("sig"),
			userId: user.id,
		});
		if (!valid) throw forbidden(INVALID_URL_MESSAGE);
		const quota = c.var.runtime.limits.uploads;
		const wait = quota.retryAfter(user.id, MAX_UPLOADS_PER_HOUR);
		if (wait > 0) {
			throw tooManyRequests("You have uploaded a lot of photos.", wait);
		}
		const claim = claimKey(c.var.runtime.uploadsInFlight, config.uploadsDir, key);
		// Counted before the body is read, so uploads running side by side cannot all slip under the limit.
		quota.record(user.id);
		try {
			return c.json(await receiveUpload(config.uploadsDir, key, c.req.raw), 200);
		} finally {
			claim.release();
		}
	},
);

/**
 * Headers for a stored photo: its checked type, never sniffed by the browser, and a sandboxing policy in
 * case one is opened directly. Keys are never reused, so a year's immutable caching is safe.
 */
const PHOTO_HEADERS = {
	"X-Content-Type-Options": "nosniff",
	"Content-Security-Policy": "default-src 'none'; sandbox",
	"Cross-Origin-Resource-Policy": "same-origin",
	"Cache-Control": "public, max-age=31536000, immutable",
};

/** /uploads, outside /api: GET /uploads/:key serves a stored photo. No session: keys are unguessable. */
export const uploadFileRoutes = new Hono<AppEnv>().get(
	"/:key",
	doc({
		summary: "Get a stored photo",
		description: "No session: photo keys are unguessable, and each is immutable.",
		tag: "Photos",
		access: "public",
		errors: [404],
		ok: { description: "The image, with its checked content type" },
	}),
	(c) => {
		// The key must match its strict pattern before any path is built: nothing outside the folder is reachable.
		const key = c.req.param("key");
		if (!UPLOAD_KEY_PATTERN.test(key)) throw notFound(NOT_FOUND_MESSAGE);
		const stored = findStoredUpload(c.get("config").uploadsDir, key);
		if (!stored) throw notFound(NOT_FOUND_MESSAGE);
		const file = Bun.file(stored.path);
		const headers: Record<string, string> = { ...PHOTO_HEADERS, "Content-Type": stored.contentType };
		// Hono answers HEAD with GET's headers and no body (Bun would count that: 0), so the length is told here.
		if (c.req.method === "HEAD") headers["Content-Length"] = String(file.size);
		return new Response(file, { status: 200, headers });
	},
);
