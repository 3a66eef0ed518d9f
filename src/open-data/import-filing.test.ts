import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { categoryIds, createAlert } from "../alerts/testing.ts";
import { migrate, openDb } from "../db.ts";
import { DAY_MS, HOUR_MS } from "../lib/time.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";
import { runCommand } from "../test/processes.ts";
import { daysToNow, type OpenPricesLine, writeOpenPrices } from "./fixtures/fixtures.ts";
import { runImport } from "./import-cli.ts";
import { SourceSuspendedError } from "./sources.ts";

// Sign-ups (argon2), a child process and a server on a busy shared machine.
setDefaultTimeout(30_000);

let server: TestServer;
let shopper: TestClient;
let watcher: TestClient;
let dir: string;
let cat: Awaited<ReturnType<typeof categoryIds>>;

const importInto = (dbPath: string, files: ReturnType<typeof writeOpenPrices>) =>
	runImport(
		{ kind: "open-prices", file: files.prices, locations: files.locations },
		{ dbPath, passwordHashMemoryKib: 19_456 },
	);
const importHere = (files = writeOpenPrices(dir)) => importInto(server.config.dbPath, files);

type Row = Record<string, unknown>;
const rows = (sql: string, ...params: (string | number)[]) =>
	server.sqlite.query<Row, typeof params>(sql).all(...params);

/** A shopper's price at the store Open Prices' location 101 is (Farmers Fresh Market, 90036). */
async function reportAtMarket(client: TestClient, productName: string, price: number, categoryId: number) {
	const res = await client.post("/api/price-reports", {
		productName,
		price,
		categoryId,
		storeName: "Farmers Fresh Market",
		storeAddress: "263 South La Brea Avenue",
		storeZipCode: "90036",
		...(productName === "Organic apples" ? { size: { quantity: 1, unit: "kg" } } : {}),
	});
	expect(res.status).toBe(201);
	return res.data;
}

/** A line of the fixture as seen an hour ago (its dates written so that the fixture's shift lands there). */
function seenAnHourAgo(line: OpenPricesLine, id: number): OpenPricesLine {
	const unshifted = new Date(Date.now() - HOUR_MS - daysToNow() * DAY_MS).toISOString();
	return { ...line, id, date: unshifted.slice(0, 10), created: unshifted, updated: unshifted };
}

beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	dir = mkdtempSync(join(tmpdir(), "commoncents-import-filing-"));
	shopper = (await registerUser(server, { zipCode: "90036" })).client;
	watcher = (await registerUser(server, { zipCode: "90036" })).client;
	cat = await categoryIds(shopper);
	await createAlert(watcher, { productName: "Organic apples", targetPrice: null });
	// The same price Open Prices has for milk there (price 1002), reported by a shopper before the import.
	await reportAtMarket(shopper, "Whole Milk 1 gal", 4.29, cat.groceries);
});
afterAll(async () => {
	await server.stop();
	rmSync(dir, { recursive: true, force: true });
});

const sourceAlertHits = () =>
	rows(`SELECT h.price_cents AS cents, p.source_key AS key FROM price_alert_hits h
    JOIN price_reports p ON p.id = h.price_report_id JOIN users u ON u.id = p.user_id WHERE u.source IS NOT NULL`);

describe("an imported price", () => {
	test("is the source's own report, never a confirmation of a shopper's same price; a second run adds nothing", async () => {
		const first = await importHere();
		expect(first.run.tally.tookAs("price", "added")).toBe(6);
		const milk = rows(
			`SELECT p.source_key AS key, p.confirmed_at AS confirmedAt, u.source FROM price_reports p
       JOIN users u ON u.id = p.user_id WHERE p.product_name = 'Whole Milk 1 gal' ORDER BY p.id`,
		);
		expect(milk).toEqual([
			{ key: null, confirmedAt: null, source: null },
			{ key: "open-prices:1002", confirmedAt: null, source: "open-prices" },
		]);
		const count = () => rows("SELECT count(*) AS n FROM price_reports")[0]!.n;
		const before = count();
		const again = await importHere();
		expect(again.run.tally.tookAs("price", "already here")).toBe(6);
		expect(count()).toBe(before);
	});

	test("keeps its key when its price changes to a shopper's, so the next run finds it", async () => {
		await reportAtMarket(shopper, "Organic apples", 2.19, cat.produce);
		const lowered = writeOpenPrices(dir, {
			name: "lowered.jsonl",
			edit: (lines) => lines.map((line) => (line.id === 1001 ? { ...line, price: 2.19 } : line)),
		});
		const changed = await importHere(lowered);
		expect(changed.run.tally.tookAs("price", "updated")).toBe(1);
		expect(
			rows(
				"SELECT price_cents AS cents, is_expired AS expired FROM price_reports WHERE source_key = 'open-prices:1001'",
			),
		).toEqual([{ cents: 219, expired: 0 }]);
		const again = await importHere(lowered);
		expect(again.run.tally.tookAs("price", "already here")).toBe(6);
		expect(again.run.tally.tookAs("price", "added") + again.run.tally.tookAs("price", "updated")).toBe(0);
	});

	test("sets off an alert only when it was seen within a day", async () => {
		// The fixture's apples were seen a day or more ago: the alert heard none of them.
		expect(sourceAlertHits()).toEqual([]);
		const fresh = writeOpenPrices(dir, {
			name: "fresh.jsonl",
			edit: (lines) => [seenAnHourAgo(lines.find((line) => line.id === 1001)!, 2001)],
		});
		const done = await importHere(fresh);
		expect(done.run.tally.tookAs("price", "added")).toBe(1);
		expect(sourceAlertHits()).toEqual([{ cents: 249, key: "open-prices:2001" }]);
	});
});

