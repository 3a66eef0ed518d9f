/**
 * The typed API client: request and response types come from the server's Hono app, never copied.
 * Failures follow spec §7: an Error whose message is "{status}: {body text or status text}".
 */
import { type ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { ApiType } from "../../src/app.ts";

export const api = hc<ApiType>("/api", {
  init: { credentials: "include" },
});

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    text: string,
    statusText: string,
  ) {
    super(`${status}: ${text || statusText}`);
    this.name = "ApiError";
  }

  /** The server's own words (its `message`), for toasts. */
  get serverMessage(): string {
    const message = (this.body as { message?: unknown } | null)?.message;
    return typeof message === "string" ? message : this.message;
  }
}

type OkJson<R> = R extends ClientResponse<infer T, infer S, infer _F>
  ? S extends SuccessStatusCode
    ? T
    : never
  : never;

/** Awaits a client call and returns its success body, or throws ApiError. */
export async function unwrap<R extends ClientResponse<unknown, number, string>>(
  call: Promise<R>,
): Promise<OkJson<R>> {
  const res = await call;
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!res.ok) throw new ApiError(res.status, body, text, res.statusText);
  return body as OkJson<R>;
}

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;
