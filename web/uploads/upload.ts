/**
 * Photo uploads (spec §4, §9): ask the server for a signed URL, then send the raw file in one PUT (no
 * multipart). Failures carry §8's messages; the server's own words, when it gave any, ride along as `detail`.
 */
import { api, unwrap } from "../api/client.ts";
import { failureStatus, failureText, isUnauthorized } from "../api/failure.ts";
import { failedAnswer } from "../api/http.ts";

/** Spec §5 and §9: one photo of at most 5 MB (the server's MAX_UPLOAD_BYTES). */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const PHOTO_TOO_LARGE_MESSAGE = "Photo must be 5 MB or smaller";
/** The image types the server stores (it checks the bytes too); anything else is refused before sending. */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
/** For a file input's accept: phones then offer (or convert to) a type the server takes. */
export const PHOTO_ACCEPT = PHOTO_TYPES.join(",");
export const NOT_AN_IMAGE_MESSAGE = "Photo must be a JPEG, PNG, WebP or GIF image";
export const ONE_PHOTO_MESSAGE = "Choose one photo";
/** How long the PUT may take before it counts as expired. */
export const UPLOAD_TIMEOUT_MS = 60_000;

export const UPLOAD_ERRORS = {
	expired: "Request has expired",
	non2xx: "Non 2xx",
	unknown: "Unknown error",
	noUrl: "Cannot upload to an undefined URL",
} as const;

export class UploadError extends Error {
	constructor(
		message: (typeof UPLOAD_ERRORS)[keyof typeof UPLOAD_ERRORS],
		readonly detail?: string,
	) {
		super(message);
		this.name = "UploadError";
	}
}

/** The client-side checks of a chosen file list: null when it is one image within the limit. */
export function photoProblem(files: ArrayLike<File>): string | null {
	if (files.length !== 1) return ONE_PHOTO_MESSAGE;
	const file = files[0] as File;
	// A file without a type (some systems give none) goes on: the server's check of the bytes decides.
	if (file.type && !(PHOTO_TYPES as readonly string[]).includes(file.type)) return NOT_AN_IMAGE_MESSAGE;
	if (file.size > MAX_PHOTO_BYTES) return PHOTO_TOO_LARGE_MESSAGE;
	return null;
}

/** A failed upload for a toast: the server's words when it gave any, then the spec's message. */
export const uploadFailureText = (error: UploadError) => [error.detail, error.message].filter(Boolean).join(" · ");

const messageOf = (body: unknown) => {
	const message = (body as { message?: unknown } | null)?.message;
	return typeof message === "string" ? message : undefined;
};

/**
 * Uploads one photo and returns its path ("/uploads/<key>"), to be sent as a report's imageUrl.
 * A 401 is rethrown as the API's failure so the caller's session-lost handling sees it.
 */
export async function uploadPhoto(file: File, { timeoutMs = UPLOAD_TIMEOUT_MS } = {}): Promise<string> {
	const problem = photoProblem([file]);
	if (problem) throw new UploadError(UPLOAD_ERRORS.non2xx, problem);

	let uploadURL: string | undefined;
	try {
		({ uploadURL } = await unwrap(api.objects.upload.$post()));
	} catch (error) {
		if (failureStatus(error) !== null) {
			if (isUnauthorized(error)) throw error;
			throw new UploadError(UPLOAD_ERRORS.non2xx, failureText(error));
		}
		throw new UploadError(UPLOAD_ERRORS.unknown);
	}
	if (!uploadURL) throw new UploadError(UPLOAD_ERRORS.noUrl);

	let res: Response;
	try {
		res = await fetch(uploadURL, {
			method: "PUT",
			body: file,
			credentials: "include",
			signal: AbortSignal.timeout(timeoutMs),
		});
	} catch (error) {
		if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
			throw new UploadError(UPLOAD_ERRORS.expired);
		}
		throw new UploadError(UPLOAD_ERRORS.unknown);
	}

	const text = await res.text().catch(() => "");
	let body: unknown = null;
	try {
		body = text ? JSON.parse(text) : null;
	} catch {
		body = text;
	}
	if (res.status === 401) throw failedAnswer(res, body, text);
	if (res.status === 403) throw new UploadError(UPLOAD_ERRORS.expired, messageOf(body));
	if (!res.ok) throw new UploadError(UPLOAD_ERRORS.non2xx, messageOf(body));
	const objectPath = (body as { objectPath?: unknown } | null)?.objectPath;
	if (typeof objectPath !== "string" || !objectPath) throw new UploadError(UPLOAD_ERRORS.unknown);
	return objectPath;
}
