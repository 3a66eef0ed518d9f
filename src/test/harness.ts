/**
 * A real server for API tests: a fresh SQLite file in a temp folder, migrated and seeded with the taxonomy,
 * the real app behind Bun.serve on a free port, and clients that talk HTTP to it with their own cookies.
 */
import { expect } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../env.ts";
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
		client: () => new TestClient(origin),
		async stop() {
			await running.stop(0);
			rmSync(dataDir, { recursive: true, force: true });
		},
	};
}

/** Whatever a path answers: its JSON when it is JSON, else its text. */
export type RawAnswer = { status: number; data: unknown; text: string; headers: Headers; setCookie: string | null };

type RequestOptions = { json?: unknown; body?: BodyInit; headers?: Record<string, string>; origin?: string | null };

/** A browser-like client: keeps its cookie and sends our Origin on writes unless told otherwise. */
export class TestClient {
	cookie: string | undefined;
	constructor(readonly origin: string) {}

	async request(method: string, path: string, options: RequestOptions = {}) {
		const headers = new Headers(options.headers);
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
		// biome-ignore lint/suspicious/noExplicitAny: a test reads whatever JSON the API answered, field by field.
		let data: any = null;
		try {
			data = text ? JSON.parse(text) : null;
		} catch {
			data = text;
		}
		return { status: res.status, headers: res.headers, data, text, setCookie };
	}

	/** Any request (a file, a page, a path no route has), its answer untyped. */
	async requestRaw(method: string, path: string, options: RequestOptions = {}): Promise<RawAnswer> {
		const { status, headers, data, text, setCookie } = await this.request(method, path, options);
		return { status, headers, data, text, setCookie };
	}

	get = (path: string, options?: RequestOptions) => this.request("GET", path, options);
	post = (path: string, json?: unknown, options?: RequestOptions) => this.request("POST", path, { json, ...options });
	patch = (path: string, json?: unknown, options?: RequestOptions) => this.request("PATCH", path, { json, ...options });
	put = (path: string, json?: unknown, options?: RequestOptions) => this.request("PUT", path, { json, ...options });
	delete = (path: string, options?: RequestOptions) => this.request("DELETE", path, options);
}

/** expect(res.status).toBe(status), and from there on `res.data` is the body the API answers with it. */
export function expectStatus<A extends { status: number }, S extends A["status"]>(
	res: A,
	status: S,
): asserts res is A & { status: S } {
	expect(res.status).toBe(status);
}

/** The body of an answer that must have this status (expectStatus), for reading it in one expression. */
export function expectBody<A extends { status: number; data: unknown }, S extends A["status"]>(
	res: A,
	status: S,
): (A & { status: S })["data"] {
	expectStatus(res, status);
	return res.data;
}

export const STRONG_PASSWORD = "Str0ng!Pass";

/** Registers a fresh user through the API and returns its signed-in client. */
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
