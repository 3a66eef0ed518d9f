import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { expectStatus, registerUser, STRONG_PASSWORD, startTestServer, type TestServer } from "../test/harness.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(() => server.stop());

const valid = {
	username: "newcomer",
	password: STRONG_PASSWORD,
	confirmPassword: STRONG_PASSWORD,
	firstName: "Nia",
	lastName: "Newcomer",
	zipCode: "10001",
};

describe("POST /api/auth/register", () => {
	test("creates the user, signs them in, and answers the User shape without the password", async () => {
		const client = server.client();
		const res = await client.post("/api/auth/register", valid);
		expectStatus(res, 201);
		expect(res.data).toMatchObject({
			username: "newcomer",
			firstName: "Nia",
			lastName: "Newcomer",
			zipCode: "10001",
			preferredFuelType: "regular",
			isPublicProfile: true,
			showActivity: true,
			totalMoneySaved: 0,
			totalReports: 0,
			uniqueStoresVisited: 0,
			priceReportsMade: 0,
			isTerminated: false,
			terminationReason: null,
			profileImageUrl: null,
		});
		expect(typeof res.data.id).toBe("string");
		expect(JSON.stringify(res.data)).not.toContain("argon2");
		expect(res.data).not.toHaveProperty("password");
		expect(res.setCookie).toMatch(/^cc_session=[a-z2-7]{32};/);
		expect(res.setCookie).toContain("HttpOnly");
		expect(res.setCookie).toContain("SameSite=Lax");
		expect(res.setCookie).toContain("Path=/");

		const me = await client.get("/api/auth/user");
		expectStatus(me, 200);
		expect(me.data.username).toBe("newcomer");
	});

	test.each([
		["no username", { username: undefined }, "username", "Username is required"],
		["a blank username", { username: "   " }, "username", "Username is required"],
		[
			"a short password",
			{ password: "Ab!", confirmPassword: "Ab!" },
			"password",
			"Password must be at least 8 characters long",
		],
		[
			"no uppercase",
			{ password: "lowercase!1", confirmPassword: "lowercase!1" },
			"password",
			"Password must contain at least one uppercase letter",
		],
		[
			"no lowercase",
			{ password: "UPPERCASE!1", confirmPassword: "UPPERCASE!1" },
			"password",
			"Password must contain at least one lowercase letter",
		],
		[
			"no special character",
			{ password: "NoSpecial12", confirmPassword: "NoSpecial12" },
			"password",
			"Password must contain at least one special character",
		],
		["a different confirmation", { confirmPassword: "Other!Pass1" }, "confirmPassword", "Passwords don't match"],
		["a zip over 10 characters", { zipCode: "12345678901" }, "zipCode", "Zip code must be at most 10 characters"],
		["no first name", { firstName: "" }, "firstName", "First name is required"],
	])("refuses %s with the spec's message", async (_name, change, path, message) => {
		const res = await server.client().post("/api/auth/register", { ...valid, username: "someone", ...change });
		expect(res.status).toBe(400);
		expect(res.data.message).toBe(message);
		expect(res.data.issues).toContainEqual({ path, message });
	});

	test("the shortest password and username allowed are 8 and 3 characters", async () => {
		const client = server.client();
		const seven = await client.post("/api/auth/register", {
			...valid,
			username: "seven_chars",
			password: "Abcd!12",
			confirmPassword: "Abcd!12",
		});
		expect(seven.status).toBe(400);
		expect(seven.data.message).toBe("Password must be at least 8 characters long");
		const two = await client.post("/api/auth/register", { ...valid, username: "ab" });
		expect(two.status).toBe(400);
		expect(two.data.message).toBe("Username must be at least 3 characters");
		const eight = await server.client().post("/api/auth/register", {
			...valid,
			username: "eight_chars",
			password: "Abcd!123",
			confirmPassword: "Abcd!123",
		});
		expect(eight.status).toBe(201);
		expect((await server.client().post("/api/auth/register", { ...valid, username: "abc" })).status).toBe(201);
	});

	test("lists every broken password rule at once", async () => {
		const res = await server
			.client()
			.post("/api/auth/register", { ...valid, username: "weak", password: "abc", confirmPassword: "abc" });
		expectStatus(res, 400);
		const messages = res.data.issues
			?.filter((i: { path: string }) => i.path === "password")
			.map((i: { message: string }) => i.message);
		expect(messages).toEqual([
			"Password must be at least 8 characters long",
			"Password must contain at least one uppercase letter",
			"Password must contain at least one special character",
		]);
	});

	test("a different confirmation is named while the password still breaks a rule", async () => {
		const res = await server
			.client()
			.post("/api/auth/register", { ...valid, username: "typo", password: "abc", confirmPassword: "abd" });
		expect(res.status).toBe(400);
		expect(res.data.message).toBe("Password must be at least 8 characters long");
		expect(res.data.issues).toContainEqual({ path: "confirmPassword", message: "Passwords don't match" });
	});

	test("usernames are unique regardless of case", async () => {
		await registerUser(server, { username: "CaseUser" });
		const res = await server.client().post("/api/auth/register", { ...valid, username: "caseuser" });
		expect(res.status).toBe(409);
		expect(res.data.message).toBe("Username is already taken");
	});

	test("a missing zip code is allowed and stored as none", async () => {
		const { user } = await registerUser(server, { zipCode: "" });
		expect(user.zipCode).toBeNull();
	});
});

