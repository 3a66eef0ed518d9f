import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as v from "valibot";
import { gasPriceReports } from "../../db/schema.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";
import { expireByAge } from "./expiry.ts";
import { FUEL } from "./markets.ts";

/** A loopback server speaking Ollama's /api/chat, answering as `verdict` says. */
let verdict: { plausible: boolean; confidence: number; reason: string } | null = null;
/** The chat request as the fake Ollama received it: the parts these tests read. */
const ChatRequest = v.looseObject({
	model: v.string(),
	format: v.optional(v.looseObject({ required: v.optional(v.array(v.string())) })),
	messages: v.array(v.looseObject({ content: v.string() })),
});
let asked: v.InferOutput<typeof ChatRequest> | null = null;
const fakeOllama = Bun.serve({
	port: 0,
	hostname: "127.0.0.1",
	async fetch(req) {
		asked = v.parse(ChatRequest, await req.json());
		// Without a verdict it answers prose, which the check ignores (the statistics then decide alone).
		const content = verdict ? JSON.stringify(verdict) : "I think so.";
		return Response.json({ model: asked.model, message: { role: "assistant", content }, done: true });
	},
});

let server: TestServer;
let client: TestClient;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: `http://127.0.0.1:${fakeOllama.port}`, OLLAMA_TIMEOUT_MS: "1000" });
	client = (await registerUser(server, { zipCode: "80010" })).client;
});
afterAll(async () => {
	await server.stop();
	await fakeOllama.stop(true);
});
beforeEach(() => {
	verdict = null;
	asked = null;
	server.runtime.model.resetBackOff();
});

let n = 0;
const report = (
	zip: string,
	fuelType: string,
	price: number | string,
	stationName = `Station ${++n}`,
	by = client,
	extra = {},
) =>
	by.post("/api/gas/reports", {
		stationName,
		stationAddress: "7 Main St",
		stationZipCode: zip,
		fuelType,
		price,
		...extra,
	});
/** The shopper's answer to the check's question: the price is right. */
const KEEP = { confirmUnusual: true };
/** The consensus hears one voice per shopper, never the reporter's own: history comes from neighbours. */
const neighbour = async (zipCode: string) => (await registerUser(server, { zipCode })).client;
const count = () => server.db.select().from(gasPriceReports).all().length;

