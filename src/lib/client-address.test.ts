import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../test/harness.ts";
import { addressKey } from "./client-address.ts";

// The documented limit (README, Decisions "TRUST_PROXY"), written out: a test that read the exported constant
// would pass whatever it became.
const MAX_FAILURES_PER_CLIENT = 20;

/** Failed logins, each for another unknown username (so only the per-address limit can trip). */
async function failLogins(server: TestServer, forwardedFor: string, count: number) {
	const statuses: number[] = [];
	for (let i = 0; i < count; i++) {
		const res = await server
			.client()
			.post(
				"/api/auth/login",
				{ username: `nobody${i}x${forwardedFor.length}`, password: "Wrong!Pass1" },
				{ headers: { "x-forwarded-for": forwardedFor } },
			);
		statuses.push(res.status);
	}
	return statuses;
}

describe("the client address of the login throttle", () => {
	let direct: TestServer;
	let proxied: TestServer;
	beforeAll(async () => {
		direct = await startTestServer();
		proxied = await startTestServer({ TRUST_PROXY: "1" });
	});
	afterAll(async () => {
		await direct.stop();
		await proxied.stop();
	});

	test("directly exposed, X-Forwarded-For is ignored: a client cannot dodge the limit by writing it", async () => {
		const statuses = await failLogins(direct, "203.0.113.5", MAX_FAILURES_PER_CLIENT);
		expect(statuses).toEqual(Array(MAX_FAILURES_PER_CLIENT).fill(401));
		expect(await failLogins(direct, "203.0.113.99", 1)).toEqual([429]);
	});

	test("behind one trusted proxy, each client has its own limit: the address the proxy appended", async () => {
		// The client wrote its own "10.0.0.1"; the proxy appended the address it saw, 203.0.113.5.
		const statuses = await failLogins(proxied, "10.0.0.1, 203.0.113.5", MAX_FAILURES_PER_CLIENT);
		expect(statuses).toEqual(Array(MAX_FAILURES_PER_CLIENT).fill(401));
		expect(await failLogins(proxied, "203.0.113.5", 1)).toEqual([429]);
		// Another shopper behind the same proxy is not locked out by the first one's failures.
		expect(await failLogins(proxied, "198.51.100.20", 1)).toEqual([401]);
		// Nor can the first one escape by writing another address in front of the proxy's entry.
		expect(await failLogins(proxied, "198.51.100.21, 203.0.113.5", 1)).toEqual([429]);
	});

	test("behind two trusted proxies (a CDN, then TLS), the client is the address the first one appended", async () => {
		const twoHops = await startTestServer({ TRUST_PROXY: "2" });
		try {
			// The client wrote 10.9.9.9; the CDN appended the client, 203.0.113.5; the TLS proxy appended the CDN.
			expect(await failLogins(twoHops, "10.9.9.9, 203.0.113.5, 198.51.100.1", MAX_FAILURES_PER_CLIENT)).toEqual(
				Array(MAX_FAILURES_PER_CLIENT).fill(401),
			);
			expect(await failLogins(twoHops, "203.0.113.5, 198.51.100.1", 1)).toEqual([429]);
			// Another shopper through the same CDN node keeps their own tries.
			expect(await failLogins(twoHops, "203.0.113.7, 198.51.100.1", 1)).toEqual([401]);
		} finally {
			await twoHops.stop();
		}
	});
});

describe("the key a per-address limit counts under", () => {
	test("an IPv6 address is its /64, however it is written; IPv4, also written as IPv6, stays whole", () => {
		expect(addressKey("2001:db8:7:1::1")).toBe("2001:db8:7:1::/64");
		expect(addressKey("2001:0DB8:0007:0001:ffff:ffff:ffff:ffff")).toBe("2001:db8:7:1::/64");
		expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
		expect(addressKey("::1")).toBe("0:0:0:0::/64");
		expect(addressKey("203.0.113.5")).toBe("203.0.113.5");
		expect(addressKey("::ffff:203.0.113.5")).toBe("203.0.113.5");
		expect(addressKey("::ffff:cb00:7105")).toBe("203.0.113.5");
	});
});
