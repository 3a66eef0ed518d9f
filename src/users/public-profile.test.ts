import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { DAY_MS } from "../lib/time.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";

// Each test signs several shoppers up and reports through the writer thread, on a busy shared machine.
setDefaultTimeout(30_000);

const PASSKEY = "profiles passkey";
/** Kalispell, Montana, and a ZIP among its 20 nearest; Houlton, Maine is far from both. */
const HOME = "59901";
const NEXT_DOOR = "59932";
const FAR = "04730";
const NOT_FOUND = { message: "Profile not found" };

let server: TestServer;
let dairy: number;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off", ADMIN_PASSKEY: PASSKEY });
	const { client } = await registerUser(server);
	const categories = expectBody(await client.get("/api/categories"), 200);
	dairy = categories.find((c) => c.name === "Dairy")!.id;
});
afterAll(() => server.stop());

let seq = 0;
const uniqueUsername = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

/** Prices by `client` at its own zip, each of another product at another store; returns the ids. */
async function reportPrices(client: TestClient, count: number, name: string) {
	const ids: number[] = [];
	for (let i = 0; i < count; i++) {
		const res = await client.post("/api/price-reports", {
			productName: `${name} ${i}`,
			price: 2 + i / 100,
			categoryId: dairy,
			storeName: `${name} Shop ${i}`,
			storeAddress: `${i} Main St`,
		});
		if (res.status !== 201) throw new Error(JSON.stringify(res.data));
		ids.push(res.data.id);
	}
	return ids;
}

const setPrivacy = async (client: TestClient, json: { isPublicProfile?: boolean; showActivity?: boolean }) =>
	expect((await client.put("/api/profile/privacy", json)).status).toBe(200);

async function suspend(userId: string) {
	const mod = await registerUser(server);
	expect((await mod.client.post("/api/admin/verify-passkey", { passkey: PASSKEY })).data).toEqual({ valid: true });
	const res = await mod.client.post("/api/admin/terminate-account", { userId, reason: "Fake prices" });
	expect(res.status).toBe(200);
}

