import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { productCategories, users } from "../../db/schema.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	STRONG_PASSWORD,
	startTestServer,
	type TestClient,
	type TestServer,
	uploadRoute,
} from "../test/harness.ts";
import { PNG } from "../test/images.ts";

// Each test signs several users up, and argon2 hashing is slow on a busy shared machine.
setDefaultTimeout(20_000);

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(() => server.stop());

/** Uploads a PNG through the real signed-URL flow; returns the signed URL and the stored path. */
async function uploadPng(client: TestClient) {
	const { uploadURL } = expectBody(await client.post("/api/objects/upload"), 200);
	const res = await client.request("PUT", uploadRoute(uploadURL), {
		body: PNG,
		headers: { "content-type": "image/png" },
	});
	expectStatus(res, 200);
	return { uploadURL, path: res.data.objectPath };
}
const fileOf = (path: string) => join(server.config.uploadsDir, `${path.slice("/uploads/".length)}.png`);

describe("PUT /api/profile/fuel-preference", () => {
	test("takes one of the five fuels and answers the updated user", async () => {
		const { client } = await registerUser(server);
		const res = await client.put("/api/profile/fuel-preference", { preferredFuelType: "electric" });
		expectStatus(res, 200);
		expect(res.data).toMatchObject({ preferredFuelType: "electric", isPublicProfile: true });
		expect(res.data).not.toHaveProperty("password");
		expect(expectBody(await client.get("/api/auth/user"), 200).preferredFuelType).toBe("electric");
		for (const bad of ["kerosene", "", "Regular", null]) {
			const refused = await client.put("/api/profile/fuel-preference", { preferredFuelType: bad });
			expect(refused.status).toBe(400);
			expect(refused.data.message).toBe("Choose regular, premium, diesel, e85 or electric");
		}
	});

	test("a guest gets 401 and a suspended user 403 on every profile call", async () => {
		const guest = server.client();
		const { client, user } = await registerUser(server);
		server.db.update(users).set({ isTerminated: true, terminationReason: "Spam" }).where(eq(users.id, user.id)).run();
		const calls = [
			["/api/profile/fuel-preference", { preferredFuelType: "diesel" }],
			["/api/profile/photo", { photoURL: null }],
			["/api/profile/car", { milesPerGallon: 30 }],
			["/api/profile/privacy", { showActivity: false }],
			[
				"/api/profile/password",
				{ currentPassword: STRONG_PASSWORD, newPassword: "New!Pass12", confirmPassword: "New!Pass12" },
			],
		] as const;
		for (const [path, body] of calls) {
			expect((await guest.put(path, body)).status).toBe(401);
			const res = await client.put(path, body);
			expect(res.status).toBe(403);
			expect(res.data).toMatchObject({ terminated: true, reason: "Spam" });
		}
	});
});

describe("PUT /api/profile/car", () => {
	test("a new shopper's car is 25 mpg with 12 gallons, or 3.5 mi/kWh with 60 kWh", async () => {
		const { client } = await registerUser(server);
		expect(expectBody(await client.get("/api/auth/user"), 200).car).toEqual({
			milesPerGallon: 25,
			tankGallons: 12,
			milesPerKwh: 3.5,
			batteryKwh: 60,
		});
	});

	test("changes the figures sent, as numbers or the text of a number, and answers the updated user", async () => {
		const { client } = await registerUser(server);
		const res = await client.put("/api/profile/car", { milesPerGallon: 38.5, tankGallons: "10.2" });
		expectStatus(res, 200);
		expect(res.data.car).toEqual({ milesPerGallon: 38.5, tankGallons: 10.2, milesPerKwh: 3.5, batteryKwh: 60 });
		const electric = await client.put("/api/profile/car", { milesPerKwh: " 4 ", batteryKwh: 82 });
		expectStatus(electric, 200);
		expect(electric.data.car).toEqual({ milesPerGallon: 38.5, tankGallons: 10.2, milesPerKwh: 4, batteryKwh: 82 });
		expect(expectBody(await client.get("/api/auth/user"), 200).car).toEqual(electric.data.car);
	});

	test.each([
		[{ milesPerGallon: 0 }, "milesPerGallon", "Miles per gallon must be between 1 and 200 mpg"],
		[{ milesPerGallon: 201 }, "milesPerGallon", "Miles per gallon must be between 1 and 200 mpg"],
		[{ milesPerGallon: "" }, "milesPerGallon", "Miles per gallon is required"],
		[{ milesPerGallon: "fast" }, "milesPerGallon", "Miles per gallon must be a number"],
		[{ milesPerGallon: "1e2" }, "milesPerGallon", "Miles per gallon must be a number"],
		[{ milesPerGallon: null }, "milesPerGallon", "Miles per gallon must be a number"],
		[{ tankGallons: 0.5 }, "tankGallons", "Tank size must be between 1 and 100 gallons"],
		[{ tankGallons: 101 }, "tankGallons", "Tank size must be between 1 and 100 gallons"],
		[{ milesPerKwh: 0.4 }, "milesPerKwh", "Miles per kWh must be between 0.5 and 10 mi/kWh"],
		[{ milesPerKwh: 10.1 }, "milesPerKwh", "Miles per kWh must be between 0.5 and 10 mi/kWh"],
		[{ batteryKwh: 4 }, "batteryKwh", "Battery size must be between 5 and 300 kWh"],
		[{ batteryKwh: -60 }, "batteryKwh", "Battery size must be between 5 and 300 kWh"],
	])("refuses %p", async (body, path, message) => {
		const { client } = await registerUser(server);
		const res = await client.put("/api/profile/car", { tankGallons: 14, ...body });
		expect(res.status).toBe(400);
		expect(res.data.message).toBe(message);
		expect(res.data.issues).toContainEqual({ path, message });
		// Nothing of a refused change is kept, not even its valid figures.
		expect(expectBody(await client.get("/api/auth/user"), 200).car.tankGallons).toBe(12);
	});

	test("an empty change is refused", async () => {
		const { client } = await registerUser(server);
		const res = await client.put("/api/profile/car", {});
		expect(res.status).toBe(400);
		expect(res.data.message).toBe("Send milesPerGallon, tankGallons, milesPerKwh, batteryKwh or several");
	});
});

