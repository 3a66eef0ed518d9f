import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { STRONG_PASSWORD, startTestServer, type TestServer } from "../test/harness.ts";

let direct: TestServer;
let proxied: TestServer;
beforeAll(async () => {
	direct = await startTestServer({ SIGNUPS_PER_HOUR: "3" });
	proxied = await startTestServer({ SIGNUPS_PER_HOUR: "2", TRUST_PROXY: "1" });
});
afterAll(async () => {
	await direct.stop();
	await proxied.stop();
});

const signUp = (server: TestServer, username: string, headers: Record<string, string> = {}) =>
	server
		.client()
		.post(
			"/api/auth/register",
			{ username, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, firstName: "Sam", lastName: "Signup" },
			{ headers },
		);

describe("sign-ups per client address", () => {
	test("past SIGNUPS_PER_HOUR an address is told to wait, and no account is made", async () => {
		expect((await signUp(direct, "first")).status).toBe(201);
		expect((await signUp(direct, "second")).status).toBe(201);
		expect((await signUp(direct, "third")).status).toBe(201);

		const refused = await signUp(direct, "fourth");
		expect(refused.status).toBe(429);
		expect(refused.data.message).toBe("Too many new accounts from your network. Try again in 60 minute(s).");
		expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
		expect(refused.setCookie).toBeNull();
		const login = await direct.client().post("/api/auth/login", { username: "fourth", password: STRONG_PASSWORD });
		expect(login.status).toBe(401);
	});

	test("a name already taken costs a try, so usernames cannot be probed without limit", async () => {
		const from = { "x-forwarded-for": "192.0.2.77" };
		expect((await signUp(proxied, "probed", from)).status).toBe(201);
		expect((await signUp(proxied, "PROBED", from)).status).toBe(409);
		const probe = await signUp(proxied, "probed", from);
		expect(probe.status).toBe(429);
		expect(probe.data.message).not.toMatch(/taken/);
	});

	test("sign-ups sent side by side cannot all slip under the limit", async () => {
		const answers = await Promise.all(
			["side1", "side2", "side3", "side4"].map((name) => signUp(proxied, name, { "x-forwarded-for": "203.0.113.9" })),
		);
		expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 429, 429]);
	});

	test("an IPv6 client is its /64: rotating the last 64 bits is one budget, the next /64 another", async () => {
		const from = (address: string) => ({ "x-forwarded-for": address });
		expect((await signUp(proxied, "six1", from("2001:db8:7:1::1"))).status).toBe(201);
		expect((await signUp(proxied, "six2", from("2001:db8:7:1:ffff:ffff:ffff:fffe"))).status).toBe(201);
		const rotated = await signUp(proxied, "six3", from("2001:0db8:0007:0001:9a3c:1:2:3"));
		expect(rotated.status).toBe(429);
		expect(rotated.data.message).toMatch(/^Too many new accounts from your network/);
		expect((await signUp(proxied, "six4", from("2001:db8:7:2::1"))).status).toBe(201);
	});

	test("an IPv4 address written as IPv6 is the same address, and its neighbours are not", async () => {
		const from = (address: string) => ({ "x-forwarded-for": address });
		expect((await signUp(proxied, "four1", from("192.0.2.150"))).status).toBe(201);
		expect((await signUp(proxied, "four2", from("::ffff:192.0.2.150"))).status).toBe(201);
		expect((await signUp(proxied, "four3", from("::ffff:c000:296"))).status).toBe(429);
		expect((await signUp(proxied, "four4", from("::ffff:192.0.2.151"))).status).toBe(201);
	});

	test("behind a trusted proxy each client has its own count", async () => {
		for (const name of ["alpha1", "alpha2"])
			expect((await signUp(proxied, name, { "x-forwarded-for": "198.51.100.1" })).status).toBe(201);
		expect((await signUp(proxied, "alpha3", { "x-forwarded-for": "198.51.100.1" })).status).toBe(429);
		expect((await signUp(proxied, "bravo1", { "x-forwarded-for": "198.51.100.2" })).status).toBe(201);
	});
});