describe("POST /api/auth/login", () => {
	test("signs in with any case of the username", async () => {
		await registerUser(server, { username: "MixedCase" });
		const client = server.client();
		const res = await client.post("/api/auth/login", { username: "mixedcase", password: STRONG_PASSWORD });
		expectStatus(res, 200);
		expect(res.data.username).toBe("MixedCase");
		expect((await client.get("/api/auth/user")).status).toBe(200);
	});

	test.each([
		[{ password: "x" }, "Username is required"],
		[{ username: "someone" }, "Password is required"],
		[{ username: "someone", password: "" }, "Password is required"],
	])("%p is refused with %p", async (body, message) => {
		const res = await server.client().post("/api/auth/login", body);
		expect(res.status).toBe(400);
		expect(res.data.message).toBe(message);
	});

	test("an unknown user and a wrong password get the same answer", async () => {
		await registerUser(server, { username: "knownuser" });
		const unknown = await server.client().post("/api/auth/login", { username: "nobody-here", password: "Wrong!pass1" });
		const wrong = await server.client().post("/api/auth/login", { username: "knownuser", password: "Wrong!pass1" });
		expect(unknown.status).toBe(401);
		expect(wrong.status).toBe(401);
		expect(unknown.data).toEqual(wrong.data);
		expect(wrong.data.message).toBe("Invalid username or password");
		expect(wrong.setCookie).toBeNull();
	});

	test("after five failures for a username, even the right password waits (429 with Retry-After)", async () => {
		await registerUser(server, { username: "targeted" });
		for (let i = 0; i < 5; i++) {
			const res = await server.client().post("/api/auth/login", { username: "targeted", password: `Wrong!${i}aA` });
			expect(res.status).toBe(401);
		}
		const blocked = await server.client().post("/api/auth/login", { username: "TARGETED", password: STRONG_PASSWORD });
		expect(blocked.status).toBe(429);
		expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
		expect(blocked.data.message).toMatch(/Too many failed sign-in attempts/);
		// Other accounts from the same client are not locked out by it.
		await registerUser(server, { username: "bystander" });
		const other = await server.client().post("/api/auth/login", { username: "bystander", password: STRONG_PASSWORD });
		expect(other.status).toBe(200);
	});

	test("guesses sent side by side are counted before their passwords are checked", async () => {
		await registerUser(server, { username: "burst" });
		const answers = await Promise.all(
			Array.from({ length: 12 }, (_, i) =>
				server.client().post("/api/auth/login", { username: "burst", password: `Guess!${i}aA` }),
			),
		);
		const statuses = answers.map((a) => a.status).sort();
		// Five tries for a username, however they are sent; before, all twelve were checked.
		expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
		const right = await server.client().post("/api/auth/login", { username: "burst", password: STRONG_PASSWORD });
		expect(right.status).toBe(429);
	});

	test("signing in gives the address its try back", async () => {
		await registerUser(server, { username: "regular" });
		// More successful sign-ins than the address's failure limit (20) all get in.
		for (let i = 0; i < 22; i++) {
			const res = await server.client().post("/api/auth/login", { username: "regular", password: STRONG_PASSWORD });
			expect(res.status).toBe(200);
		}
		// 23 argon2id hashes and checks on purpose: on a loaded 2-core machine they outlast bun's 5 s default.
	}, 30_000);
});
