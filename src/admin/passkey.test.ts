import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { registerUser, startTestServer, type TestServer } from "../test/harness.ts";
import { PasskeyThrottle, passkeyMatches } from "./passkey.ts";

// The documented limit (README, Decisions "The developer console"), written out: a test that read the exported constant
// would pass whatever it became.
const MAX_PASSKEY_FAILURES = 5;

// Each test signs several users up, and argon2 hashing is slow on a busy shared machine.
setDefaultTimeout(20_000);

describe("passkeyMatches", () => {
	test("equal text only, whatever the lengths", () => {
		expect(passkeyMatches("s3cret", "s3cret")).toBe(true);
		expect(passkeyMatches("s3cret", "s3cre")).toBe(false);
		expect(passkeyMatches("s3cret", "S3CRET")).toBe(false);
		expect(passkeyMatches("s3cret", "")).toBe(false);
		expect(passkeyMatches("s3cret", "s3cret ".repeat(100))).toBe(false);
	});
});

describe("PasskeyThrottle", () => {
	test("five failures per user or per client address in 15 minutes, then a wait", () => {
		const throttle = new PasskeyThrottle();
		const t0 = 1_000_000;
		for (let i = 0; i < MAX_PASSKEY_FAILURES; i++) throttle.recordFailure("u1", `10.0.0.${i}`, t0 + i);
		expect(throttle.retryAfter("u1", "10.9.9.9", t0 + 10)).toBe(15 * 60);
		expect(throttle.retryAfter("u2", "10.9.9.9", t0 + 10)).toBe(0);
		expect(throttle.retryAfter("u1", "10.9.9.9", t0 + 15 * 60 * 1000)).toBe(0);

		for (let i = 0; i < MAX_PASSKEY_FAILURES; i++) throttle.recordFailure(`v${i}`, "10.1.1.1", t0);
		expect(throttle.retryAfter("fresh", "10.1.1.1", t0 + 1000)).toBe(15 * 60 - 1);

		throttle.recordSuccess("u1");
		expect(throttle.retryAfter("u1", "10.9.9.9", t0 + 10)).toBe(0);
	});
});

describe("POST /api/admin/verify-passkey throttling", () => {
	let server: TestServer;
	beforeAll(async () => {
		server = await startTestServer({ ADMIN_PASSKEY: "right-key" });
	});
	afterAll(() => server.stop());

	test("after five wrong passkeys even the right one answers 429 with Retry-After", async () => {
		const { client } = await registerUser(server);
		for (let i = 0; i < MAX_PASSKEY_FAILURES; i++) {
			expect((await client.post("/api/admin/verify-passkey", { passkey: `wrong${i}` })).data).toEqual({ valid: false });
		}
		const res = await client.post("/api/admin/verify-passkey", { passkey: "right-key" });
		expect(res.status).toBe(429);
		expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(800);
		expect((await client.get("/api/admin/users")).status).toBe(403);
		// The same address with another account is held back too.
		const other = await registerUser(server);
		expect((await other.client.post("/api/admin/verify-passkey", { passkey: "right-key" })).status).toBe(429);
	});
});

describe("the right passkey starts the account's count again", () => {
	let proxied: TestServer;
	beforeAll(async () => {
		// Behind a trusted proxy each try can come from its own address, so only the account's count is at play.
		proxied = await startTestServer({ ADMIN_PASSKEY: "right-key", TRUST_PROXY: "1" });
	});
	afterAll(() => proxied.stop());

	test("four wrong tries, the right one, one more wrong: the right passkey still unlocks", async () => {
		const { client } = await registerUser(proxied);
		let address = 1;
		const tryKey = (passkey: string) =>
			client.post(
				"/api/admin/verify-passkey",
				{ passkey },
				{ headers: { "x-forwarded-for": `198.51.100.${address++}` } },
			);
		for (let i = 0; i < MAX_PASSKEY_FAILURES - 1; i++) expect((await tryKey("nope")).data).toEqual({ valid: false });
		expect((await tryKey("right-key")).data).toEqual({ valid: true });
		expect((await tryKey("nope")).data).toEqual({ valid: false });
		const again = await tryKey("right-key");
		expect(again.status).toBe(200);
		expect(again.data).toEqual({ valid: true });
	});
});