describe("the source's account", () => {
	test("is made with its first filed price: an import that files nothing leaves no profile", async () => {
		const other = mkdtempSync(join(dir, "nothing-"));
		const files = writeOpenPrices(other, { edit: (lines) => lines.filter((line) => line.id === 1004) });
		const done = await importInto(join(other, "commoncents.db"), files);
		expect(done.run.tally.takenCount).toBe(0);
		expect(done.lines.join("\n")).not.toContain("public profile");
		const db = openDb(join(other, "commoncents.db"));
		expect(db.sqlite.query("SELECT count(*) AS n FROM users").get()).toEqual({ n: 0 });
		db.sqlite.close();
	});

	test("suspended, it takes no more prices: the import is refused, naming the suspension (exit 1)", async () => {
		const data = join(dir, "suspended");
		mkdirSync(data);
		const dbPath = join(data, "commoncents.db");
		const files = writeOpenPrices(data);
		await importInto(dbPath, files);
		const db = openDb(dbPath);
		db.sqlite.run("UPDATE users SET is_terminated = 1, termination_reason = 'Spam' WHERE source = 'open-prices'");
		const reports = () => db.sqlite.query("SELECT count(*) AS n FROM price_reports").get();
		const before = reports();
		const changed = writeOpenPrices(data, {
			name: "changed.jsonl",
			edit: (lines) => lines.map((line) => ({ ...line, price: 1.11 })),
		});
		await expect(importInto(dbPath, changed)).rejects.toThrow(SourceSuspendedError);
		await expect(importInto(dbPath, changed)).rejects.toThrow(
			'the source account "open-prices" (Open Prices) is suspended (Spam): nothing was imported',
		);
		expect(reports()).toEqual(before);
		db.sqlite.close();
		const run = await runCommand(["import", "open-prices", changed.prices, "--locations", changed.locations], {
			DATA_DIR: data,
			PASSWORD_HASH_MEMORY_KIB: "19456",
		});
		expect(run.code).toBe(1);
		expect(run.stderr).toStartWith('commoncents: the source account "open-prices" (Open Prices) is suspended (Spam)');
	});

	test("is no shopper: not among top contributors nor in search, no badge nor accuracy, its profile says so", async () => {
		const top = await shopper.get("/api/users/top?zipCode=90036");
		expectStatus(top, 200);
		expect(top.data.contributors.map((c: Row) => c.username)).not.toContain("open-prices");
		const found = await shopper.get("/api/users/search?q=open");
		expectStatus(found, 200);
		expect(found.data.map((u: Row) => u.username)).not.toContain("open-prices");
		const profile = await shopper.get("/api/users/open-prices/profile");
		expectStatus(profile, 200);
		expect(profile.data).toMatchObject({
			username: "open-prices",
			source: "open-prices",
			activity: { priceReportsMade: null, accuracy: null },
		});
		// It has reports that a shopper's accuracy would be counted on.
		expect(profile.data.activity?.totalReports).toBeGreaterThan(0);
		const person = await shopper.get(
			`/api/users/${expectBody(await shopper.get("/api/auth/user"), 200).username}/profile`,
		);
		expectStatus(person, 200);
		expect(person.data.source).toBeNull();
	});

	test("names are the sources' own: sign-up answers them as taken", async () => {
		for (const username of ["open-prices", "OpenStreetMap", "commoncents-data", "open-prices-data-2"]) {
			const res = await server.client().post("/api/auth/register", {
				username,
				password: "Str0ng!Pass",
				confirmPassword: "Str0ng!Pass",
				firstName: "Sly",
				lastName: "Shopper",
			});
			expect(res.status).toBe(409);
			expect(res.data.message).toBe("Username is already taken");
		}
		expect((await registerUser(server, { username: "open-prices-fan" })).username).toBe("open-prices-fan");
	});
});

describe("a record that fails", () => {
	test("for any reason but the database's is left out with its message, and the run goes on", async () => {
		const other = mkdtempSync(join(dir, "failing-"));
		const dbPath = join(other, "commoncents.db");
		const db = openDb(dbPath);
		migrate(db.sqlite);
		db.sqlite.run(`CREATE TRIGGER milk_fails BEFORE INSERT ON price_reports WHEN NEW.product_name = 'Whole Milk 1 gal'
      BEGIN SELECT RAISE(ABORT, 'the milk cannot be written'); END`);
		db.sqlite.close();
		const done = await importInto(dbPath, writeOpenPrices(other));
		expect(done.run.tally.tookAs("price", "added")).toBe(5);
		expect(done.run.tally.leftOutFor("failed: the milk cannot be written")).toBe(1);
		expect(done.lines).toContain("  failed: the milk cannot be written: 1, e.g. price 1002");
	});
});
