import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { flag, moderator, PASSKEY, queue, reportFuel, reportProduct, stationPrice, tag } from "../admin/testing.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";
import { establish } from "../test/standing.ts";

/** Confirmations and flags weigh their shopper's standing (decision 0071), products and fuel alike. */
// Each test signs several shoppers up, and argon2 hashing is slow on a busy shared machine.
setDefaultTimeout(30_000);

let server: TestServer;
let viewer: TestClient;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off", ADMIN_PASSKEY: PASSKEY });
	viewer = (await registerUser(server)).client;
});
afterAll(() => server.stop());

/** Shoppers signed up through the API; established ones made old and given reports that stood. */
async function shoppers(count: number, { established = false } = {}) {
	const made = await Promise.all(Array.from({ length: count }, () => registerUser(server)));
	if (established)
		establish(
			server,
			made.map((m) => m.user.id),
		);
	return made;
}
const say = (client: TestClient, id: number, body: Record<string, unknown>) =>
	client.post(`/api/price-reports/${id}/feedback`, body);
const searched = async (q: string) => expectBody(await viewer.get(`/api/search?q=${encodeURIComponent(q)}`), 200);
const REASONS = ["wrong-price", "spam", "wrong-store"] as const;

describe("wrong flags", () => {
	test("three accounts made today leave a price listed, and the moderator still sees every flag", async () => {
		const reporter = await registerUser(server);
		const name = `${tag()} Honest Oats`;
		const id = await reportProduct(reporter.client, name);
		const flaggers = await shoppers(3);
		for (const [i, f] of flaggers.entries()) {
			const res = await say(f.client, id, { kind: "wrong", reason: REASONS[i] });
			expect(res.data).toMatchObject({ listed: true, report: { feedback: { wrong: i + 1 } } });
		}
		expect((await searched(name)).map((r) => r.id)).toEqual([id]);
		const page = await viewer.get(`/api/price-reports/${id}`);
		expectStatus(page, 200);
		expect(page.data.feedback).toMatchObject({ wrong: 3 });
		// Flags that weigh nothing leave the price as it stood: its confidence and its Best Deal.
		expect(page.data).toMatchObject({ bestDeal: true, verificationConfidence: 0.5 });

		const mod = await moderator(server);
		const item = (await queue(mod.client)).find((i) => i.kind === "product" && i.reportId === id);
		expect(item).toMatchObject({ flags: 3, hidden: false, flagWeight: 0 });
		expect(item?.flaggers).toEqual(
			flaggers.map((f, i) =>
				expect.objectContaining({
					username: f.username,
					reason: REASONS[i],
					accountAgeDays: 0,
					accuracy: null,
					standing: 0,
				}),
			),
		);
	});

	test("three established shoppers' flags hide it; the queue shows their account age and accuracy", async () => {
		const reporter = await registerUser(server);
		const name = `${tag()} Fake Figs`;
		const id = await reportProduct(reporter.client, name);
		const flaggers = await shoppers(3, { established: true });
		for (const [i, f] of flaggers.slice(0, 2).entries())
			expect(expectBody(await say(f.client, id, { kind: "wrong", reason: REASONS[i] }), 200).listed).toBe(true);
		const third = await say(flaggers[2]!.client, id, { kind: "wrong", reason: REASONS[2] });
		expect(third.data).toMatchObject({ listed: false, report: { feedback: { wrong: 3 } } });
		expect(await searched(name)).toEqual([]);

		const mod = await moderator(server);
		const item = (await queue(mod.client)).find((i) => i.kind === "product" && i.reportId === id);
		expect(item).toMatchObject({ flags: 3, hidden: true, flagWeight: 3 });
		expect(item?.flaggers[0]).toMatchObject({
			username: flaggers[0]!.username,
			accountAgeDays: 31,
			accuracy: { percent: 100, accurate: 5, judged: 5 },
			standing: 1,
		});
	});

	test("two established shoppers cannot make up the number with a new account", async () => {
		const reporter = await registerUser(server);
		const name = `${tag()} Rival Rye`;
		const id = await reportProduct(reporter.client, name);
		const [first, second] = await shoppers(2, { established: true });
		const [fresh] = await shoppers(1);
		for (const [i, f] of [first!, second!, fresh!].entries())
			expect(expectBody(await say(f.client, id, { kind: "wrong", reason: REASONS[i] }), 200).listed).toBe(true);
		expect((await searched(name)).map((r) => r.id)).toEqual([id]);
	});

	test("fuel alike: new accounts' flags leave the station's price, established ones' take it off", async () => {
		const reporter = await registerUser(server);
		const kept = `${tag()} Kept Gas`;
		const keptId = await reportFuel(reporter.client, kept);
		expect(flag(server, "fuel", keptId, [...REASONS], { newAccounts: true })).toEqual({ hidden: false });
		expect(await stationPrice(viewer, kept)).toBe(3.199);

		const gone = `${tag()} Gone Gas`;
		const goneId = await reportFuel(reporter.client, gone);
		expect(flag(server, "fuel", goneId, [...REASONS])).toEqual({ hidden: true });
		expect(await stationPrice(viewer, gone)).toBeNull();

		const mod = await moderator(server);
		const items = (await queue(mod.client)).filter((i) => i.kind === "fuel" && [keptId, goneId].includes(i.reportId));
		expect(items.map((i) => [i.reportId, i.hidden])).toEqual([
			[keptId, false],
			[goneId, true],
		]);
	});
});

describe("confirmations", () => {
	test("a new account's does not earn AI Verified; an established shopper's does", async () => {
		const reporter = await registerUser(server);
		const name = `${tag()} Plain Kefir`;
		const id = await reportProduct(reporter.client, name);
		const [before] = await searched(name);
		// A product nobody reported before: the check has no history to go on.
		expect(before?.verificationConfidence).toBe(0.5);

		const [fresh] = await shoppers(1);
		const byNew = await say(fresh!.client, id, { kind: "confirm" });
		expectStatus(byNew, 200);
		expect(byNew.data.report).toMatchObject({ verificationConfidence: 0.5, feedback: { confirm: 1 } });
		expect((await searched(name))[0]?.verificationConfidence).toBeLessThan(0.7);

		const [established] = await shoppers(1, { established: true });
		const byEstablished = await say(established!.client, id, { kind: "confirm" });
		expectStatus(byEstablished, 200);
		expect(byEstablished.data.report.feedback).toMatchObject({ confirm: 2 });
		expect(byEstablished.data.report.verificationConfidence).toBeGreaterThanOrEqual(0.7);
		expect((await searched(name))[0]?.verificationConfidence).toBeGreaterThanOrEqual(0.7);
	});
});
