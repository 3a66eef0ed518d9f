import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { expectBody, expectStatus, registerUser, startTestServer, type TestServer } from "../test/harness.ts";
import { FUEL_TYPE_MESSAGE } from "../users/schemas.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(() => server.stop());

const report = (change: Record<string, unknown> = {}) => ({
	productName: "Whole milk",
	price: "3.49",
	categoryId: 1,
	storeName: "Corner Market",
	storeAddress: "1 Main St",
	...change,
});

describe("bad input gets an answer that names what is wrong", () => {
	test("a guest is told to sign in before anything about the input", async () => {
		const guest = server.client();
		const writes: [string, string][] = [
			["POST", "/api/price-reports"],
			["POST", "/api/gas/reports"],
			["POST", "/api/price-alerts"],
			["PATCH", "/api/auth/user"],
			["PUT", "/api/profile/fuel-preference"],
			["PUT", "/api/profile/photo"],
			["PUT", "/api/profile/privacy"],
			["PUT", "/api/profile/password"],
			["POST", "/api/admin/verify-passkey"],
		];
		for (const [method, path] of writes) {
			const res = await guest.requestRaw(method, path, { json: {} });
			expect([path, res.status, res.data]).toEqual([path, 401, { message: "You are not signed in" }]);
		}
		const reads = [
			"/api/search?q=milk&limit=x",
			"/api/stores?zipCode=a%00b",
			"/api/gas/nearby?fuelType=x",
			"/api/gas/reports/nearby?limit=x",
			"/api/users/search?q=",
		];
		for (const path of reads) {
			expect([path, (await guest.requestRaw("GET", path)).status]).toEqual([path, 401]);
		}
	});

	test("a body whose type Hono would not read as JSON is 415, not validated as {}", async () => {
		const { client } = await registerUser(server);
		for (const type of ["application/json charset=utf-8", "application/json-seq", "application/a+b+json"]) {
			const res = await client.patch("/api/auth/user", undefined, {
				body: JSON.stringify({ zipCode: "10002" }),
				headers: { "content-type": type },
			});
			expect([type, res.status]).toEqual([type, 415]);
		}
		const withCharset = await client.patch("/api/auth/user", undefined, {
			body: JSON.stringify({ zipCode: "10002" }),
			headers: { "content-type": "Application/JSON; charset=utf-8" },
		});
		expectStatus(withCharset, 200);
		expect(withCharset.data.zipCode).toBe("10002");
	});

	test("a query parameter given twice is refused by name", async () => {
		const { client } = await registerUser(server);
		const res = await client.get("/api/search?q=milk&q=eggs");
		expect(res.status).toBe(400);
		expect(res.data).toMatchObject({
			message: "q must be given once",
			issues: [{ path: "q", message: "q must be given once" }],
		});
		expect((await client.get("/api/gas/reports/nearby?limit=5&limit=6")).data.message).toBe("limit must be given once");
	});

	test("fields the schemas word themselves, and the rest named without echoing what was sent", async () => {
		const { client } = await registerUser(server);
		const cases: [unknown, string][] = [
			[report({ tags: null }), "Tags must be a list"],
			[report({ tags: ["organic", "  "] }), "A tag must not be blank"],
			[report({ tags: "x".repeat(60_000) }), "Tags must be a list"],
			[null, "Request body must be a JSON object"],
			["Whole milk", "Request body must be a JSON object"],
			[[report()], "Request body must be a JSON object"],
		];
		for (const [body, message] of cases) {
			const res = await client.post("/api/price-reports", body);
			expect(res.status).toBe(400);
			expect(res.data.message).toBe(message);
			expect(JSON.stringify(res.data).length).toBeLessThan(500);
		}
		expect((await client.put("/api/profile/fuel-preference", {})).data.message).toBe(FUEL_TYPE_MESSAGE);
		const photo = await client.put("/api/profile/photo", {});
		expect(photo.status).toBe(400);
		expect(photo.data.message).toBe("photoURL is required");
	});

	test("a zip code is letters, digits, spaces and hyphens; postal codes beyond the US still count", async () => {
		const { client } = await registerUser(server);
		const message = "Zip code may only contain letters, digits, spaces and hyphens";
		for (const zipCode of ["a\u0000b", "100\t01", "<b>1</b>"]) {
			const res = await client.patch("/api/auth/user", { zipCode });
			expect([zipCode, res.status, res.data.message]).toEqual([zipCode, 400, message]);
		}
		const alert = await client.post("/api/price-alerts", {
			productName: "Milk",
			targetPrice: "2.50",
			zipCode: "1\u00070",
		});
		expect(alert.data.message).toBe(message);
		expect(expectBody(await client.get("/api/auth/user"), 200).zipCode).toBe("10001");
		for (const zipCode of ["SW1A 1AA", "10001-1234"]) {
			expect(expectBody(await client.patch("/api/auth/user", { zipCode }), 200).zipCode).toBe(zipCode);
		}
	});
});
