import type { ContentfulStatusCode } from "hono/utils/http-status";

export type Issue = { path: string; message: string };

/**
 * An expected failure: thrown anywhere in a handler, answered by the app's onError as
 * `{ message, issues?, ...extra }` with its status.
 */
export class HttpError extends Error {
	constructor(
		readonly status: ContentfulStatusCode,
		message: string,
		readonly extra: Record<string, unknown> = {},
	) {
		super(message);
	}
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const unauthorized = (message = "You are not signed in") => new HttpError(401, message);
export const forbidden = (message: string, extra?: Record<string, unknown>) => new HttpError(403, message, extra);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
	new HttpError(429, message, { retryAfterSeconds });