describe("PUT /api/profile/photo", () => {
	test("accepts our own upload (signed URL or stored path), refuses anything else", async () => {
		const { client } = await registerUser(server);
		const { uploadURL, path } = await uploadPng(client);
		const res = await client.put("/api/profile/photo", { photoURL: uploadURL });
		expectStatus(res, 200);
		expect(res.data.profileImageUrl).toBe(path);
		expect(expectBody(await client.put("/api/profile/photo", { photoURL: path }), 200).profileImageUrl).toBe(path);

		for (const photoURL of [
			"https://evil.example/cat.png",
			"/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
			"/etc/passwd",
			"javascript:alert(1)",
			"",
		]) {
			const refused = await client.put("/api/profile/photo", { photoURL });
			expect(refused.status).toBe(400);
			expect(refused.data.message).toBe("The photo must be one you uploaded to CommonCents");
		}
		expect((await client.put("/api/profile/photo", {})).status).toBe(400);
		expect(expectBody(await client.get("/api/auth/user"), 200).profileImageUrl).toBe(path);
	});

	test("a replaced or removed photo's file goes, unless something else still shows it", async () => {
		const { client } = await registerUser(server);
		const first = await uploadPng(client);
		const second = await uploadPng(client);
		await client.put("/api/profile/photo", { photoURL: first.path });
		await client.put("/api/profile/photo", { photoURL: second.path });
		expect(existsSync(fileOf(first.path))).toBe(false);
		expect(existsSync(fileOf(second.path))).toBe(true);

		// The same photo on one of their reports keeps the file alive.
		const categoryId = server.db.select().from(productCategories).get()!.id;
		const report = {
			productName: "Pears",
			price: "2.00",
			categoryId,
			tags: [],
			storeName: "Orchard",
			storeAddress: "1 Tree St",
			imageUrl: second.path,
		};
		expect((await client.post("/api/price-reports", report)).status).toBe(201);
		const cleared = await client.put("/api/profile/photo", { photoURL: null });
		expectStatus(cleared, 200);
		expect(cleared.data.profileImageUrl).toBeNull();
		expect(existsSync(fileOf(second.path))).toBe(true);
		expect(readdirSync(server.config.uploadsDir).filter((f) => f.startsWith("."))).toEqual([]);
	});

	test("another shopper's photo cannot be taken, even knowing its address", async () => {
		const owner = await registerUser(server);
		const { uploadURL, path } = await uploadPng(owner.client);
		const other = await registerUser(server);
		for (const photoURL of [path, uploadURL]) {
			const refused = await other.client.put("/api/profile/photo", { photoURL });
			expect(refused.status).toBe(400);
			expect(refused.data.message).toBe("The photo must be one you uploaded to CommonCents");
		}
		expect(expectBody(await other.client.get("/api/auth/user"), 200).profileImageUrl).toBeNull();
		// Its owner can still use it, and removing it removes the file: nobody else kept it alive.
		expect((await owner.client.put("/api/profile/photo", { photoURL: path })).status).toBe(200);
		await owner.client.put("/api/profile/photo", { photoURL: null });
		expect(existsSync(fileOf(path))).toBe(false);
		expect(readdirSync(server.config.uploadsDir).filter((f) => f.startsWith("."))).toEqual([]);
	});
});

