import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sessions, users } from "../../db/schema.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	STRONG_PASSWORD,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";

// Each test signs several users up, and argon2 hashing is slow on a busy shared machine.
setDefaultTimeout(20_000);

const PASSKEY = "correct horse battery staple";
const LOCKED = "Enter the developer passkey to use the developer console";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer({ ADMIN_PASSKEY: PASSKEY });
});
afterAll(() => server.stop());

const unlock = (client: TestClient, passkey = PASSKEY) => client.post("/api/admin/verify-passkey", { passkey });
async function moderator() {
	const mod = await registerUser(server);
	expect((await unlock(mod.client)).data).toEqual({ valid: true });
	return mod;
}

describe("POST /api/admin/verify-passkey and the unlock", () => {
	test("a wrong passkey answers valid false and unlocks nothing; the right one unlocks this session only", async () => {
		const { client, username } = await registerUser(server);
		expect((await client.get("/api/admin/users")).status).toBe(403);
		// The same user, already signed in on another device before the unlock.
		const phone = server.client();
		expect((await phone.post("/api/auth/login", { username, password: STRONG_PASSWORD })).status).toBe(200);

		const wrong = await unlock(client, "guess");
		expect(wrong.status).toBe(200);
		expect(wrong.data).toEqual({ valid: false });
		const locked = await client.get("/api/admin/users");
		expect(locked.status).toBe(403);
		expect(locked.data.message).toBe(LOCKED);

		expect((await unlock(client)).data).toEqual({ valid: true });
		expect((await client.get("/api/admin/users")).status).toBe(200);

		// The same user's other device (signed in before, or after), and anyone else, are still locked out.
		expect((await phone.get("/api/admin/users")).status).toBe(403);
		const tablet = server.client();
		expect((await tablet.post("/api/auth/login", { username, password: STRONG_PASSWORD })).status).toBe(200);
		expect((await tablet.get("/api/admin/users")).status).toBe(403);
		const other = await registerUser(server);
		expect((await other.client.get("/api/admin/users")).status).toBe(403);

		// Signing out forgets the unlock: a new session starts locked.
		await client.post("/api/auth/logout");
		await client.post("/api/auth/login", { username, password: STRONG_PASSWORD });
		expect((await client.get("/api/admin/users")).status).toBe(403);
	});

	test("the unlock is a flag in this session's own sess JSON", async () => {
		const { client, user } = await registerUser(server);
		await unlock(client);
		const rows = server.db.select().from(sessions).where(eq(sessions.userId, user.id)).all();
		expect(rows.map((r) => r.sess.adminUnlocked)).toEqual([true]);
	});

	test("every other admin path is refused before the unlock, even one that does not exist", async () => {
		const { client } = await registerUser(server);
		expect((await client.requestRaw("GET", "/api/admin/nothing-here")).status).toBe(403);
		expect((await client.post("/api/admin/terminate-account", { userId: "x", reason: "y" })).status).toBe(403);
		await unlock(client);
		expect((await client.requestRaw("GET", "/api/admin/nothing-here")).status).toBe(404);
	});

	test("a guest is 401, a blank passkey 400, a suspended user 403 even with an unlocked session", async () => {
		const guest = server.client();
		expect((await unlock(guest)).status).toBe(401);
		expect((await guest.get("/api/admin/users")).status).toBe(401);
		const { client, user } = await moderator();
		expect((await unlock(client, "")).status).toBe(400);
		server.db.update(users).set({ isTerminated: true }).where(eq(users.id, user.id)).run();
		const res = await client.get("/api/admin/users");
		expectStatus(res, 403);
		expect(res.data.terminated).toBe(true);
		expect((await unlock(client)).status).toBe(403);
	});
});

