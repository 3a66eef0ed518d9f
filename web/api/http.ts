/**
 * API errors and plain-fetch calls, without hono's client: the landing's few calls (who is signed in, sign in,
 * sign up) use these so the first screen's script stays small. Their types still come from the server's app.
 * Failures follow spec §7: an Error whose message is "{status}: {body text or status text}".
 */
import type { ClientResponse } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";

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

export type OkJson<R> = R extends ClientResponse<infer T, infer S, infer _F>
  ? S extends SuccessStatusCode
    ? T
    : never
  : never;

/** The success body of a typed client endpoint such as `typeof api.auth.login.$post`. */
export type OkOf<E extends (...args: never[]) => unknown> = OkJson<Awaited<ReturnType<E>>>;

type Answer = Pick<Response, "ok" | "status" | "statusText" | "text">;

async function read<T>(res: Answer): Promise<T> {
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!res.ok) throw new ApiError(res.status, body, text, res.statusText);
  return body as T;
}

/** Awaits a client call and returns its success body, or throws ApiError. */
export async function unwrap<R extends ClientResponse<unknown, number, string>>(call: Promise<R>): Promise<OkJson<R>> {
  return read<OkJson<R>>(await call);
}

/** A JSON call by plain fetch, sent as hono's client would send it. */
export async function send<T>(method: "GET" | "POST" | "PATCH" | "DELETE", path: string, json?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: "include",
    headers: json === undefined ? undefined : { "Content-Type": "application/json" },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return read<T>(res);
}

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;
