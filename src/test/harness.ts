/**
 * A real server for API tests: a fresh SQLite file in a temp folder, migrated and seeded with the taxonomy,
 * the real app behind Bun.serve on a free port, and clients that talk HTTP to it with their own cookies.
 */
import { expect } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExtractSchema } from "hono/types";
import type { ClientErrorStatusCode, ServerErrorStatusCode } from "hono/utils/http-status";
import { type ApiType, RAW_UPLOAD_PREFIX } from "../app.ts";
import { loadConfig } from "../env.ts";
import type { ErrorBody, RateLimitedBody, RejectionBody, SimilarPlaceBody, SuspendedAnswer } from "../lib/errors.ts";
import { startServer } from "../server.ts";
import type { StaticAssets } from "../static.ts";

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

export async function startTestServer(env: Record<string, string> = {}, { assets }: { assets?: StaticAssets } = {}) {
	const dataDir = mkdtempSync(join(tmpdir(), "commoncents-test-"));
	// Tests sign up many shoppers from one address; the sign-up limit has its own test. Their passwords are
	// hashed with the least memory allowed, so hundreds of sign-ups do not dominate the run.
	// Reports go through the writer thread, as in production on two cores or more (REPORT_WRITER: "inline"
	// for the request thread's own write batch).
	const config = loadConfig({
		DATA_DIR: dataDir,
		NODE_ENV: "test",
		SIGNUPS_PER_HOUR: "0",
		PASSWORD_HASH_MEMORY_KIB: "19456",
		REPORT_WRITER: "thread",
		PORT: "0",
		...env,
	});
	const running = startServer(config, {
		assets,
		hostname: "127.0.0.1",
		liveHealth: true,
		jobs: { reportThread: true },
		jobsAfterMs: 0,
	});
	const origin = `http://127.0.0.1:${running.port}`;
	return {
		origin,
		config,
		runtime: running.runtime,
		db: running.db,
		sqlite: running.sqlite,
		/** A client of its own; `headers` go on each of its requests (a script's token). */
		client: (headers?: Record<string, string>) => new TestClient(origin, headers),
		async stop() {
			await running.stop(0);
			rmSync(dataDir, { recursive: true, force: true });
		},
	};
}

/** The API's routes as src/app.ts declares them, keyed by their path under /api ("/price-reports/:id"). */
type Schema = ExtractSchema<ApiType>;
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A route as a pattern of the paths it takes: each `:param` segment any text. */
type Pattern<R extends string> = R extends `${infer Head}/${infer Rest}`
	? `${Head extends `:${string}` ? string : Head}/${Pattern<Rest>}`
	: R extends `:${string}`
		? string
		: R;
/** How many slashes a path has: a `:param` takes one segment, not several. */
type Depth<P extends string, Seen extends 0[] = []> = P extends `${string}/${infer Rest}`
	? Depth<Rest, [...Seen, 0]>
	: Seen["length"];
/** The path a test asks for, as the schema keys it: without /api and without its query. */
type UnderApi<P extends string> = P extends `/api${infer Rest}?${string}`
	? Rest
	: P extends `/api${infer Rest}`
		? Rest
		: never;
type Verb<M extends Method> = `$${Lowercase<M>}`;
type Routes<M extends Method> = {
	[R in keyof Schema & string]: Verb<M> extends keyof Schema[R] ? R : never;
}[keyof Schema & string];
type Candidates<P extends string, M extends Method> =
	Routes<M> extends infer R extends string
		? R extends unknown
			? P extends Pattern<R>
				? Depth<P> extends Depth<R>
					? R
					: never
				: never
			: never
		: never;
/** The route a request reaches: its own path when that is a route (/price-reports/mine), else the routes it fits. */
type RouteOf<P extends string, M extends Method> =
	UnderApi<P> extends infer Path extends string
		? Path extends Candidates<Path, M>
			? Path
			: Candidates<Path, M>
		: never;
type Endpoint<M extends Method, P extends string> =
	RouteOf<P, M> extends infer R extends keyof Schema ? Schema[R][Verb<M> & keyof Schema[R]] : never;

/** A path the schema has a route for; otherwise the argument is refused with the reason. */
export type ApiPath<M extends Method, P extends string> = [Endpoint<M, P>] extends [never]
	? `${M} ${P} is no route of ApiType: use requestRaw`
	: P;

type Reply<S, D> = { status: S; data: D; text: string; headers: Headers; setCookie: string | null };
/** A success body has no `message` or `issues` unless its own: the one error shape's fields read on any answer. */
type Body<O> = O & { [K in Exclude<keyof ErrorBody, keyof O>]?: undefined };
type Declared<E> = E extends { status: infer S; output: infer O; outputFormat: infer F }
	? Reply<S, F extends "json" ? Body<O> : unknown>
	: never;
/** The refusals with extras of their own (src/lib/errors.ts); every other error status is the one error body. */
type Extras = {
	403: ErrorBody & Partial<SuspendedAnswer>;
	409: ErrorBody & Partial<Pick<SimilarPlaceBody, "candidate">>;
	422: RejectionBody & { confirmable?: true };
	429: RateLimitedBody;
};
type Refused<S> =
	| { [K in Exclude<keyof Extras, S>]: Reply<K, Extras[K]> }[Exclude<keyof Extras, S>]
	| Reply<Exclude<ClientErrorStatusCode | ServerErrorStatusCode, S | keyof Extras>, ErrorBody>;
