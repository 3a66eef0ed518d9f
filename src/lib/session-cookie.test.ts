import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Hono } from "hono";
import type { Config } from "../env.ts";
import { signUpBody, startTestServer, type TestServer } from "../test/harness.ts";
import type { AppEnv } from "./context.ts";
import { readSessionCookie } from "./session-cookie.ts";

/** The reader behind `trustProxy` proxies (TRUST_PROXY), as the app's config says. */
const appBehind = (trustProxy: number) =>
	new Hono<AppEnv>()
		.use((c, next) => {
			c.set("config", { trustProxy } as Config);
			return next();
		})
		.get("/", (c) => c.text(readSessionCookie(c) ?? "(none)"));
const behindOne = appBehind(1);
const tokenFrom = async (
	cookie?: string,
	url = "http://localhost/",
	headers: Record<string, string> = {},
	app = behindOne,
) => (await app.request(url, { headers: cookie === undefined ? headers : { ...headers, cookie } })).text();

describe("the session cookie as read from the Cookie header", () => {
	test("the plain cookie, among others and with spaces", async () => {
		expect(await tokenFrom("cc_session=abc")).toBe("abc");
		expect(await tokenFrom("theme=dark; cc_session=abc; lang=en")).toBe("abc");
		expect(await tokenFrom("theme=dark;cc_session= abc ")).toBe("abc");
	});

	test("the __Host- cookie wins over the plain one, in either order", async () => {
		expect(await tokenFrom("cc_session=plain; __Host-cc_session=secure")).toBe("secure");
		expect(await tokenFrom("__Host-cc_session=secure; cc_session=plain")).toBe("secure");
	});

	test("over HTTPS only the __Host- cookie counts: a plain one may have been planted", async () => {
		expect(await tokenFrom("cc_session=planted", "https://localhost/")).toBe("(none)");
		expect(await tokenFrom("cc_session=planted", "http://localhost/", { "x-forwarded-proto": "https" })).toBe("(none)");
		expect(await tokenFrom("cc_session=planted; __Host-cc_session=ours", "https://localhost/")).toBe("ours");
	});

	test("X-Forwarded-Proto is believed only from a trusted proxy: the outermost one's word", async () => {
		const https = { "x-forwarded-proto": "https" };
		expect(await tokenFrom("cc_session=plain", "http://localhost/", https, appBehind(0))).toBe("plain");
		// A client's own "https" ahead of what the proxy appended is not the proxy's word.
		expect(await tokenFrom("cc_session=plain", "http://localhost/", { "x-forwarded-proto": "https, http" })).toBe(
			"plain",
		);
		const twoHops = { "x-forwarded-proto": "https, http" };
		expect(await tokenFrom("cc_session=plain", "http://localhost/", twoHops, appBehind(2))).toBe("(none)");
	});

	test("no cookie, or only cookies whose names merely end in cc_session", async () => {
		expect(await tokenFrom()).toBe("(none)");
		expect(await tokenFrom("xcc_session=abc; my_cc_session=def")).toBe("(none)");
	});
});

describe("the cookie a sign-up sets", () => {
	let direct: TestServer;
	let proxied: TestServer;
	beforeAll(async () => {
		direct = await startTestServer({ TRUST_PROXY: "0" });
		proxied = await startTestServer({ TRUST_PROXY: "1" });
	});
	afterAll(async () => {
		await direct.stop();
		await proxied.stop();
	});
	/** The Set-Cookie of a sign-up whose request says it came over https. */
	const signUpCookie = async (server: TestServer) => {
		const res = await server
			.client()
			.post("/api/auth/register", signUpBody(), { headers: { "x-forwarded-proto": "https" } });
		expect(res.status).toBe(201);
		return res.setCookie ?? "";
	};

	test("directly exposed, a client's X-Forwarded-Proto: https does not make it a Secure __Host- cookie", async () => {
		const cookie = await signUpCookie(direct);
		expect(cookie).toStartWith("cc_session=");
		expect(cookie).not.toContain("Secure");
	});

	test("behind one TLS proxy (TRUST_PROXY=1), the proxy's https does", async () => {
		const cookie = await signUpCookie(proxied);
		expect(cookie).toStartWith("__Host-cc_session=");
		expect(cookie).toContain("Secure");
	});
});
