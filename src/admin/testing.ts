/**
 * Helpers shared by the moderation API tests: an unlocked moderator, reports made through the API, flags
 * raised by neighbours, and what shoppers then find.
 */
import { expect } from "bun:test";
import type { FlagReason } from "../../db/enums.ts";
import { gasReportFeedback, priceReportFeedback, users } from "../../db/schema.ts";
import { recountFeedback } from "../reports/feedback-counts.ts";
import { expectBody, expectStatus, registerUser, type TestClient, type TestServer } from "../test/harness.ts";
import { establish } from "../test/standing.ts";

export const PASSKEY = "correct horse battery staple";
export const LOCKED = "Enter the developer passkey to use the developer console";

/** A fresh user whose session has entered the passkey. */
export async function moderator(server: TestServer) {
	const mod = await registerUser(server);
	expect((await mod.client.post("/api/admin/verify-passkey", { passkey: PASSKEY })).data).toEqual({ valid: true });
	return mod;
}

export const tag = () => `m${crypto.randomUUID().slice(0, 8)}`;

export async function reportProduct(client: TestClient, productName: string, price = 3.49) {
	const res = await client.post("/api/price-reports", {
		productName,
		price,
		categoryId: 3,
		storeName: "Corner Shop",
		storeAddress: "5 Elm St",
	});
	expectStatus(res, 201);
	return res.data.id;
}

export async function reportFuel(client: TestClient, stationName: string) {
	const res = await client.post("/api/gas/reports", {
		stationName,
		stationAddress: "2 Pump Rd",
		price: 3.199,
		fuelType: "regular",
	});
	expectStatus(res, 201);
	return res.data.id;
}

/**
 * Neighbours flag a report, one reason each: rows straight into the feedback table (sign-ups through the
 * API would spend the test's time on argon2), recounted as the feedback routes do. They are shoppers of
 * full standing, whose flags hide a report (decision 0071), unless `newAccounts` makes them accounts of today.
 */
export function flag(
	server: TestServer,
	kind: "product" | "fuel",
	reportId: number,
	reasons: FlagReason[],
	{ newAccounts = false } = {},
) {
	const feedback = kind === "product" ? priceReportFeedback : gasReportFeedback;
	const flaggers: string[] = [];
	for (const reason of reasons) {
		const flagger = server.db
			.insert(users)
			.values({ username: `flagger${crypto.randomUUID().slice(0, 12)}`, password: "x" })
			.returning({ id: users.id })
			.get();
		flaggers.push(flagger.id);
		server.db.insert(feedback).values({ reportId, userId: flagger.id, kind: "wrong", reason }).run();
	}
	if (!newAccounts) establish(server, flaggers);
	return recountFeedback(server.db, kind === "product" ? "price_reports" : "gas_price_reports", reportId);
}

/** The ids of the reports a search finds. */
export const found = async (client: TestClient, q: string) =>
	expectBody(await client.get(`/api/search?q=${encodeURIComponent(q)}`), 200).map((r) => r.id);

/** A nearby station's regular price, or null. */
export const stationPrice = async (client: TestClient, name: string) =>
	expectBody(await client.get("/api/gas/nearby"), 200).find((s) => s.name === name)?.regularPrice ?? null;

export const queue = async (client: TestClient) => expectBody(await client.get("/api/admin/flags"), 200);
export const resolve = (client: TestClient, body: Record<string, unknown>) =>
	client.post("/api/admin/flags/resolve", body);
export const latestRecord = async (client: TestClient) => expectBody(await client.get("/api/admin/actions"), 200)[0];