describe("GET /api/users/:username/profile", () => {
	test("shows who they are, their numbers and their newest live reports, newest first", async () => {
		const viewer = await registerUser(server);
		const maria = await registerUser(server, {
			username: uniqueUsername("maria"),
			firstName: "Maria",
			lastName: "Garcia",
		});
		const ids = await reportPrices(maria.client, 12, "Milk");
		// An expired price is no longer one of their reports on show.
		server.sqlite.query("UPDATE price_reports SET is_expired = 1 WHERE id = ?").run(ids[11]!);

		// Any case of the username finds them; the page says it as they wrote it.
		const res = await viewer.client.get(`/api/users/${maria.username.toUpperCase()}/profile`);
		expectStatus(res, 200);
		const { activity, ...who } = res.data;
		expect(who).toEqual({
			username: maria.username,
			firstName: "Maria",
			// Others see the initial of her last name.
			lastName: "G",
			zipCode: "10001",
			profileImageUrl: null,
			memberSince: maria.user.createdAt,
			source: null,
			own: false,
			isPublicProfile: true,
			showActivity: true,
		});
		expect(activity).toMatchObject({
			totalReports: 12,
			totalMoneySaved: 0,
			uniqueStoresVisited: 12,
			priceReportsMade: 12,
			reputation: 0,
			accuracy: { percent: 100, accurate: 12, judged: 12 },
		});
		// The ten newest live ones (the twelfth expired), each enough to open its product's page.
		expect(activity?.recentReports.map((r: { id: number }) => r.id)).toEqual(ids.slice(1, 11).reverse());
		expect(activity?.recentReports[0]).toEqual({
			id: ids[10]!,
			productName: "Milk 10",
			barcode: null,
			price: 2.1,
			priceType: "regular",
			saleEnds: null,
			multiBuy: null,
			categoryId: dairy,
			store: { id: expect.any(Number), name: "Milk Shop 10" },
			createdAt: expect.any(String),
			underReview: false,
		});
	});

	test("a member price and a multi-buy say so: neither is listed as a regular price", async () => {
		const viewer = await registerUser(server);
		const rosa = await registerUser(server);
		const post = async (productName: string, price: number, terms: Record<string, unknown>) =>
			expectBody(
				await rosa.client.post("/api/price-reports", {
					productName,
					price,
					categoryId: dairy,
					storeName: `${productName} Shop`,
					storeAddress: "1 Main St",
					...terms,
				}),
				201,
			).id;
		const member = await post("Club Brie", 6.49, { priceType: "member" });
		const bundle = await post("Yogurt Cups", 5, { priceType: "multi-buy", multiBuyQuantity: 2 });
		const seen = expectBody(await viewer.client.get(`/api/users/${rosa.username}/profile`), 200);
		const listed = seen.activity?.recentReports ?? [];
		expect(listed.find((r) => r.id === member)).toMatchObject({ price: 6.49, priceType: "member", multiBuy: null });
		// One's share of "2 for $5.00", beside its bundle.
		expect(listed.find((r) => r.id === bundle)).toMatchObject({
			price: 2.5,
			priceType: "multi-buy",
			multiBuy: { quantity: 2, price: 5 },
		});
	});

	test("hiding the activity hides the numbers and reports from others, not from the shopper", async () => {
		const viewer = await registerUser(server);
		const quinn = await registerUser(server, { firstName: "Quinn" });
		await reportPrices(quinn.client, 1, "Quinn");
		await setPrivacy(quinn.client, { showActivity: false });

		const seen = await viewer.client.get(`/api/users/${quinn.username}/profile`);
		expect(seen.status).toBe(200);
		expect(seen.data).toMatchObject({ firstName: "Quinn", own: false, showActivity: false, activity: null });

		const own = await quinn.client.get(`/api/users/${quinn.username}/profile`);
		expectStatus(own, 200);
		expect(own.data).toMatchObject({ own: true, showActivity: false });
		expect(own.data.activity?.recentReports).toHaveLength(1);
	});

	test("a private profile, a suspended account and an unknown name answer the same 404", async () => {
		const viewer = await registerUser(server);
		const hugo = await registerUser(server);
		await setPrivacy(hugo.client, { isPublicProfile: false });
		const suspended = await registerUser(server);
		await suspend(suspended.user.id);

		for (const name of [hugo.username, suspended.username, uniqueUsername("nobody"), "a b", "x".repeat(200)]) {
			const res = await viewer.client.get(`/api/users/${encodeURIComponent(name)}/profile`);
			expect({ name, status: res.status, data: res.data }).toEqual({ name, status: 404, data: NOT_FOUND });
		}
		// The shopper still sees their own private page, and is told it is private; their last name whole.
		const own = await hugo.client.get(`/api/users/${hugo.username}/profile`);
		expect(own.status).toBe(200);
		expect(own.data).toMatchObject({ own: true, isPublicProfile: false, username: hugo.username, lastName: "Shopper" });
		// Made public again, everyone sees it.
		await setPrivacy(hugo.client, { isPublicProfile: true });
		expect((await viewer.client.get(`/api/users/${hugo.username}/profile`)).status).toBe(200);
	});

	test("a guest is asked to sign in", async () => {
		const maria = await registerUser(server);
		const res = await server.client().get(`/api/users/${maria.username}/profile`);
		expect(res.status).toBe(401);
	});
});

