/**
 * API errors and plain-fetch calls, without hono's client: the landing's few calls (who is signed in, sign in,
 * sign up) use these so the first screen's script stays small. Their types still come from the server's app.
 * Failures follow spec §7: an Error whose message is "{status}: {body text or status text}".
 */
import type { ClientResponse } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import { noteCopy } from "../components/offlineCache.ts";

/** Said when a failure's answer is not the server's own words: a proxy's error page while it restarts. */
export const NOT_ANSWERING = "CommonCents is not answering right now. Please try again in a moment.";

export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly body: unknown,
		text: string,
		readonly statusText: string,
	) {
		super(`${status}: ${text || statusText}`);
		this.name = "ApiError";
	}

	/**
	 * The server's own words (its `message`), for toasts. A body that is not ours (an nginx 502 page) is never
	 * shown: a screen reader would read its markup aloud.
	 */
	get serverMessage(): string {
		const message = (this.body as { message?: unknown } | null)?.message;
		if (typeof message === "string") return message;
		if (this.status >= 500) return NOT_ANSWERING;
		const text = typeof this.body === "string" ? this.body : "";
		return text.length <= 200 && !/[<>]/.test(text) ? this.message : `${this.status}: ${this.statusText}`;
	}
}

/** The failure of an answer read outside `unwrap` (a photo's upload, which goes straight to storage). */
export const failedAnswer = (res: Pick<Response, "status" | "statusText">, body: unknown, text: string) =>
	new ApiError(res.status, body, text, res.statusText);

/**
 * A success answer that is not JSON is not from CommonCents: a shop's Wi-Fi sign-in page answers every request
 * with 200 and its own HTML. Thrown so each screen takes its lost-connection path instead of using the page.
 */
export class ForeignAnswer extends Error {
	constructor() {
		super("The network answered instead of CommonCents (a Wi-Fi sign-in page?). Check your connection and try again.");
		this.name = "ForeignAnswer";
	}
}

/** How long a call waits for its answer before failing as a lost connection would (a stalled phone network). */
export const REQUEST_TIMEOUT_MS = 20_000;

/**
 * `init` with the deadline added to any signal it already has. A timer of the page's own rather than
 * AbortSignal.timeout, so a test can move the page's clock past it; once answered, the abort does nothing.
 */
export function withDeadline(init?: RequestInit): RequestInit {
	const controller = new AbortController();
	setTimeout(() => controller.abort(new DOMException("No answer in time", "TimeoutError")), REQUEST_TIMEOUT_MS);
	const deadline = controller.signal;
	return { ...init, signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline };
}

export type OkJson<R> =
	R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? T : never) : never;

/** The success body of a typed client endpoint such as `typeof api.auth.login.$post`. */
export type OkOf<E extends (...args: never[]) => unknown> = OkJson<Awaited<ReturnType<E>>>;

type Answer = Pick<Response, "ok" | "status" | "statusText" | "text"> & { headers?: Pick<Headers, "get"> };

async function read<T>(res: Answer): Promise<T> {
	const text = await res.text();
	let body: unknown = null;
	try {
		body = text ? JSON.parse(text) : null;
	} catch {
		if (res.ok) throw new ForeignAnswer();
		body = text;
	}
	if (!res.ok) throw new ApiError(res.status, body, text, res.statusText);
	noteCopy(body, res.headers);
	return body as T;
}

/** Awaits a client call and returns its success body, or throws ApiError. */
export async function unwrap<R extends ClientResponse<unknown, number, string>>(call: Promise<R>): Promise<OkJson<R>> {
	return read<OkJson<R>>(await call);
}

/** A JSON call by plain fetch, sent as hono's client would send it. */
export async function send<T>(method: "GET" | "POST" | "PATCH" | "DELETE", path: string, json?: unknown): Promise<T> {
	const res = await fetch(
		path,
		withDeadline({
			method,
			credentials: "include",
			headers: json === undefined ? undefined : { "Content-Type": "application/json" },
			body: json === undefined ? undefined : JSON.stringify(json),
		}),
	);
	return read<T>(res);
}
