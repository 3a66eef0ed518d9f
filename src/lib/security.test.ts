import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { expectBody, registerUser, startTestServer, type TestServer } from "../test/harness.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(() => server.stop());

describe("the API's outer wall", () => {
	test("GET /api/health answers once the database is open and migrated", async () => {
		const res = await server.client().get("/api/health");
		expect(res.status).toBe(200);
		expect(res.data).toMatchObject({ status: "ok", database: { status: "ok" } });
	});

	test("every answer carries the security headers", async () => {
		const { headers } = await server.client().get("/api/health");
		expect(headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
		expect(headers.get("content-security-policy")).toContain("default-src 'self'");
		expect(headers.get("x-content-type-options")).toBe("nosniff");
		expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
		expect(headers.get("x-frame-options")).toBe("DENY");
	});

	test("a cross-site POST is refused, even with a valid session", async () => {
		const { client } = await registerUser(server);
		const res = await client.patch("/api/auth/user", { zipCode: "66666" }, { origin: "https://evil.example" });
		expect(res.status).toBe(403);
		expect(res.data.message).toBe("Cross-site request refused");
		expect(expectBody(await client.get("/api/auth/user"), 200).zipCode).toBe("10001");
	});

	test("a cross-site or Origin-less DELETE is refused too: the account stays", async () => {
		// SameSite=Lax is per site, not origin: a page on another port of the same host would send the cookie.
		const { client } = await registerUser(server);
		for (const origin of ["https://evil.example", null]) {
			const res = await client.delete("/api/auth/delete-account", { origin });
			expect([res.status, res.data.message]).toEqual([
				403,
				origin ? "Cross-site request refused" : expect.stringMatching(/Origin header is missing/),
			]);
		}
		expect((await client.get("/api/auth/user")).status).toBe(200);
	});

	test("a write without an Origin header is refused", async () => {
		const res = await server.client().post("/api/auth/login", { username: "a", password: "b" }, { origin: null });
		expect(res.status).toBe(403);
		expect(res.data.message).toMatch(/Origin header is missing/);
	});

	test("a body that is not JSON gets 415, malformed JSON 400, an oversized body 413", async () => {
		const client = server.client();
		const form = await client.post("/api/auth/login", undefined, {
			body: "username=a&password=b",
			headers: { "content-type": "application/x-www-form-urlencoded" },
		});
		expect(form.status).toBe(415);
		const broken = await client.post("/api/auth/login", undefined, {
			body: '{"username": ',
			headers: { "content-type": "application/json" },
		});
		expect(broken.status).toBe(400);
		expect(broken.data.message).toBe("Request body is not valid JSON");
		const huge = await client.post("/api/auth/login", { username: "a", password: "x".repeat(100_000) });
		expect(huge.status).toBe(413);
		expect(huge.data.message).toMatch(/too large/);
	});

	test("an unknown API path is a JSON 404", async () => {
		const res = await server.client().requestRaw("GET", "/api/no-such-thing");
		expect(res.status).toBe(404);
		expect(res.data).toMatchObject({ message: expect.stringContaining("/api/no-such-thing") });
	});
});