/**
 * What a route answers: each status it declares with that body (src/app.ts), or a refusal with the one error
 * body (src/lib/errors.ts). `expectStatus(res, 201)` narrows it to one of them.
 */
export type Answer<E> = Declared<E> | Refused<E extends { status: infer S } ? S : never>;
/** Whatever a path outside the schema answers: its JSON when it is JSON, else its text. */
export type RawAnswer = Reply<number, unknown>;

type RequestOptions = { json?: unknown; body?: BodyInit; headers?: Record<string, string>; origin?: string | null };

/** A browser-like client: keeps its cookie and sends our Origin on writes unless told otherwise. */
export class TestClient {
	cookie: string | undefined;
	constructor(
		readonly origin: string,
		readonly headers: Record<string, string> = {},
	) {}

	/** A request to a route of the API, its answer typed from the app (ApiType). */
	request<M extends Method, P extends string>(
		method: M,
		path: ApiPath<M, P>,
		options?: RequestOptions,
	): Promise<Answer<Endpoint<M, P>>>;
	async request(method: Method, path: string, options: RequestOptions = {}) {
		return this.requestRaw(method, path, options);
	}

	/** Any request (a file, a page, a path no route has), its answer untyped. */
	async requestRaw(method: string, path: string, options: RequestOptions = {}): Promise<RawAnswer> {
		const headers = new Headers({ ...this.headers, ...options.headers });
		if (this.cookie && !headers.has("cookie")) headers.set("cookie", this.cookie);
		const origin = options.origin === undefined ? this.origin : options.origin;
		if (method !== "GET" && origin) headers.set("origin", origin);
		let body = options.body;
		if (options.json !== undefined) {
			headers.set("content-type", "application/json");
			body = JSON.stringify(options.json);
		}
		const res = await fetch(`${this.origin}${path}`, { method, headers, body, redirect: "manual" });
		const setCookie = res.headers.get("set-cookie");
		if (setCookie) {
			const [pair] = setCookie.split(";");
			this.cookie = /=\s*$/.test(pair ?? "") || /Max-Age=0/i.test(setCookie) ? undefined : pair;
		}
		const text = await res.text();
		let data: unknown = null;
		try {
			data = text ? JSON.parse(text) : null;
		} catch {
			data = text;
		}
		return { status: res.status, headers: res.headers, data, text, setCookie };
	}

	get = <P extends string>(path: ApiPath<"GET", P>, options?: RequestOptions) => this.request("GET", path, options);
	post = <P extends string>(path: ApiPath<"POST", P>, json?: unknown, options?: RequestOptions) =>
		this.request("POST", path, { json, ...options });
	patch = <P extends string>(path: ApiPath<"PATCH", P>, json?: unknown, options?: RequestOptions) =>
		this.request("PATCH", path, { json, ...options });
	put = <P extends string>(path: ApiPath<"PUT", P>, json?: unknown, options?: RequestOptions) =>
		this.request("PUT", path, { json, ...options });
	delete = <P extends string>(path: ApiPath<"DELETE", P>, options?: RequestOptions) =>
		this.request("DELETE", path, options);
}

/**
 * expect(res.status).toBe(status) (or one of the statuses), and from there on `res.data` is the body the API
 * answers with it.
 */
export function expectStatus<A extends { status: number; data: unknown }, S extends A["status"]>(
	res: A,
	...statuses: [S, ...S[]]
): asserts res is A & { status: S } {
	// The body beside the status, so that a wrong status shows what the server said.
	const status = statuses.find((s) => s === res.status) ?? statuses[0];
	expect({ status: res.status, body: res.data }).toMatchObject({ status });
}

/** The body of an answer that must have this status (expectStatus), for reading it in one expression. */
export function expectBody<A extends { status: number; data: unknown }, S extends A["status"]>(
	res: A,
	status: S,
): (A & { status: S })["data"] {
	expectStatus(res, status);
	return res.data;
}

/** A signed upload URL (POST /api/objects/upload's `uploadURL`) as the route it names, PUT /api/uploads/:key. */
export function uploadRoute(url: string): `${typeof RAW_UPLOAD_PREFIX}${string}` {
	if (!url.startsWith(RAW_UPLOAD_PREFIX)) throw new Error(`not an upload URL: ${url}`);
	return `${RAW_UPLOAD_PREFIX}${url.slice(RAW_UPLOAD_PREFIX.length)}`;
}

export const STRONG_PASSWORD = "Str0ng!Pass";

/** A sign-up's body for a new shopper of its own: a fresh username, the strong password, `fields` over both. */
export function signUpBody(fields: Partial<Record<string, string | null>> = {}) {
	return {
		username: `shopper${crypto.randomUUID().slice(0, 12)}`,
		password: STRONG_PASSWORD,
		confirmPassword: STRONG_PASSWORD,
		firstName: "Sam",
		lastName: "Shopper",
		zipCode: "10001",
		...fields,
	};
}

/** Registers a fresh user through the API and returns its signed-in client. */
export async function registerUser(
	server: { client(): TestClient },
	fields: Partial<Record<string, string | null>> = {},
) {
	const client = server.client();
	const body = signUpBody(fields);
	const username = body.username;
	const res = await client.post("/api/auth/register", body);
	if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.data)}`);
	return { client, user: res.data, username: username as string };
}
