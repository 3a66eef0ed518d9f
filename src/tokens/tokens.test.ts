import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as v from "valibot";
import { apiTokens } from "../../db/schema.ts";
import { moderator, PASSKEY, reportProduct, tag } from "../admin/testing.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	STRONG_PASSWORD,
	startTestServer,
	type TestServer,
} from "../test/harness.ts";
import {
	TOKEN_ACCOUNT_SUSPENDED,
	TOKEN_INVALID,
	TOKEN_MALFORMED,
	TOKEN_PATH_REFUSED,
	TOKEN_WRITE_REFUSED,
} from "./bearer.ts";
import { MAX_TOKENS_PER_USER, TOKEN_REQUESTS_PER_MINUTE, TOO_MANY_TOKENS } from "./schemas.ts";

// Each test signs shoppers up, and argon2 hashing is slow on a busy shared machine.
setDefaultTimeout(30_000);

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer({ ADMIN_PASSKEY: PASSKEY });
});
afterAll(() => server.stop());

/** A shopper with a fresh token of theirs. */
async function shopperWithToken(name = "Home Assistant") {
	const shopper = await registerUser(server);
	const res = await shopper.client.post("/api/tokens", { name });
	expectStatus(res, 201);
	return { ...shopper, token: res.data.token, secret: res.data.secret };
}

/** A fresh client (no cookie) whose requests carry only the token, as a script's do. */
const script = (secret: string) => server.client({ authorization: `Bearer ${secret}` });
/** Who the token reads as: GET /api/auth/user with it. */
const withToken = (secret: string) => script(secret).get("/api/auth/user");

const stored = (id: number) => server.db.select().from(apiTokens).where(eq(apiTokens.id, id)).get();

describe("POST /api/tokens", () => {
	test("shows the secret once: the list has only its last four characters, the table only its SHA-256", async () => {
		const { client, token, secret } = await shopperWithToken("  Pantry sync  ");
		expect(secret).toMatch(/^cc_pat_[a-z2-7]{32}$/);
		expect(token).toEqual({
			id: expect.any(Number),
			name: "Pantry sync",
			hint: secret.slice(-4),
			createdAt: expect.any(String),
			lastUsedAt: null,
		});

		const list = await client.get("/api/tokens");
		expectStatus(list, 200);
		expect(list.data).toEqual([token]);
		expect(JSON.stringify(list.data)).not.toContain(secret.slice(7, 30));

		const row = stored(token.id);
		expect(row?.tokenHash).toBe(new Bun.CryptoHasher("sha256").update(secret).digest("hex"));
		expect(JSON.stringify(row)).not.toContain(secret.slice(7, 30));
	});

	test("two tokens never share a secret, and the list is newest first", async () => {
		const { client, secret } = await shopperWithToken("First");
		const second = await client.post("/api/tokens", { name: "Second" });
		expectStatus(second, 201);
		expect(second.data.secret).not.toBe(secret);
		expect(expectBody(await client.get("/api/tokens"), 200).map((t: { name: string }) => t.name)).toEqual([
			"Second",
			"First",
		]);
	});

	test("a name is required and at most 60 characters", async () => {
		const { client } = await registerUser(server);
		const blank = await client.post("/api/tokens", { name: "   " });
		expect([blank.status, blank.data.message]).toEqual([400, "Give the token a name"]);
		const missing = await client.post("/api/tokens", {});
		expect([missing.status, missing.data.message]).toEqual([400, "Give the token a name"]);
		const long = await client.post("/api/tokens", { name: "x".repeat(61) });
		expect([long.status, long.data.message]).toEqual([400, "Name must be at most 60 characters"]);
		expect((await client.post("/api/tokens", { name: "x".repeat(60) })).status).toBe(201);
	});

	test(`a shopper keeps at most ${MAX_TOKENS_PER_USER} tokens`, async () => {
		const { client } = await registerUser(server);
		for (let i = 0; i < MAX_TOKENS_PER_USER; i++) {
			expect((await client.post("/api/tokens", { name: `Token ${i}` })).status).toBe(201);
		}
		const over = await client.post("/api/tokens", { name: "One more" });
		expect([over.status, over.data.message]).toEqual([409, TOO_MANY_TOKENS]);
	});

	test("a guest is told to sign in", async () => {
		const res = await server.client().post("/api/tokens", { name: "Nope" });
		expect(res.status).toBe(401);
	});
});