describe("GET /api/admin/users", () => {
	test("lists everyone in the §3 shape, private and suspended too, filtered by username", async () => {
		const mod = await moderator();
		const t = `adm${Date.now().toString(36)}`;
		const a = await registerUser(server, { username: `${t}_Alpha`, firstName: "Al", lastName: "Pha" });
		const b = await registerUser(server, { username: `beta_${t}` });
		await b.client.put("/api/profile/privacy", { isPublicProfile: false });
		server.db.update(users).set({ isTerminated: true }).where(eq(users.id, b.user.id)).run();

		const res = await mod.client.get(`/api/admin/users?q=${t.toUpperCase()}`);
		expect(res.status).toBe(200);
		expect(res.data).toEqual([
			{
				id: a.user.id,
				username: `${t}_Alpha`,
				firstName: "Al",
				lastName: "Pha",
				profileImageUrl: null,
				isTerminated: false,
			},
			{
				id: b.user.id,
				username: `beta_${t}`,
				firstName: "Sam",
				lastName: "Shopper",
				profileImageUrl: null,
				isTerminated: true,
			},
		]);
		expect((await mod.client.get(`/api/admin/users?q=${t}_a`)).data).toHaveLength(1);
		expect((await mod.client.get("/api/admin/users?q=%25_")).data).toEqual([]);
		expect(expectBody(await mod.client.get("/api/admin/users"), 200).length).toBeGreaterThanOrEqual(3);
		expect(res.headers.get("x-total-count")).toBe("2");
	});

	test("shows the first 100 in order and says how many match in all (X-Total-Count)", async () => {
		const mod = await moderator();
		const t = `many${Date.now().toString(36)}`;
		// Every other name capitalised: the order is alphabetical whatever the case ("amy" before "Bob").
		const names = Array.from({ length: 103 }, (_, i) => `${i % 2 ? t.toUpperCase() : t}_${String(i).padStart(3, "0")}`);
		// Straight into the table: 103 sign-ups would spend the test's time on argon2.
		server.db
			.insert(users)
			.values(names.map((username) => ({ username, password: "x" })))
			.run();
		const res = await mod.client.get(`/api/admin/users?q=${t}`);
		expectStatus(res, 200);
		expect(res.data.map((u: { username: string }) => u.username)).toEqual(names.slice(0, 100));
		expect(res.headers.get("x-total-count")).toBe("103");
	});
});

