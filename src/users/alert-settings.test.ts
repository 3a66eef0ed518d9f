import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import { expectBody, registerUser, startTestServer, type TestServer } from "../test/harness.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(() => server.stop());

const MESSAGE = "Daily limit must be a whole number from 1 to 50";

describe("PUT /api/profile/alert-settings", () => {
	test("a new shopper gets at most 10 alerts a day; the limit changes and the user says so", async () => {
		const { client, user } = await registerUser(server);
		expect(expectBody(await client.get("/api/auth/user"), 200).alertDailyCap).toBe(10);
		const res = await client.put("/api/profile/alert-settings", { dailyCap: 3 });
		expect(res.status).toBe(200);
		expect(res.data).toMatchObject({ id: user.id, alertDailyCap: 3 });
		expect(expectBody(await client.put("/api/profile/alert-settings", { dailyCap: " 50 " }), 200).alertDailyCap).toBe(
			50,
		);
		expect(expectBody(await client.get("/api/auth/user"), 200).alertDailyCap).toBe(50);
		expect(server.db.select().from(users).where(eq(users.id, user.id)).get()?.alertDailyCap).toBe(50);
	});

	test.each([
		[0, MESSAGE],
		[51, MESSAGE],
		[2.5, MESSAGE],
		["1e1", MESSAGE],
		["ten", MESSAGE],
		["", MESSAGE],
		[null, MESSAGE],
		[undefined, "dailyCap is required"],
	])("refuses %p", async (dailyCap, message) => {
		const { client } = await registerUser(server);
		const res = await client.put("/api/profile/alert-settings", { dailyCap });
		expect(res.status).toBe(400);
		expect(res.data.message).toBe(message);
		expect(expectBody(await client.get("/api/auth/user"), 200).alertDailyCap).toBe(10);
	});

	test("a guest must sign in", async () => {
		expect((await server.client().put("/api/profile/alert-settings", { dailyCap: 5 })).status).toBe(401);
	});
});