describe("PUT /api/profile/privacy", () => {
	test("sets either toggle or both and answers the user with them", async () => {
		const { client, user } = await registerUser(server);
		const both = await client.put("/api/profile/privacy", { isPublicProfile: false, showActivity: false });
		expect(both.status).toBe(200);
		expect(both.data).toMatchObject({ isPublicProfile: false, showActivity: false });
		const one = await client.put("/api/profile/privacy", { showActivity: true });
		expectStatus(one, 200);
		expect(one.data).toMatchObject({ isPublicProfile: false, showActivity: true });
		const row = server.db.select().from(users).where(eq(users.id, user.id)).get();
		expect(row).toMatchObject({ profileVisible: false, statsVisible: true });

		expect(one.data.creditOpenData).toBe(false);
		const credit = await client.put("/api/profile/privacy", { creditOpenData: true });
		expect(credit.data).toMatchObject({ isPublicProfile: false, showActivity: true, creditOpenData: true });

		expect((await client.put("/api/profile/privacy", {})).status).toBe(400);
		expect((await client.put("/api/profile/privacy", { isPublicProfile: "no" })).status).toBe(400);
	});
});

describe("PUT /api/profile/password", () => {
	const NEW = "Fresh!Pass9";
	const change = (client: TestClient, fields: Record<string, string>) =>
		client.put("/api/profile/password", {
			currentPassword: STRONG_PASSWORD,
			newPassword: NEW,
			confirmPassword: NEW,
			...fields,
		});

	test("checks the current password, then ends every other session and keeps this one", async () => {
		const { client, username, user } = await registerUser(server);
		const laptop = server.client();
		expect((await laptop.post("/api/auth/login", { username, password: STRONG_PASSWORD })).status).toBe(200);

		const wrong = await change(client, { currentPassword: "Wrong!Pass1" });
		expect(wrong.status).toBe(400);
		expect(wrong.data.message).toBe("Current password is incorrect");
		expect(wrong.data.issues).toEqual([{ path: "currentPassword", message: "Current password is incorrect" }]);
		expect((await laptop.get("/api/auth/user")).status).toBe(200);

		const res = await change(client, {});
		expect(res.status).toBe(200);
		expect(res.data).toMatchObject({ id: user.id, username });
		expect((await client.get("/api/auth/user")).status).toBe(200);
		expect((await laptop.get("/api/auth/user")).status).toBe(401);

		const again = server.client();
		expect((await again.post("/api/auth/login", { username, password: STRONG_PASSWORD })).status).toBe(401);
		expect((await again.post("/api/auth/login", { username, password: NEW })).status).toBe(200);
	});

	const both = (password: string) => ({ newPassword: password, confirmPassword: password });
	test.each([
		["currentPassword", "Current password is required", { currentPassword: "" }],
		["newPassword", "Password must be at least 8 characters long", both("Sh0rt!")],
		["newPassword", "Password must contain at least one uppercase letter", both("nouppercase!1")],
		["newPassword", "Password must contain at least one lowercase letter", both("NOLOWERCASE!1")],
		["newPassword", "Password must contain at least one special character", both("NoSpecial12")],
		["confirmPassword", "New passwords don't match.", { confirmPassword: "Other!Pass9" }],
		["confirmPassword", "New passwords don't match.", { newPassword: "Sh0rt!", confirmPassword: "Sh0rt?" }],
	])("refused on %s: %s", async (path, message, fields: Record<string, string>) => {
		const { client } = await registerUser(server);
		const res = await change(client, fields);
		expect(res.status).toBe(400);
		expect(res.data.issues).toContainEqual({ path, message });
	});

	test("wrong current passwords are throttled like logins", async () => {
		const { client } = await registerUser(server);
		for (let i = 0; i < 5; i++) expect((await change(client, { currentPassword: `Wrong!Pass${i}` })).status).toBe(400);
		const res = await change(client, {});
		expect(res.status).toBe(429);
		expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
	});

	test("a successful change clears the username's failed tries, as a sign-in does", async () => {
		const { client, username } = await registerUser(server);
		const login = (password: string) => server.client().post("/api/auth/login", { username, password });
		for (let i = 0; i < 4; i++) expect((await login(`Wrong!Pass${i}`)).status).toBe(401);
		expect((await change(client, {})).status).toBe(200);
		// Four earlier failures and the change's own try would make five: the shopper would be shut out.
		expect((await login(NEW)).status).toBe(200);
	});

	test("wrong current passwords sent side by side are counted before they are checked", async () => {
		const { client } = await registerUser(server);
		const answers = await Promise.all(
			Array.from({ length: 8 }, (_, i) => change(client, { currentPassword: `Wrong!Pass${i}` })),
		);
		expect(answers.map((a) => a.status).sort()).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
	});
});
