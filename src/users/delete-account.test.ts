import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import {
	dealTakes,
	gasPriceReports,
	gasStations,
	priceAlerts,
	priceReports,
	sessions,
	users,
	userUpvotes,
} from "../../db/schema.ts";
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

async function uploadPng(client: TestClient): Promise<string> {
	const { uploadURL } = expectBody(await client.post("/api/objects/upload"), 200);
	const res = await client.request("PUT", uploadRoute(uploadURL), {
		body: PNG,
		headers: { "content-type": "image/png" },
	});
	expectStatus(res, 200);
	return res.data.objectPath;
}
const fileOf = (path: string) => join(server.config.uploadsDir, `${path.slice("/uploads/".length)}.png`);

const report = async (
	client: TestClient,
	productName: string,
	price: number,
	imageUrl?: string,
	storeName = "Corner Shop",
) => {
	const res = await client.post("/api/price-reports", {
		productName,
		price,
		categoryId: 1,
		storeName,
		storeAddress: "1 Main St",
		...(imageUrl ? { imageUrl } : {}),
	});
	expectStatus(res, 201);
	return res.data.id;
};

describe("DELETE /api/auth/delete-account", () => {
	test("leaves nothing of the user behind: rows, counts they added, sessions, and photo files", async () => {
		const leaver = await registerUser(server, { zipCode: "60001" });
		const neighbour = await registerUser(server, { zipCode: "60001" });
		const laptop = server.client();
		await laptop.post("/api/auth/login", { username: leaver.username, password: STRONG_PASSWORD });

		// Their photos: a profile photo, two report photos (one a neighbour tried to take), a fuel report photo.
		const avatar = await uploadPng(leaver.client);
		const reportPhoto = await uploadPng(leaver.client);
		const fuelPhoto = await uploadPng(leaver.client);
		const shared = await uploadPng(leaver.client);
		await leaver.client.put("/api/profile/photo", { photoURL: avatar });
		const own = await report(leaver.client, "Leaver Bread", 3.5, reportPhoto);
		await report(leaver.client, "Leaver Jam", 4.25, shared);
		expect((await neighbour.client.put("/api/profile/photo", { photoURL: shared })).status).toBe(400);

		const station = server.db
			.insert(gasStations)
			.values({ name: "Fuel", address: "2 Main St", zipCode: "60001", lookupKey: "fuel|2 main st" })
			.returning()
			.get();
		server.db
			.insert(gasPriceReports)
			.values({
				userId: leaver.user.id,
				stationId: station.id,
				fuelType: "regular",
				priceMills: 3199,
				imageUrl: fuelPhoto,
			})
			.run();
		server.db.insert(priceAlerts).values({ userId: leaver.user.id, productName: "Milk", targetPriceCents: 299 }).run();

		// What they gave others: an upvote and a deal taken on the neighbour's reports.
		const theirs = await report(neighbour.client, "Neighbour Milk", 2.99);
		await report(neighbour.client, "Neighbour Milk", 3.99, undefined, "Pricier Shop");
		expect(expectBody(await leaver.client.post(`/api/price-reports/${theirs}/upvote`), 200).upvotes).toBe(1);
		expect((await leaver.client.post(`/api/price-reports/${theirs}/take-deal`)).status).toBe(200);
		// And what they received: the neighbour upvoted and took the leaver's report.
		await neighbour.client.post(`/api/price-reports/${own}/upvote`);

		const res = await leaver.client.delete("/api/auth/delete-account");
		expect(res.status).toBe(200);
		expect(res.setCookie).toMatch(/cc_session=;|Max-Age=0/i);

		const id = leaver.user.id;
		expect(server.db.select().from(users).where(eq(users.id, id)).all()).toEqual([]);
		expect(server.db.select().from(sessions).where(eq(sessions.userId, id)).all()).toEqual([]);
		expect(server.db.select().from(priceReports).where(eq(priceReports.userId, id)).all()).toEqual([]);
		expect(server.db.select().from(gasPriceReports).where(eq(gasPriceReports.userId, id)).all()).toEqual([]);
		expect(server.db.select().from(userUpvotes).where(eq(userUpvotes.userId, id)).all()).toEqual([]);
		expect(server.db.select().from(userUpvotes).where(eq(userUpvotes.priceReportId, own)).all()).toEqual([]);
		expect(server.db.select().from(dealTakes).where(eq(dealTakes.userId, id)).all()).toEqual([]);
		expect(server.db.select().from(priceAlerts).where(eq(priceAlerts.userId, id)).all()).toEqual([]);
		expect(server.db.select().from(priceReports).where(eq(priceReports.id, theirs)).get()?.upvotes).toBe(0);

		for (const path of [avatar, reportPhoto, fuelPhoto, shared]) expect(existsSync(fileOf(path))).toBe(false);
		expect((await server.client().requestRaw("GET", shared)).status).toBe(404);

		expect((await laptop.get("/api/auth/user")).status).toBe(401);
		const again = server.client();
		expect((await again.post("/api/auth/login", { username: leaver.username, password: STRONG_PASSWORD })).status).toBe(
			401,
		);
		// The username is free again.
		await registerUser(server, { username: leaver.username });
	});

	test("the reports the leaver spoke of are recounted: their flag and confirmation no longer count", async () => {
		const leaver = await registerUser(server);
		const neighbour = await registerUser(server);
		const flagged = await report(neighbour.client, "Recount Rye", 2.75);
		const confirmed = await report(neighbour.client, "Recount Rice", 1.99);
		const fuel = await neighbour.client.post("/api/gas/reports", {
			stationName: "Recount Gas",
			stationAddress: "3 Main St",
			price: 3.299,
			fuelType: "regular",
		});
		expectStatus(fuel, 201);
		const say = (path: `/api/${"price-reports" | "gas/reports"}/${number}`, body: Record<string, unknown>) =>
			leaver.client.post(`${path}/feedback`, body);
		expect((await say(`/api/price-reports/${flagged}`, { kind: "wrong", reason: "spam" })).status).toBe(200);
		expect((await say(`/api/price-reports/${confirmed}`, { kind: "confirm" })).status).toBe(200);
		expect((await say(`/api/gas/reports/${fuel.data.id}`, { kind: "unavailable" })).status).toBe(200);
		const counts = () => [
			server.db.select().from(priceReports).where(eq(priceReports.id, flagged)).get()?.flagCount,
			server.db.select().from(priceReports).where(eq(priceReports.id, confirmed)).get()?.confirmCount,
			server.db.select().from(gasPriceReports).where(eq(gasPriceReports.id, fuel.data.id)).get()?.unavailableCount,
		];
		expect(counts()).toEqual([1, 1, 1]);

		expect((await leaver.client.delete("/api/auth/delete-account")).status).toBe(200);
		expect(counts()).toEqual([0, 0, 0]);
		const seen = expectBody(await neighbour.client.get(`/api/price-reports/${flagged}`), 200);
		expect(seen.feedback).toMatchObject({ wrong: 0, confirm: 0 });
	});
});
