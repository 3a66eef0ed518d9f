import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { priceReports } from "../../db/schema.ts";
import { flag, moderator, PASSKEY } from "../admin/testing.ts";
import { ConfigError, loadOpenDataSettings } from "../env.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";
import { establish } from "../test/standing.ts";
import { csvCell } from "./csv.ts";
import { exportOpenData } from "./export.ts";

// Several sign-ups (argon2) on a busy shared machine.
setDefaultTimeout(30_000);

const LICENSE_ENV = { DATA_LICENSE: "cc-by-4.0", DATA_ATTRIBUTION: "Testville Price Watch, CommonCents" };

let server: TestServer;
let mod: Awaited<ReturnType<typeof moderator>>;
const ids = { milk: 0, formula: 0, quiet: 0, expired: 0, hidden: 0, banned: 0, fuel: 0 };
let publicName: string;
let privateName: string;
let privateUserId: string;
let quietName: string;
let publicClient: TestClient;
/** The home of a shopper who typed no store zip: near the store's place (10001), so the store is the same one. */
const QUIET_HOME = "10010";

const reportProduct = async (client: TestClient, body: Record<string, unknown>) => {
	const res = await client.post("/api/price-reports", {
		price: 3.49,
		categoryId: 3,
		storeName: "Corner Shop",
		storeAddress: "5 Elm St",
		...body,
	});
	expectStatus(res, 201);
	return res.data.id;
};

beforeAll(async () => {
	server = await startTestServer({ ADMIN_PASSKEY: PASSKEY, ...LICENSE_ENV });
	mod = await moderator(server);
	const open = await registerUser(server, { firstName: "Publicfirst", lastName: "Publiclast" });
	const closed = await registerUser(server, { firstName: "Privatefirst", lastName: "Privatelast", zipCode: "10002" });
	const banned = await registerUser(server, { firstName: "Bannedfirst" });
	publicName = open.username;
	publicClient = open.client;
	privateName = closed.username;
	privateUserId = closed.user.id;
	// Each asks to be credited in open data; only the public one, showing their activity, is.
	expect((await open.client.put("/api/profile/privacy", { creditOpenData: true })).status).toBe(200);
	const hidden = { isPublicProfile: false, creditOpenData: true };
	expect((await closed.client.put("/api/profile/privacy", hidden)).status).toBe(200);
	// A public profile that hides its activity: no price of theirs may name them.
	const quiet = await registerUser(server, { firstName: "Quietfirst", zipCode: QUIET_HOME });
	quietName = quiet.username;
	const quietPrivacy = { showActivity: false, creditOpenData: true };
	expect((await quiet.client.put("/api/profile/privacy", quietPrivacy)).status).toBe(200);

	ids.milk = await reportProduct(open.client, {
		productName: "Whole Milk",
		size: { quantity: 1, unit: "gal" },
		description: "Privatenote: ask for Jo at the till",
	});
	ids.formula = await reportProduct(closed.client, {
		productName: "=HYPERLINK(evil)",
		barcode: "400 6381 33393 1",
		storeName: 'Shop, "The" Best',
		storeAddress: "1 Quote Ave\nUnit 2",
		vacationMode: true,
		reportZipCode: "33139",
	});
	// A store from before stores kept a zip (migration 0013), placed by its location token alone. A report there
	// with no store zip typed, out of vacation, is filed under the reporter's home zip (src/reports/write-price.ts).
	server.sqlite
		.query("UPDATE stores SET zip_code = NULL WHERE id = (SELECT store_id FROM price_reports WHERE id = ?)")
		.run(ids.milk);
	ids.quiet = await reportProduct(quiet.client, { productName: "Quiet Eggs" });
	const filed = server.sqlite.query("SELECT zip_code AS zip FROM price_reports WHERE id = ?").get(ids.quiet);
	expect(filed).toEqual({ zip: QUIET_HOME });
	ids.expired = await reportProduct(open.client, { productName: "Expired Bread" });
	ids.hidden = await reportProduct(open.client, { productName: "Hidden Cheese" });
	ids.banned = await reportProduct(banned.client, { productName: "Banned Butter" });
	const fuel = await closed.client.post("/api/gas/reports", {
		stationName: "Pump Stop",
		stationAddress: "2 Pump Rd",
		stationZipCode: "10003",
		price: 3.199,
		fuelType: "diesel",
	});
	expectStatus(fuel, 201);
	ids.fuel = fuel.data.id;

	// Someone else still sees the milk at that price: its freshness restarts.
	const neighbour = await registerUser(server);
	establish(server, [neighbour.user.id]);
	expect((await neighbour.client.post(`/api/price-reports/${ids.milk}/feedback`, { kind: "confirm" })).status).toBe(
		200,
	);
	// Expired by the age sweep (its own test elsewhere), hidden by flags, withdrawn with a terminated reporter.
	server.db
		.update(priceReports)
		.set({ isExpired: true, expiredAt: new Date() })
		.where(eq(priceReports.id, ids.expired))
		.run();
	flag(server, "product", ids.hidden, ["wrong-price", "spam", "other"]);
	const terminated = await mod.client.post("/api/admin/terminate-account", { userId: banned.user.id, reason: "Spam" });
	expect(terminated.status).toBe(200);
});
afterAll(() => server.stop());

