import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { priceReports, stores, users } from "../../db/schema.ts";
import { expectBody, expectStatus, registerUser, startTestServer, type TestServer } from "../test/harness.ts";

// Each test signs several users up, and argon2 hashing is slow on a busy shared machine.
setDefaultTimeout(20_000);

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(() => server.stop());

/** A unique word per test, so the users of one test never show up in another's results. */
let seq = 0;
const tag = () => `zq${Date.now().toString(36)}${(seq++).toString(36)}`;

const usernames = (data: { username: string }[]) => data.map((u) => u.username).sort();

describe("GET /api/users/search", () => {
	test("finds users by the start of the username or first name, or a last initial, case aside, in the §3 shape", async () => {
		const t = tag();
		const searcher = await registerUser(server);
		const maria = await registerUser(server, { username: `${t}_maria`, firstName: "Maria", lastName: "Garcia" });
		await registerUser(server, { username: `other${t}`, firstName: `${t}Jo`, lastName: "Ng" });
		await registerUser(server, { username: `x${t}y`, firstName: "Al", lastName: `${t.toUpperCase()}son` });
		server.db
			.update(users)
			.set({ totalReports: 3, totalMoneySavedCents: 1250, uniqueStoresVisited: 2, reportsRefused: 1, reportsUpheld: 1 })
			.where(eq(users.id, maria.user.id))
			.run();

		const res = await searcher.client.get(`/api/users/search?q=${t.toUpperCase()}`);
		expectStatus(res, 200);
		// Username prefix first, the first-name match after it; a last name is matched by its initial only, as
		// others see it, so the whole of it finds nobody.
		expect(res.data.map((u: { username: string }) => u.username)).toEqual([`${t}_maria`, `other${t}`]);
		expect(res.data[0]).toEqual({
			id: maria.user.id,
			username: `${t}_maria`,
			firstName: "Maria",
			lastName: "G",
			zipCode: "10001",
			profileImageUrl: null,
			totalReports: 3,
			totalMoneySaved: 12.5,
			uniqueStoresVisited: 2,
			priceReportsMade: 0,
			reputation: 0,
			// Of 3 made and 1 refused, 1 removed on flags: 2 of 4 stood.
			accuracy: { percent: 50, accurate: 2, judged: 4 },
		});
		// Nobody judged yet: no accuracy rather than 0% or 100%.
		expect(res.data[1]?.accuracy).toBeNull();
		// Nothing in the middle of a word matches, and every word must match something.
		expect((await searcher.client.get(`/api/users/search?q=${t.slice(2)}`)).data).toEqual([]);
		expect(usernames(expectBody(await searcher.client.get(`/api/users/search?q=${t}_m g`), 200))).toEqual([
			`${t}_maria`,
		]);
		expect(usernames(expectBody(await searcher.client.get(`/api/users/search?q=${t}_m G.`), 200))).toEqual([
			`${t}_maria`,
		]);
		expect((await searcher.client.get(`/api/users/search?q=${t}_m gar`)).data).toEqual([]);
		expect((await searcher.client.get(`/api/users/search?q=${t}_m n`)).data).toEqual([]);
		expect((await searcher.client.get(`/api/users/search?q=${t}_m smith`)).data).toEqual([]);
	});

	test("counts the price reports each user made, and the upvotes they earned", async () => {
		const t = tag();
		const searcher = await registerUser(server);
		const reporter = await registerUser(server, { username: `${t}rep` });
		const store = server.db
			.insert(stores)
			.values({ name: "S", address: "A", zipCode: "10001", lookupKey: `s|${t}` })
			.returning()
			.get();
		for (const [cents, upvotes] of [
			[100, 2],
			[200, 0],
			[300, 1],
		] as const) {
			server.db
				.insert(priceReports)
				.values({
					userId: reporter.user.id,
					storeId: store.id,
					productName: "Milk",
					normalizedName: "milk",
					priceCents: cents,
					categoryId: 3,
					zipCode: "10001",
					locToken: "z10001",
					upvotes,
				})
				.run();
		}
		const [found] = expectBody(await searcher.client.get(`/api/users/search?q=${t}`), 200);
		expect(found).toMatchObject({ priceReportsMade: 3, reputation: 3 });
		expect(expectBody(await reporter.client.get("/api/auth/user"), 200).reputation).toBe(3);
	});

	test("a private profile and a suspended account are never listed; hidden activity lists no numbers", async () => {
		const t = tag();
		const searcher = await registerUser(server);
		const shy = await registerUser(server, { username: `${t}shy` });
		const quiet = await registerUser(server, { username: `${t}quiet` });
		const gone = await registerUser(server, { username: `${t}gone` });
		await registerUser(server, { username: `${t}open` });

		expect((await shy.client.put("/api/profile/privacy", { isPublicProfile: false })).status).toBe(200);
		expect((await quiet.client.put("/api/profile/privacy", { showActivity: false })).status).toBe(200);
		// Numbers to hide: the accuracy too is null because it is hidden, not because there is none.
		server.db.update(users).set({ totalReports: 5 }).where(eq(users.id, quiet.user.id)).run();
		server.db
			.update(users)
			.set({ isTerminated: true, terminationReason: "Spam" })
			.where(eq(users.id, gone.user.id))
			.run();

		const res = await searcher.client.get(`/api/users/search?q=${t}`);
		expectStatus(res, 200);
		expect(usernames(res.data)).toEqual([`${t}open`, `${t}quiet`]);
		const hidden = res.data.find((u: { username: string }) => u.username === `${t}quiet`);
		expect(hidden).toMatchObject({
			totalReports: null,
			totalMoneySaved: null,
			uniqueStoresVisited: null,
			priceReportsMade: null,
			reputation: null,
			accuracy: null,
		});
		expect(hidden?.firstName).toBe("Sam");

		// Going public again lists the profile again.
		await shy.client.put("/api/profile/privacy", { isPublicProfile: true });
		expect(usernames(expectBody(await searcher.client.get(`/api/users/search?q=${t}`), 200))).toContain(`${t}shy`);
	});

	test("the searcher is not among the results, at most 20 come back, and LIKE's characters are text", async () => {
		const t = tag();
		const me = await registerUser(server, { username: `${t}me` });
		// Rows straight into the table: 22 sign-ups would spend their time hashing passwords.
		server.db
			.insert(users)
			.values(Array.from({ length: 22 }, (_, i) => ({ username: `${t}n${i}`, password: "-" })))
			.run();
		const res = await me.client.get(`/api/users/search?q=${t}`);
		expectStatus(res, 200);
		expect(res.data).toHaveLength(20);
		expect(usernames(res.data)).not.toContain(`${t}me`);
		expect((await me.client.get("/api/users/search?q=%25")).data).toEqual([]);
		expect((await me.client.get(`/api/users/search?q=${t}_`)).data).toEqual([]);
	});

	test("a blank query is a 400; a guest 401; a suspended user 403", async () => {
		const { client, user } = await registerUser(server);
		for (const q of ["", "?q=", "?q=%20%20"] as const) {
			const res = await client.get(`/api/users/search${q}`);
			expect(res.status).toBe(400);
			expect(res.data.message).toBe("Enter a name or username to search");
		}
		expect((await server.client().get("/api/users/search?q=sam")).status).toBe(401);
		server.db.update(users).set({ isTerminated: true }).where(eq(users.id, user.id)).run();
		const suspended = await client.get("/api/users/search?q=sam");
		expectStatus(suspended, 403);
		expect(suspended.data.terminated).toBe(true);
	});
});
