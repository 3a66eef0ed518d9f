import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { priceReports, sessions, stores, users, userUpvotes } from "../../db/schema.ts";
import { expectBody, expectStatus, registerUser, startTestServer, type TestServer } from "../test/harness.ts";
import { SESSION_TTL_MS, sessionIdOf } from "./sessions.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(() => server.stop());

const DAY = 24 * 60 * 60 * 1000;
const tokenOf = (cookie: string | undefined) => cookie?.split("=")[1] ?? "";

describe("sessions", () => {
	test("the table keeps only the token's SHA-256, with the user and a 30-day expiry", async () => {
		const { client, user } = await registerUser(server);
		const token = tokenOf(client.cookie);
		const rows = server.db.select().from(sessions).where(eq(sessions.userId, user.id)).all();
		expect(rows).toHaveLength(1);
		expect(rows[0]?.sid).toBe(sessionIdOf(token));
		expect(rows[0]?.sid).not.toContain(token);
		expect(rows[0]?.sess.userId).toBe(user.id);
		const remaining = (rows[0]?.expire.getTime() ?? 0) - Date.now();
		expect(remaining).toBeGreaterThan(SESSION_TTL_MS - 60_000);
		expect(remaining).toBeLessThanOrEqual(SESSION_TTL_MS);
	});

	test("GET /api/auth/user is 401 for a guest and for a forged cookie", async () => {
		expect((await server.client().get("/api/auth/user")).status).toBe(401);
		const forged = server.client();
		forged.cookie = "cc_session=abcdefghijklmnopqrstuvwxyz234567";
		const res = await forged.get("/api/auth/user");
		expect(res.status).toBe(401);
		expect(res.data).toEqual({ message: "You are not signed in" });
	});

	test("logout ends the session: the old cookie replayed is refused", async () => {
		const { client } = await registerUser(server);
		const stolen = client.cookie;
		const out = await client.post("/api/auth/logout");
		expect(out.status).toBe(200);
		expect(out.setCookie).toMatch(/cc_session=;/);
		const replay = server.client();
		replay.cookie = stolen;
		expect((await replay.get("/api/auth/user")).status).toBe(401);
		expect(
			server.db
				.select()
				.from(sessions)
				.where(eq(sessions.sid, sessionIdOf(tokenOf(stolen))))
				.all(),
		).toEqual([]);
	});

	test("a session past half its life is renewed, and an expired one is refused and removed", async () => {
		const { client } = await registerUser(server);
		const sid = sessionIdOf(tokenOf(client.cookie));
		// 14 of 30 days left: just under half, so a shopper who comes back every fortnight stays signed in.
		server.db
			.update(sessions)
			.set({ expire: new Date(Date.now() + 14 * DAY) })
			.where(eq(sessions.sid, sid))
			.run();
		const renewed = await client.get("/api/auth/user");
		expect(renewed.status).toBe(200);
		expect(renewed.setCookie).toContain("cc_session=");
		const row = server.db.select().from(sessions).where(eq(sessions.sid, sid)).get();
		expect((row?.expire.getTime() ?? 0) - Date.now()).toBeGreaterThan(29 * DAY);

		server.db
			.update(sessions)
			.set({ expire: new Date(Date.now() - 1000) })
			.where(eq(sessions.sid, sid))
			.run();
		expect((await client.get("/api/auth/user")).status).toBe(401);
		expect(server.db.select().from(sessions).where(eq(sessions.sid, sid)).get()).toBeUndefined();
	});

	test("a session with more than half its life left is not renewed", async () => {
		const { client } = await registerUser(server);
		const sid = sessionIdOf(tokenOf(client.cookie));
		const expire = new Date(Date.now() + 16 * DAY);
		server.db.update(sessions).set({ expire }).where(eq(sessions.sid, sid)).run();
		const res = await client.get("/api/auth/user");
		expect(res.status).toBe(200);
		expect(res.setCookie).toBeNull();
		expect(server.db.select().from(sessions).where(eq(sessions.sid, sid)).get()?.expire).toEqual(expire);
	});

	test("a renewal near the 90-day limit ends there, in the table and in the cookie", async () => {
		const { client } = await registerUser(server);
		const sid = sessionIdOf(tokenOf(client.cookie));
		const row = server.db.select().from(sessions).where(eq(sessions.sid, sid)).get();
		const createdAt = Date.now() - 85 * DAY;
		const sess = { ...row!.sess, createdAt };
		server.db
			.update(sessions)
			.set({ sess, expire: new Date(Date.now() + 2 * DAY) })
			.where(eq(sessions.sid, sid))
			.run();
		const res = await client.get("/api/auth/user");
		expect(res.status).toBe(200);
		const limit = createdAt + 90 * DAY;
		const renewed = server.db.select().from(sessions).where(eq(sessions.sid, sid)).get();
		expect(renewed?.expire.getTime()).toBe(limit);
		// The cookie says when the browser may forget it: not weeks after the server already refuses it.
		const cookieExpires = Date.parse(/Expires=([^;]+)/i.exec(res.setCookie ?? "")?.[1] ?? "");
		expect(Math.abs(cookieExpires - limit)).toBeLessThan(1000);
	});

	test("no session outlives 90 days, however active", async () => {
		const { client } = await registerUser(server);
		const sid = sessionIdOf(tokenOf(client.cookie));
		const row = server.db.select().from(sessions).where(eq(sessions.sid, sid)).get();
		const sess = { ...row!.sess, createdAt: Date.now() - 91 * DAY };
		server.db.update(sessions).set({ sess }).where(eq(sessions.sid, sid)).run();
		expect((await client.get("/api/auth/user")).status).toBe(401);
	});
});