async function exported(format: "jsonl" | "csv") {
	let text = "";
	const header = await exportOpenData(server.config.dbPath, { format, ...server.config.openData }, (chunk) => {
		text += chunk;
	});
	return { header, text };
}

const jsonLines = (text: string) =>
	text
		.trimEnd()
		.split("\n")
		.map((line) => JSON.parse(line));

/** RFC 4180 as a spreadsheet reads it: quoted cells may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let cell = "";
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const ch = text[i];
		if (quoted && ch === '"' && text[i + 1] === '"') {
			cell += '"';
			i++;
		} else if (ch === '"') quoted = !quoted;
		else if (quoted) cell += ch;
		else if (ch === ",") {
			row.push(cell);
			cell = "";
		} else if (ch === "\r" && text[i + 1] === "\n") {
			row.push(cell);
			rows.push(row);
			row = [];
			cell = "";
			i++;
		} else cell += ch;
	}
	return rows;
}

describe("the open-data export", () => {
	test("JSON lines: the header's licence and counts, places before prices, only live prices", async () => {
		const { header, text } = await exported("jsonl");
		const lines = jsonLines(text);
		expect(lines[0]).toEqual({ ...header, type: "header" });
		expect(header).toMatchObject({
			format: "commoncents-open-data",
			version: 1,
			license: "CC-BY-4.0",
			licenseUrl: "https://creativecommons.org/licenses/by/4.0/",
			attribution: "Testville Price Watch, CommonCents",
			counts: { stores: 2, stations: 1, prices: 3, fuelPrices: 1 },
		});
		expect(Date.now() - Date.parse(header.exportedAt)).toBeLessThan(60_000);
		const types = lines.map((l) => l.type);
		expect(types).toEqual(["header", "store", "store", "station", "price", "price", "price", "fuel_price"]);
		const prices = lines.filter((l) => l.type === "price");
		// Expired, hidden by flags and a terminated reporter's: none of them.
		expect(prices.map((p) => p.id)).toEqual([ids.milk, ids.formula, ids.quiet]);
		const stores = new Set(lines.filter((l) => l.type === "store").map((s) => s.id));
		expect(prices.every((p) => stores.has(p.storeId))).toBe(true);
	});

	test("a reporter is named only with their consent, and never while their profile or activity is hidden", async () => {
		const reporterOfMilk = async () =>
			jsonLines((await exported("jsonl")).text).find((l) => l.type === "price" && l.id === ids.milk).reporter;
		expect(await reporterOfMilk()).toBe(publicName);
		// Credit is the shopper's to give: a public profile alone names nobody, and a new account has not given it.
		const off = await publicClient.put("/api/profile/privacy", { creditOpenData: false });
		expectStatus(off, 200);
		expect(off.data.creditOpenData).toBe(false);
		try {
			expect(await reporterOfMilk()).toBeNull();
			const fresh = await registerUser(server);
			expect(expectBody(await fresh.client.get("/api/auth/user"), 200).creditOpenData).toBe(false);
		} finally {
			expect((await publicClient.put("/api/profile/privacy", { creditOpenData: true })).status).toBe(200);
		}
		expect(await reporterOfMilk()).toBe(publicName);
	});

	test("a reporter is named only where their profile and activity are public; nothing private is written", async () => {
		const { text } = await exported("jsonl");
		const lines = jsonLines(text);
		const byId = (id: number, type = "price") => lines.find((l) => l.type === type && l.id === id);
		expect(byId(ids.milk).reporter).toBe(publicName);
		expect(byId(ids.formula).reporter).toBeNull();
		expect(byId(ids.quiet).reporter).toBeNull();
		expect(byId(ids.fuel, "fuel_price").reporter).toBeNull();
		const secrets = [
			privateName,
			privateUserId,
			quietName,
			"Privatefirst",
			"Privatelast",
			"Publicfirst",
			"Privatenote",
		];
		for (const secret of secrets) expect(text).not.toContain(secret);
		// A vacation report counts in the zip it was made for; the private reporter's own zip is nowhere.
		expect(byId(ids.formula).zipCode).toBe("33139");
		expect(text).not.toContain("10002");
	});

	test("a price's ZIP is its store's, never the home ZIP a report without a store ZIP was filed under", async () => {
		const lines = jsonLines((await exported("jsonl")).text);
		const [milk, quiet] = [ids.milk, ids.quiet].map((id) => lines.find((l) => l.type === "price" && l.id === id));
		expect(quiet.storeId).toBe(milk.storeId);
		expect(lines.find((l) => l.type === "store" && l.id === quiet.storeId).zipCode).toBe("10001");
		expect(quiet.zipCode).toBe("10001");
		expect(lines.filter((l) => l.zipCode === QUIET_HOME)).toEqual([]);
		const [columns, ...rows] = parseCsv((await exported("csv")).text);
		const zipCells = rows.map((row) => [row[columns!.indexOf("id")], row[columns!.indexOf("zip_code")]]);
		expect(zipCells).toContainEqual([String(ids.quiet), "10001"]);
		expect(zipCells.filter(([, zip]) => zip === QUIET_HOME)).toEqual([]);
	});

	test("prices carry their ZIP, size and freshness: a confirmation is seen later and trusted more", async () => {
		const lines = jsonLines((await exported("jsonl")).text);
		const milk = lines.find((l) => l.type === "price" && l.id === ids.milk);
		const other = lines.find((l) => l.type === "price" && l.id === ids.formula);
		expect(milk).toMatchObject({
			productName: "Whole Milk",
			category: "dairy",
			price: 3.49,
			size: { quantity: 1, unit: "gal" },
			zipCode: "10001",
			confirmations: 1,
		});
		expect(Date.parse(milk.lastSeenAt)).toBeGreaterThan(Date.parse(milk.reportedAt));
		expect(other.confirmations).toBe(0);
		// The product's barcode as its normalised GTIN, when its reporter gave one.
		expect([milk.barcode, other.barcode]).toEqual([null, "4006381333931"]);
		expect(other.lastSeenAt).toBe(other.reportedAt);
		expect(milk.confidence).toBeGreaterThan(other.confidence);
		expect(milk.confidence).toBeLessThanOrEqual(0.99);
		const fuel = lines.find((l) => l.type === "fuel_price");
		expect(fuel).toMatchObject({ fuelType: "diesel", price: 3.199, zipCode: "10003", confirmations: 0 });
		const station = lines.find((l) => l.type === "station");
		expect(station).toEqual({
			type: "station",
			id: fuel.stationId,
			name: "Pump Stop",
			address: "2 Pump Rd",
			zipCode: "10003",
		});
	});

	test("CSV: a row per price with its place and licence; quotes, line breaks and formulas are defused", async () => {
		const { text } = await exported("csv");
		expect(text.endsWith("\r\n")).toBe(true);
		const [columns, ...rows] = parseCsv(text);
		expect(rows).toHaveLength(4);
		const record = (row: string[]) => Object.fromEntries(columns!.map((c, i) => [c, row[i]]));
		const [milk, formula, , fuel] = rows.map(record);
		expect(milk).toMatchObject({
			type: "price",
			id: String(ids.milk),
			place_name: "Corner Shop",
			product_name: "Whole Milk",
			price: "3.49",
			size_quantity: "1",
			size_unit: "gal",
			fuel_type: "",
			reporter: publicName,
			confirmations: "1",
			license: "CC-BY-4.0",
			license_url: "https://creativecommons.org/licenses/by/4.0/",
			attribution: "Testville Price Watch, CommonCents",
		});
		expect(formula).toMatchObject({
			product_name: "'=HYPERLINK(evil)",
			barcode: "4006381333931",
			place_name: 'Shop, "The" Best',
			place_address: "1 Quote Ave\nUnit 2",
			reporter: "",
		});
		expect(fuel).toMatchObject({ type: "fuel_price", fuel_type: "diesel", price: "3.199", place_name: "Pump Stop" });
	});

	test("a cell that a spreadsheet would run as a formula starts with a quote mark", () => {
		for (const start of ["=", "+", "-", "@", "\t", "\r"])
			expect(csvCell(`${start}1+1`).replace(/^"/, "")).toStartWith("'");
		expect(csvCell("3.49")).toBe("3.49");
		expect(csvCell(null)).toBe("");
		expect(csvCell('say "hi"')).toBe('"say ""hi"""');
	});
});

describe("DATA_LICENSE and DATA_ATTRIBUTION", () => {
	test("default to ODbL 1.0 and CommonCents contributors; known ids are found in any case with their URL", () => {
		expect(loadOpenDataSettings({})).toEqual({
			license: "ODbL-1.0",
			licenseUrl: "https://opendatacommons.org/licenses/odbl/1-0/",
			attribution: "CommonCents contributors",
		});
		expect(loadOpenDataSettings({ DATA_LICENSE: "cc0-1.0", DATA_ATTRIBUTION: "  Town  " })).toEqual({
			license: "CC0-1.0",
			licenseUrl: "https://creativecommons.org/publicdomain/zero/1.0/",
			attribution: "Town",
		});
		expect(loadOpenDataSettings({ DATA_LICENSE: "LicenseRef-Town-1" }).licenseUrl).toBeNull();
	});

	test("a mistyped licence or a broken attribution is named", () => {
		expect(() => loadOpenDataSettings({ DATA_LICENSE: "ODBL" })).toThrow(/DATA_LICENSE: DATA_LICENSE must be an SPDX/);
		expect(() => loadOpenDataSettings({ DATA_ATTRIBUTION: "a\nb" })).toThrow(ConfigError);
		expect(() => loadOpenDataSettings({ DATA_ATTRIBUTION: "x".repeat(201) })).toThrow(/at most 200/);
	});
});

describe("GET /api/admin/export", () => {
	test("is the console's: 401 for a guest, 403 until the passkey is entered", async () => {
		expect((await server.client().get("/api/admin/export")).status).toBe(401);
		const shopper = await registerUser(server);
		for (const path of ["/api/admin/export?format=csv", "/api/admin/export/summary"]) {
			const res = await shopper.client.requestRaw("GET", path);
			expect([path, res.status, res.data]).toEqual([
				path,
				403,
				{ message: "Enter the developer passkey to use the developer console" },
			]);
		}
	});

	test("downloads the same export as a dated attachment, in either format", async () => {
		const day = new Date().toISOString().slice(0, 10);
		const jsonl = await mod.client.get("/api/admin/export");
		expect(jsonl.status).toBe(200);
		expect(jsonl.headers.get("content-type")).toBe("application/jsonl; charset=utf-8");
		expect(jsonl.headers.get("content-disposition")).toBe(`attachment; filename="commoncents-open-data-${day}.jsonl"`);
		const lines = jsonLines(jsonl.text);
		const expected = jsonLines((await exported("jsonl")).text);
		expect(lines.map((l) => [l.type, l.id, l.reporter])).toEqual(expected.map((l) => [l.type, l.id, l.reporter]));

		const csv = await mod.client.get("/api/admin/export?format=csv");
		expect(csv.status).toBe(200);
		expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
		expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="commoncents-open-data-${day}.csv"`);
		expect(parseCsv(csv.text)).toHaveLength(5);
	});

	test("an unknown format is a 400 naming it; the summary says the licence and the counts", async () => {
		const bad = await mod.client.get("/api/admin/export?format=xml");
		expectStatus(bad, 400);
		expect(bad.data.message).toEqual('format must be "jsonl" or "csv"');
		const summary = await mod.client.get("/api/admin/export/summary");
		expect(summary.status).toBe(200);
		expect(summary.data).toEqual({
			license: "CC-BY-4.0",
			licenseUrl: "https://creativecommons.org/licenses/by/4.0/",
			attribution: "Testville Price Watch, CommonCents",
			counts: { stores: 2, stations: 1, prices: 3, fuelPrices: 1 },
		});
	});
});