describe("GET /api/users/top", () => {
	type Top = { zipCode: string | null; contributors: { username: string; nearbyReports: number }[] };
	const usernames = (data: Top) => data.contributors.map((c) => c.username);

	test("the public reporters near the shopper, most reports there first, then the most accurate", async () => {
		const viewer = await registerUser(server, { zipCode: HOME });
		const most = await registerUser(server, { zipCode: NEXT_DOOR, firstName: "Most" });
		const accurate = await registerUser(server, { zipCode: HOME, firstName: "Accurate" });
		const sloppy = await registerUser(server, { zipCode: HOME, firstName: "Sloppy" });
		const hidden = await registerUser(server, { zipCode: HOME });
		const quiet = await registerUser(server, { zipCode: HOME });
		const suspended = await registerUser(server, { zipCode: HOME });
		const far = await registerUser(server, { zipCode: FAR });
		const old = await registerUser(server, { zipCode: HOME });
		await reportPrices(most.client, 3, "Most");
		await reportPrices(accurate.client, 2, "Accurate");
		await reportPrices(sloppy.client, 2, "Sloppy");
		await reportPrices(viewer.client, 4, "Mine");
		for (const [who, name] of [
			[hidden, "Hidden"],
			[quiet, "Quiet"],
			[suspended, "Suspended"],
			[far, "Far"],
		] as const)
			await reportPrices(who.client, 5, name);
		const oldIds = await reportPrices(old.client, 5, "Old");
		// One of the sloppy shopper's prices was refused: fewer of theirs stood.
		server.sqlite.query("UPDATE users SET reports_refused = 1 WHERE id = ?").run(sloppy.user.id);
		// Prices older than 30 days make nobody a contributor now.
		for (const id of oldIds)
			server.sqlite.query("UPDATE price_reports SET created_at = ? WHERE id = ?").run(Date.now() - 31 * DAY_MS, id);
		await setPrivacy(hidden.client, { isPublicProfile: false });
		await setPrivacy(quiet.client, { showActivity: false });
		await suspend(suspended.user.id);

		const res = await viewer.client.get("/api/users/top");
		expectStatus(res, 200);
		expect(res.data.zipCode).toBe(HOME);
		// Not the viewer (four reports), nor the private, the quiet, the suspended, the far or the old.
		expect(usernames(res.data)).toEqual([most.username, accurate.username, sloppy.username]);
		expect(res.data.contributors[0]).toEqual({
			username: most.username,
			firstName: "Most",
			lastName: "S",
			profileImageUrl: null,
			nearbyReports: 3,
			totalReports: 3,
			priceReportsMade: 3,
			accuracy: { percent: 100, accurate: 3, judged: 3 },
		});
		expect(res.data.contributors[2]?.accuracy).toEqual({ percent: 67, accurate: 2, judged: 3 });

		// Seen from next door the same shoppers are near, and the viewer is one of them.
		const neighbour = await registerUser(server, { zipCode: NEXT_DOOR });
		expect(usernames(expectBody(await neighbour.client.get("/api/users/top"), 200))).toEqual([
			viewer.username,
			most.username,
			accurate.username,
			sloppy.username,
		]);
		// Another zip's neighbourhood when asked; a made-up postal code is near nothing.
		expect(usernames(expectBody(await viewer.client.get(`/api/users/top?zipCode=${FAR}`), 200))).toEqual([
			far.username,
		]);
		expect((await viewer.client.get("/api/users/top?zipCode=ZZ9")).data).toEqual({ zipCode: "ZZ9", contributors: [] });
	});

	test("lists at most six", async () => {
		const viewer = await registerUser(server, { zipCode: FAR });
		for (let i = 0; i < 7; i++) {
			const { client } = await registerUser(server, { zipCode: FAR });
			await reportPrices(client, 1, `Six ${i}`);
		}
		expect(expectBody(await viewer.client.get("/api/users/top"), 200).contributors).toHaveLength(6);
	});

	test("without a zip there is no neighbourhood; a zip of other characters is refused by name", async () => {
		const nowhere = await registerUser(server, { zipCode: null });
		expect((await nowhere.client.get("/api/users/top")).data).toEqual({ zipCode: null, contributors: [] });
		const bad = await nowhere.client.get("/api/users/top?zipCode=%3Cscript%3E");
		expect(bad.status).toBe(400);
		expect(bad.data.message).toBe("Zip code may only contain letters, digits, spaces and hyphens");
		expect((await server.client().get("/api/users/top")).status).toBe(401);
	});
});