describe("the quality check on POST /api/gas/reports", () => {
	test("a slipped decimal against 3 nearby reports of the fuel is refused with 422, a reason and the typical range", async () => {
		for (const p of [3.099, 3.199, 3.149]) {
			expect((await report("80010", "regular", p, undefined, await neighbour("80010"))).status).toBe(201);
		}
		const before = count();
		for (const slip of [8.99, 0.319]) {
			const res = await report("80015", "regular", slip);
			expectStatus(res, 422);
			expect(res.data.message).toBe("Price report rejected");
			expect(res.data.reason).toContain("3 nearby reports agree on ($3.149)");
			expect(res.data.suggestedRange.min).toBeLessThanOrEqual(3.099);
			expect(res.data.suggestedRange.max).toBeGreaterThanOrEqual(3.199);
		}
		expect(count()).toBe(before);
		// Another fuel has its own history; 21 zips away the consensus does not reach.
		expect((await report("80010", "diesel", 8.99, undefined, client, KEEP)).status).toBe(201);
		expect((await report("80031", "regular", 8.99, undefined, client, KEEP)).status).toBe(201);
		const fine = await report("80010", "regular", 3.129);
		expectStatus(fine, 201);
		const row = server.db.select().from(gasPriceReports).where(eq(gasPriceReports.id, fine.data.id)).get();
		expect(row?.verificationConfidence).toBeGreaterThan(0.5);
		expect(row?.verificationReason).toBe("In line with 3 recent reports nearby (typically $3.149).");
		// The reporter's own earlier price is not a fourth voice.
		const again = await report("80010", "regular", 3.139);
		expectStatus(again, 201);
		const againRow = server.db.select().from(gasPriceReports).where(eq(gasPriceReports.id, again.data.id)).get();
		expect(againRow?.verificationReason).toBe("In line with 3 recent reports nearby (typically $3.149).");
	});

	test("with thin history, the fuel's sane bounds decide: per gallon, and per kWh for charging", async () => {
		const gallon = await report("81010", "regular", 12.5);
		expectStatus(gallon, 422);
		expect(gallon.data.suggestedRange).toEqual({ min: 1.5, max: 9 });
		const kwh = await report("81010", "electric", 3.459);
		expectStatus(kwh, 422);
		expect(kwh.data.suggestedRange).toEqual({ min: 0.05, max: 1.5 });
		expect(kwh.data.reason).toBe("$3.459 is outside the usual range for charging per kWh.");
		expect((await report("81010", "electric", 0.389)).status).toBe(201);
	});

	test("with 5 voices the fuel is judged in bands; on thin history, outside its usual range it is unusual", async () => {
		for (const p of [3.299, 3.349, 3.249, 3.299, 3.319]) {
			expect((await report("85010", "diesel", p, undefined, await neighbour("85010"))).status).toBe(201);
		}
		const dear = await report("85010", "diesel", 4.399);
		expectStatus(dear, 201);
		expect(dear.data.warning).toBe(
			"$4.399 is 33% above the $3.299 nearby shoppers report. It's listed, but won't be a Best Deal until another shopper confirms it.",
		);
		const row = server.db.select().from(gasPriceReports).where(eq(gasPriceReports.id, dear.data.id)).get();
		expect(row?.isUnusual).toBe(true);
		expect(row?.verificationConfidence).toBeLessThanOrEqual(0.4);
		// A discounter 20% below is listed like any price; past half off is refused.
		const cheap = await report("85010", "diesel", 2.639, undefined, await neighbour("85010"));
		expectStatus(cheap, 201);
		expect(cheap.data.warning).toBeUndefined();
		expect((await report("85010", "diesel", 4.999, undefined, await neighbour("85010"))).status).toBe(422);

		const asked = await report("87010", "regular", 7.25, "Far Fuel");
		expect(asked.status).toBe(422);
		expect(asked.data).toMatchObject({ message: "Did you mean $2.750?", suggestedPrice: 2.75, confirmable: true });
		const thin = await report("87010", "regular", 7.25, "Far Fuel", client, KEEP);
		expectStatus(thin, 201);
		expect(thin.data.warning).toBe(
			"$7.250 is far above the prices usually reported for regular gas per gallon ($2.000 to $6.500). It's listed, but won't be a Best Deal until another shopper confirms it.",
		);
	});

	test("an older slip that the new consensus exposes expires, and its station drops the price", async () => {
		const local = await neighbour("82010");
		const slip = await report("82010", "regular", 8.49, "Slip Fuel", await neighbour("82010"), KEEP);
		expectStatus(slip, 201);
		await report("82010", "regular", 3.0, undefined, await neighbour("82010"));
		await report("82010", "regular", 3.1, undefined, await neighbour("82010"));
		expect(
			expectBody(await local.get("/api/gas/nearby?fuelType=regular"), 200).map((s: { name: string }) => s.name),
		).toContain("Slip Fuel");
		const res = await report("82010", "regular", 3.05, undefined, local);
		expectStatus(res, 201);
		expect(res.data.expirationAnalysis).toMatchObject({ expiredCount: 1, consensusPrice: 3.075, analyzed: 4 });
		const expired = server.db.select().from(gasPriceReports).where(eq(gasPriceReports.id, slip.data.id)).get();
		expect(expired).toMatchObject({ isExpired: true, expiredReason: "Far from the community price of $3.075" });
		const nearby = expectBody(await local.get("/api/gas/nearby?fuelType=regular"), 200);
		expect(nearby.map((s) => s.name)).not.toContain("Slip Fuel");
	});

	test("the model is asked about the fuel; a confident 'implausible' on thin history rejects", async () => {
		verdict = { plausible: false, confidence: 0.9, reason: "Too cheap for premium." };
		// Below premium's usual range: the shopper keeps it when asked, and the model is asked next.
		const res = await report("83001", "premium", 1.899, undefined, client, KEEP);
		expect(res.status).toBe(422);
		expect(res.data).toMatchObject({
			reason: "AI check: Too cheap for premium.",
			suggestedRange: { min: 1.8, max: 10 },
		});
		expect(JSON.parse(asked!.messages[1]!.content)).toMatchObject({
			product: "premium gas per gallon",
			category: "Fuel",
			price: "$1.899",
			consensus: null,
		});

		verdict = { plausible: true, confidence: 0.95, reason: "Typical premium price." };
		const ok = await report("83001", "premium", 4.299);
		expectStatus(ok, 201);
		const row = server.db.select().from(gasPriceReports).where(eq(gasPriceReports.id, ok.data.id)).get();
		expect(row?.verificationConfidence).toBe(0.73);
		expect(row?.verificationReason).toContain("AI check: Typical premium price.");
	});
});

describe("fuel reports go stale", () => {
	test("after 7 days they expire, and the station's cached prices follow", async () => {
		const old = await report("84010", "e85", 2.799, "Aging Fuel");
		expectStatus(old, 201);
		const fresh = await report("84010", "diesel", 4.299, "Aging Fuel");
		const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
		server.db.update(gasPriceReports).set({ createdAt: eightDaysAgo }).where(eq(gasPriceReports.id, old.data.id)).run();
		expect(await expireByAge(server.db, FUEL)).toBeGreaterThanOrEqual(1);
		const row = server.db.select().from(gasPriceReports).where(eq(gasPriceReports.id, old.data.id)).get();
		expect(row).toMatchObject({ isExpired: true, expiredReason: "Older than 7 days" });
		const { client: neighbour } = await registerUser(server, { zipCode: "84010" });
		const station = expectBody(await neighbour.get("/api/gas/nearby?fuelType=diesel"), 200).find(
			(s) => s.name === "Aging Fuel",
		);
		expect(station).toMatchObject({ e85Price: null, dieselPrice: 4.299, reportsCount: 1 });
		expect(fresh.status).toBe(201);
	});
});