describe("POST /api/admin/terminate-account", () => {
	test("suspends with reason, time and moderator; the user's session stays and sees the suspension", async () => {
		const mod = await moderator();
		const target = await registerUser(server);
		const before = Date.now();
		const res = await mod.client.post("/api/admin/terminate-account", {
			userId: target.user.id,
			reason: "  Fake prices  ",
		});
		expect(res.status).toBe(200);
		expect(res.data).toMatchObject({
			id: target.user.id,
			username: target.username,
			isTerminated: true,
			terminationReason: "Fake prices",
			reportsWithdrawn: 0,
		});

		const row = server.db.select().from(users).where(eq(users.id, target.user.id)).get();
		expect(row).toMatchObject({ isTerminated: true, terminationReason: "Fake prices", terminatedBy: mod.user.id });
		expect(row?.terminatedAt?.getTime()).toBeGreaterThanOrEqual(before);
		expect(server.db.select().from(sessions).where(eq(sessions.userId, target.user.id)).all()).toHaveLength(1);

		const me = await target.client.get("/api/auth/user");
		expect(me.status).toBe(403);
		expect(me.data).toEqual({
			message: "Your account has been suspended",
			terminated: true,
			reason: "Fake prices",
			terminatedAt: row?.terminatedAt?.toISOString(),
		});
		expect((await target.client.get("/api/categories")).status).toBe(403);
		expect((await target.client.put("/api/profile/privacy", { showActivity: false })).status).toBe(403);

		const again = await mod.client.post("/api/admin/terminate-account", { userId: target.user.id, reason: "Twice" });
		expect(again.status).toBe(409);
		expect(server.db.select().from(users).where(eq(users.id, target.user.id)).get()?.terminationReason).toBe(
			"Fake prices",
		);

		// Still signed in, the suspended user can delete the account, and nothing of it is left.
		expect((await target.client.delete("/api/auth/delete-account")).status).toBe(200);
		expect(server.db.select().from(users).where(eq(users.id, target.user.id)).get()).toBeUndefined();
	});

	test("withdraws the account's price and fuel reports from search and the stations' prices", async () => {
		const mod = await moderator();
		const zip = { zipCode: "73301" };
		const target = await registerUser(server, zip);
		const shopper = await registerUser(server, zip);
		const posted = await Promise.all([
			target.client.post("/api/price-reports", {
				productName: "Suspicious Saffron",
				price: 0.99,
				categoryId: 1,
				storeName: "Spice Co",
				storeAddress: "1 Main St",
			}),
			shopper.client.post("/api/price-reports", {
				productName: "Honest Saffron",
				price: 9.99,
				categoryId: 1,
				storeName: "Spice Co",
				storeAddress: "1 Main St",
			}),
			target.client.post("/api/gas/reports", {
				stationName: "Mod Gas",
				stationAddress: "2 Pump Rd",
				price: 3.099,
				fuelType: "regular",
			}),
		]);
		expect(posted.map((r) => r.status)).toEqual([201, 201, 201]);
		const suspicious = expectBody(posted[0], 201);
		const found = async () =>
			expectBody(await shopper.client.get("/api/search?q=saffron"), 200).map((r) => r.productName);
		const modGas = async () =>
			expectBody(await shopper.client.get("/api/gas/nearby"), 200).find((s) => s.name === "Mod Gas");
		expect(await found()).toEqual(["Suspicious Saffron", "Honest Saffron"]);
		expect((await modGas())?.regularPrice).toBe(3.099);

		const res = await mod.client.post("/api/admin/terminate-account", {
			userId: target.user.id,
			reason: "Fake prices",
		});
		expectStatus(res, 200);
		expect(res.data.reportsWithdrawn).toBe(2);
		expect(await found()).toEqual(["Honest Saffron"]);
		expect((await modGas())?.regularPrice ?? null).toBeNull();
		const took = await shopper.client.post(`/api/price-reports/${suspicious.id}/take-deal`);
		expect([took.status, took.data.message]).toEqual([409, "This deal is no longer available"]);
		const upvoted = await shopper.client.post(`/api/price-reports/${suspicious.id}/upvote`);
		expect([upvoted.status, upvoted.data.message]).toEqual([409, "This report is no longer available"]);
	});

	test("takes back the upvotes the account gave: others' reputation and the cards' counts drop", async () => {
		const mod = await moderator();
		const zip = { zipCode: "73344" };
		const honest = await registerUser(server, zip);
		const sock = await registerUser(server, zip);
		const fan = await registerUser(server, zip);
		const report = await honest.client.post("/api/price-reports", {
			productName: "Puppet Pepper",
			price: 1.99,
			categoryId: 1,
			storeName: "Spice Co",
			storeAddress: "1 Main St",
		});
		expectStatus(report, 201);
		for (const voter of [sock, fan])
			expect((await voter.client.post(`/api/price-reports/${report.data.id}/upvote`)).status).toBe(200);
		expect(expectBody(await honest.client.get("/api/auth/user"), 200).reputation).toBe(2);

		expect(
			(await mod.client.post("/api/admin/terminate-account", { userId: sock.user.id, reason: "Sock puppet" })).status,
		).toBe(200);
		expect(expectBody(await honest.client.get("/api/auth/user"), 200).reputation).toBe(1);
		const [card] = expectBody(await fan.client.get("/api/search?q=puppet%20pepper"), 200);
		expect(card).toMatchObject({ upvotes: 1, hasUserUpvoted: true });
		// Deleting the suspended account later takes nothing more.
		expect((await sock.client.delete("/api/auth/delete-account")).status).toBe(200);
		expect(expectBody(await honest.client.get("/api/auth/user"), 200).reputation).toBe(1);
	});

	test("needs a chosen, existing user other than oneself, and a non-blank reason", async () => {
		const mod = await moderator();
		const target = await registerUser(server);
		const cases: [unknown, 400 | 404, string][] = [
			[{ userId: target.user.id, reason: "   " }, 400, "A reason is required"],
			[{ userId: target.user.id }, 400, "A reason is required"],
			[{ reason: "Spam" }, 400, "Choose a user"],
			[{ userId: "no-such-user", reason: "Spam" }, 404, "User not found"],
			[{ userId: mod.user.id, reason: "Spam" }, 400, "You can't terminate your own account"],
		];
		for (const [body, status, message] of cases) {
			const res = await mod.client.post("/api/admin/terminate-account", body);
			expect([res.status, res.data.message]).toEqual([status, message]);
		}
		expect(server.db.select().from(users).where(eq(users.id, target.user.id)).get()?.isTerminated).toBe(false);
	});

	test("a session that has not entered the passkey cannot terminate anyone", async () => {
		const { client } = await registerUser(server);
		const target = await registerUser(server);
		const res = await client.post("/api/admin/terminate-account", { userId: target.user.id, reason: "Spam" });
		expect(res.status).toBe(403);
		expect(res.data.message).toBe(LOCKED);
		expect((await target.client.get("/api/auth/user")).status).toBe(200);
	});
});

describe("without ADMIN_PASSKEY", () => {
	test("the console is disabled: every admin call says so, whatever the session holds", async () => {
		const off = await startTestServer();
		try {
			const { client, user } = await registerUser(off);
			const res = await unlock(client);
			expect(res.status).toBe(404);
			expect(res.data.message).toBe("The developer console is not enabled on this server");
			// A session unlocked while the server had a passkey counts for nothing once it has none.
			for (const row of off.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()) {
				off.db
					.update(sessions)
					.set({ sess: { ...row.sess, adminUnlocked: true } })
					.where(eq(sessions.sid, row.sid))
					.run();
			}
			expect((await client.get("/api/admin/users")).status).toBe(404);
		} finally {
			await off.stop();
		}
	});
});