describe("Authorization: Bearer", () => {
	test("a token reads as its shopper, writes no cookie, and marks when it was last used", async () => {
		const { client, user, token, secret } = await shopperWithToken();
		const t = tag();
		await reportProduct(client, `${t} Token Milk`);

		const me = await withToken(secret);
		expectStatus(me, 200);
		expect([me.data.id, me.setCookie]).toEqual([user.id, null]);
		const search = await script(secret).get(`/api/search?q=${t}`);
		expectStatus(search, 200);
		expect(search.data.map((r: { productName: string }) => r.productName)).toEqual([`${t} Token Milk`]);
		const head = await script(secret).requestRaw("HEAD", "/api/auth/user");
		expect(head.status).toBe(200);

		const used = stored(token.id)?.lastUsedAt;
		expect(used).toBeInstanceOf(Date);
		// Within the hour, reads do not write it again.
		await withToken(secret);
		expect(stored(token.id)?.lastUsedAt).toEqual(used!);
		expect(expectBody(await client.get("/api/tokens"), 200)[0]?.lastUsedAt).toBe(used!.toISOString());
	});

	test("a write with a token is refused as read-only, before the Origin check", async () => {
		const { secret } = await shopperWithToken();
		const body = { productName: "Milk", price: 3.49, categoryId: 3, storeName: "Shop", storeAddress: "1 Elm St" };
		for (const origin of [undefined, null]) {
			const res = await server.client().request("POST", "/api/price-reports", {
				headers: { authorization: `Bearer ${secret}` },
				json: body,
				origin,
			});
			expect([res.status, res.data.message]).toEqual([403, TOKEN_WRITE_REFUSED]);
		}
		const patch = await script(secret).patch("/api/auth/user", { zipCode: "90210" });
		expect([patch.status, patch.data.message]).toEqual([403, TOKEN_WRITE_REFUSED]);
		const options = await script(secret).requestRaw("OPTIONS", "/api/auth/user");
		expect([options.status, options.data]).toEqual([403, { message: TOKEN_WRITE_REFUSED }]);
	});

	test("with a cookie too, the token decides: its shopper, and no writes", async () => {
		const { secret, user } = await shopperWithToken();
		const other = await registerUser(server);
		const headers = { authorization: `Bearer ${secret}` };
		const me = await other.client.get("/api/auth/user", { headers });
		expectStatus(me, 200);
		expect(me.data.id).toBe(user.id);
		const write = await other.client.patch("/api/auth/user", { zipCode: "90210" }, { headers });
		expect([write.status, write.data.message]).toEqual([403, TOKEN_WRITE_REFUSED]);
	});

	test("a bearer that is not ours, beside a cookie, is a proxy's: the cookie decides", async () => {
		const { client, user } = await registerUser(server);
		const headers = { authorization: "Bearer eyJhbGciOiJSUzI1NiJ9.proxy.jwt" };
		const me = await client.get("/api/auth/user", { headers });
		expectStatus(me, 200);
		expect(me.data.id).toEqual(user.id);
		const write = await client.patch("/api/auth/user", { zipCode: "90210" }, { headers });
		expect(write.status).toBe(200);
	});

	test("every read the contract keeps to the session refuses a token", async () => {
		const { secret } = await shopperWithToken();
		const Security = v.optional(v.array(v.record(v.string(), v.array(v.string()))));
		const Contract = v.looseObject({
			paths: v.record(v.string(), v.looseObject({ get: v.optional(v.looseObject({ security: Security })) })),
		});
		const contract = v.parse(Contract, (await server.client().requestRaw("GET", "/api/openapi.json")).data);
		const sessionOnly = Object.entries(contract.paths)
			.filter(([, ops]) => ops.get?.security?.length && !ops.get.security.some((s) => "token" in s))
			.map(([path]) => path.replace(/\{[^}]+\}/g, "1"));
		expect(sessionOnly).toContain("/api/tokens");
		for (const path of sessionOnly) {
			const res = await script(secret).requestRaw("GET", path);
			expect([path, res.status, res.data]).toEqual([path, 403, { message: TOKEN_PATH_REFUSED }]);
		}
	});

	test("a password change revokes every token of the shopper", async () => {
		const { client, secret } = await shopperWithToken();
		expect((await withToken(secret)).status).toBe(200);
		const changed = await client.put("/api/profile/password", {
			currentPassword: STRONG_PASSWORD,
			newPassword: "Another!Pass2",
			confirmPassword: "Another!Pass2",
		});
		expect(changed.status).toBe(200);
		const after = await withToken(secret);
		expect([after.status, after.data.message]).toEqual([401, TOKEN_INVALID]);
		expect(expectBody(await client.get("/api/tokens"), 200)).toEqual([]);
	});

	test("an unknown, malformed or revoked token is 401, saying so", async () => {
		const { client, token, secret } = await shopperWithToken();
		const unknown = await withToken(`cc_pat_${"a".repeat(32)}`);
		expect([unknown.status, unknown.data.message]).toEqual([401, TOKEN_INVALID]);
		expect(unknown.headers.get("www-authenticate")).toContain('error="invalid_token"');
		for (const malformed of ["", "abc", `${secret}x`, secret.toUpperCase()]) {
			const res = await withToken(malformed);
			expect([res.status, res.data.message]).toEqual([401, TOKEN_MALFORMED]);
		}

		expect(await client.delete(`/api/tokens/${token.id}`)).toMatchObject({ status: 200, data: { id: token.id } });
		const revoked = await withToken(secret);
		expect([revoked.status, revoked.data.message]).toEqual([401, TOKEN_INVALID]);
		expect(expectBody(await client.get("/api/tokens"), 200)).toEqual([]);
		expect(stored(token.id)).toBeUndefined();
	});

	test("another shopper cannot revoke your token: 404, and it keeps working", async () => {
		const { token, secret } = await shopperWithToken();
		const other = await registerUser(server);
		const res = await other.client.delete(`/api/tokens/${token.id}`);
		expect([res.status, res.data.message]).toEqual([404, "Token not found"]);
		expect((await other.client.delete("/api/tokens/abc")).status).toBe(404);
		expect((await withToken(secret)).status).toBe(200);
	});

	test("a suspended account's token stops working, and works again once the suspension is lifted", async () => {
		const { user, secret } = await shopperWithToken();
		const mod = await moderator(server);
		const body = { userId: user.id, reason: "Fake prices" };
		expect((await mod.client.post("/api/admin/terminate-account", body)).status).toBe(200);
		const suspended = await withToken(secret);
		expect([suspended.status, suspended.data.message]).toEqual([401, TOKEN_ACCOUNT_SUSPENDED]);

		expect((await mod.client.post("/api/admin/lift-suspension", body)).status).toBe(200);
		expect((await withToken(secret)).status).toBe(200);
	});

	test("a token cannot manage tokens, open the console or the live stream", async () => {
		const { token, secret } = await shopperWithToken();
		for (const path of ["/api/tokens", "/api/admin/users", "/api/admin/flags", "/api/events"]) {
			const res = await script(secret).requestRaw("GET", path);
			expect([path, res.status, res.data]).toEqual([path, 403, { message: TOKEN_PATH_REFUSED }]);
		}
		const revoke = await script(secret).delete(`/api/tokens/${token.id}`);
		expect([revoke.status, revoke.data.message]).toEqual([403, TOKEN_WRITE_REFUSED]);
		expect(await script(secret).post("/api/tokens", { name: "Spawn" })).toMatchObject({ status: 403 });
		expect((await withToken(secret)).status).toBe(200);
	});

	test(`each token may make ${TOKEN_REQUESTS_PER_MINUTE} requests a minute, then 429 with Retry-After`, async () => {
		const { client, secret } = await shopperWithToken();
		const { secret: other } = await shopperWithToken();
		const answers: number[] = [];
		for (let i = 0; i < TOKEN_REQUESTS_PER_MINUTE; i++) answers.push((await withToken(secret)).status);
		expect(answers.every((s) => s === 200)).toBe(true);
		const over = await withToken(secret);
		expectStatus(over, 429);
		expect(over.data.message).toStartWith("Too many requests with this token");
		expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
		expect(over.data.retryAfterSeconds).toBe(Number(over.headers.get("retry-after")));
		// Another token, and the shopper's own session, are not held back.
		expect((await withToken(other)).status).toBe(200);
		expect((await client.get("/api/auth/user")).status).toBe(200);
	});
});
