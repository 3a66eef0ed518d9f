import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { readSessionCookie } from "./session-cookie.ts";

const app = new Hono().get("/", (c) => c.text(readSessionCookie(c) ?? "(none)"));
const tokenFrom = async (cookie?: string, url = "http://localhost/", headers: Record<string, string> = {}) =>
	(await app.request(url, { headers: cookie === undefined ? headers : { ...headers, cookie } })).text();

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

	test("no cookie, or only cookies whose names merely end in cc_session", async () => {
		expect(await tokenFrom()).toBe("(none)");
		expect(await tokenFrom("xcc_session=abc; my_cc_session=def")).toBe("(none)");
	});
});