describe("PATCH /api/auth/user", () => {
	test("updates the zip code and answers the user", async () => {
		const { client } = await registerUser(server, { zipCode: null });
		const res = await client.patch("/api/auth/user", { zipCode: " 94110 " });
		expectStatus(res, 200);
		expect(res.data.zipCode).toBe("94110");
		expect(expectBody(await client.get("/api/auth/user"), 200).zipCode).toBe("94110");
	});

	test.each([
		[{}, "Zip code is required"],
		[{ zipCode: "  " }, "Zip code is required"],
		[{ zipCode: "12345-67890" }, "Zip code must be at most 10 characters"],
		[{ zipCode: 10001 }, "Zip code is required"],
	])("%p is refused with %p", async (body, message) => {
		const { client } = await registerUser(server);
		const res = await client.patch("/api/auth/user", body);
		expect(res.status).toBe(400);
		expect(res.data.message).toBe(message);
	});

	test("a guest gets 401", async () => {
		expect((await server.client().patch("/api/auth/user", { zipCode: "10001" })).status).toBe(401);
	});
});

describe("suspended accounts and deletion", () => {
	const suspend = (userId: string) =>
		server.db
			.update(users)
			.set({ isTerminated: true, terminationReason: "Fake prices", terminatedAt: new Date("2026-11-01T12:00:00Z") })
			.where(eq(users.id, userId))
			.run();

	test("a suspended user sees 403 with the reason, and may not change anything else", async () => {
		const { client, user } = await registerUser(server);
		suspend(user.id);
		const me = await client.get("/api/auth/user");
		expect(me.status).toBe(403);
		expect(me.data).toEqual({
			message: "Your account has been suspended",
			terminated: true,
			reason: "Fake prices",
			terminatedAt: "2026-11-01T12:00:00.000Z",
		});
		const zip = await client.patch("/api/auth/user", { zipCode: "10002" });
		expectStatus(zip, 403);
		expect(zip.data.terminated).toBe(true);
	});

	test("a suspended user can still sign in (to reach the delete option) and delete the account", async () => {
		const { user, username } = await registerUser(server);
		suspend(user.id);
		const client = server.client();
		expect((await client.post("/api/auth/login", { username, password: "Str0ng!Pass" })).status).toBe(200);
		const res = await client.delete("/api/auth/delete-account");
		expect(res.status).toBe(200);
		expect(server.db.select().from(users).where(eq(users.id, user.id)).get()).toBeUndefined();
		expect(server.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toEqual([]);
		expect((await client.get("/api/auth/user")).status).toBe(401);
	});

	test("deleting an account takes back the upvotes it gave and removes its reports", async () => {
		const reporter = await registerUser(server);
		const voter = await registerUser(server);
		const store = server.db
			.insert(stores)
			.values({ name: "S", address: "A", zipCode: "10001", lookupKey: "s|a" })
			.returning()
			.get();
		const report = server.db
			.insert(priceReports)
			.values({
				userId: reporter.user.id,
				storeId: store.id,
				productName: "Milk",
				normalizedName: "milk",
				priceCents: 399,
				categoryId: 3,
				zipCode: "10001",
				locToken: "z10001",
				upvotes: 1,
			})
			.returning()
			.get();
		const own = server.db
			.insert(priceReports)
			.values({
				userId: voter.user.id,
				storeId: store.id,
				productName: "Eggs",
				normalizedName: "eggs",
				priceCents: 299,
				categoryId: 3,
				zipCode: "10001",
				locToken: "z10001",
			})
			.returning()
			.get();
		server.db.insert(userUpvotes).values({ userId: voter.user.id, priceReportId: report.id }).run();

		expect((await voter.client.delete("/api/auth/delete-account")).status).toBe(200);
		expect(server.db.select().from(priceReports).where(eq(priceReports.id, report.id)).get()?.upvotes).toBe(0);
		expect(server.db.select().from(priceReports).where(eq(priceReports.id, own.id)).get()).toBeUndefined();
		expect(server.db.select().from(userUpvotes).where(eq(userUpvotes.userId, voter.user.id)).all()).toEqual([]);
	});

	test("deleting needs a session", async () => {
		expect((await server.client().delete("/api/auth/delete-account")).status).toBe(401);
	});
});
