import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedDemo } from "../../db/demo.ts";
import { registerUser, startTestServer, type TestServer } from "../test/harness.ts";
import { exportOpenData } from "./export.ts";
import type { ExportLine } from "./format.ts";
import { runImport } from "./import-cli.ts";

// The demo's and a shopper's sign-ups (argon2) and a server on a busy shared machine.
setDefaultTimeout(60_000);

let server: TestServer;
let dir: string;
let exported: string;
const copy = () => join(dir, "copy.db");

const exportOf = async (dbPath: string, format: "jsonl" | "csv" = "jsonl") => {
	let text = "";
	await exportOpenData(dbPath, { format, license: "ODbL-1.0", attribution: "Westside Price Watch" }, (chunk) => {
		text += chunk;
	});
	return text;
};

/** The live prices as the export has them, each with its place, in an order that does not depend on ids. */
function livePrices(text: string) {
	const lines = text
		.trim()
		.split("\n")
		.map((line) => JSON.parse(line) as ExportLine);
	const places = new Map<string, { name: string; address: string; zipCode: string | null }>();
	for (const line of lines)
		if (line.type === "store" || line.type === "station") places.set(`${line.type}:${line.id}`, line);
	const place = (key: string) => {
		const { name, address, zipCode } = places.get(key)!;
		return { name, address, zipCode };
	};
	const products = lines.flatMap((line) =>
		line.type === "price"
			? [
					{
						product: line.productName,
						category: line.category,
						price: line.price,
						size: line.size,
						barcode: line.barcode,
						terms: [line.priceType, line.saleEnds, line.multiBuy],
						zipCode: line.zipCode,
						store: place(`store:${line.storeId}`),
						reportedAt: line.reportedAt,
					},
				]
			: [],
	);
	const fuel = lines.flatMap((line) =>
		line.type === "fuel_price"
			? [
					{
						fuel: line.fuelType,
						price: line.price,
						payment: line.payment,
						zipCode: line.zipCode,
						station: place(`station:${line.stationId}`),
						reportedAt: line.reportedAt,
					},
				]
			: [],
	);
	const order = (a: object, b: object) => JSON.stringify(a).localeCompare(JSON.stringify(b));
	const reporters = new Set(lines.flatMap((line) => ("reporter" in line ? [line.reporter] : [])));
	return { products: products.sort(order), fuel: fuel.sort(order), reporters };
}

const importCopy = () =>
	runImport(
		{ kind: "commoncents", file: exported, locations: null },
		{ dbPath: copy(), passwordHashMemoryKib: 19_456 },
	);

const counts = (dbPath: string) => {
	const db = new Database(dbPath, { readonly: true });
	try {
		return ["users", "stores", "gas_stations", "price_reports", "gas_price_reports", "user_upvotes"].map(
			(table) => db.query<{ n: number }, []>(`SELECT count(*) AS n FROM ${table}`).get()!.n,
		);
	} finally {
		db.close();
	}
};

/** A sale's last day a week from now. */
const SALE_ENDS = new Date(Date.now() + 7 * 24 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	dir = mkdtempSync(join(tmpdir(), "commoncents-round-trip-"));
	await seedDemo(server.db);
	// A second shopper's prices where the demo's shoppers priced the same things: side by side in the copy too.
	const { client } = await registerUser(server, { zipCode: "90210" });
	const dairy = server.db.$client
		.query<{ id: number }, []>("SELECT id FROM product_categories WHERE slug = 'dairy'")
		.get()!.id;
	const atFreshMart = {
		categoryId: dairy,
		storeName: "FreshMart",
		storeAddress: "250 N Canon Dr",
		storeZipCode: "90210",
	};
	const milk = await client.post("/api/price-reports", {
		...atFreshMart,
		productName: "Organic Whole Milk",
		price: 4.39,
		size: { quantity: 0.5, unit: "gal" },
		barcode: "036000291452",
	});
	expect(milk.status).toBe(201);
	// Prices on terms (decision 0093): a member price, a multi-buy and a sale.
	for (const terms of [
		{ productName: "Club Cheddar", price: 5.49, priceType: "member" },
		{ productName: "Yogurt Cups", price: 5, priceType: "multi-buy", multiBuyQuantity: 3 },
		{ productName: "Butter Sticks", price: 3.99, priceType: "sale", saleEnds: SALE_ENDS },
	])
		expect((await client.post("/api/price-reports", { ...atFreshMart, ...terms })).status).toBe(201);
	const fuel = await client.post("/api/gas/reports", {
		stationName: "Wilshire Fuel",
		stationAddress: "9988 Wilshire Blvd",
		stationZipCode: "90210",
		fuelType: "regular",
		price: 3.479,
	});
	expect(fuel.status).toBe(201);
	const cash = await client.post("/api/gas/reports", {
		stationName: "Wilshire Fuel",
		stationAddress: "9988 Wilshire Blvd",
		stationZipCode: "90210",
		fuelType: "diesel",
		price: 4.599,
		payment: "cash",
	});
	expect(cash.status).toBe(201);
	exported = join(dir, "export.jsonl");
	writeFileSync(exported, await exportOf(server.config.dbPath));
});
afterAll(async () => {
	await server.stop();
	rmSync(dir, { recursive: true, force: true });
});

describe("export, then import into a fresh database", () => {
	test("the live prices come back: product, category, price and its terms, size, store and ZIP, when reported", async () => {
		const origin = livePrices(await Bun.file(exported).text());
		expect(origin.products).toHaveLength(20);
		expect(origin.fuel).toHaveLength(8);
		// What each price asks: a multi-buy as one's share beside its bundle; the demo's prices are all regular.
		const onTerms = origin.products.filter((p) => p.terms[0] !== "regular");
		expect(onTerms.map((p) => [p.product, p.price, ...p.terms])).toEqual([
			["Butter Sticks", 3.99, "sale", SALE_ENDS, null],
			["Club Cheddar", 5.49, "member", null, null],
			["Yogurt Cups", 1.67, "multi-buy", null, { quantity: 3, price: 5 }],
		]);
		expect(origin.products.filter((p) => p.terms[0] === "regular").every((p) => !p.terms[1] && !p.terms[2])).toBe(true);
		expect(origin.fuel.filter((f) => f.payment).map((f) => [f.fuel, f.price, f.payment])).toEqual([
			["diesel", 4.599, "cash"],
		]);
		// The shopper's milk has a code, which the demo's same milk at that store took up: both carry it.
		expect(origin.products.filter((p) => p.barcode).map((p) => p.barcode)).toEqual(["0036000291452", "0036000291452"]);

		const first = await importCopy();
		expect(first.run.tally.tookAs("price", "added")).toBe(20);
		expect(first.run.tally.tookAs("fuel price", "added")).toBe(8);
		expect(first.run.tally.leftOutCount).toBe(0);
		expect(first.lines.at(-1)).toBe('this export is ODbL-1.0: credit "Westside Price Watch" where you publish it');

		const copied = livePrices(await exportOf(copy()));
		expect(copied.products).toEqual(origin.products);
		expect(copied.fuel).toEqual(origin.fuel);
		// Every price is the CommonCents source's now, a public profile.
		expect([...copied.reporters]).toEqual(["commoncents"]);
	});

	test("a second import adds nothing", async () => {
		const before = counts(copy());
		const again = await importCopy();
		expect(counts(copy())).toEqual(before);
		expect(again.run.tally.tookAs("price", "already here")).toBe(20);
		expect(again.run.tally.tookAs("fuel price", "already here")).toBe(8);
		expect(again.run.tally.tookAs("price", "added") + again.run.tally.tookAs("fuel price", "added")).toBe(0);
		expect(livePrices(await exportOf(copy())).products).toEqual(livePrices(await Bun.file(exported).text()).products);
	});
});

describe("the CSV export", () => {
	test("ends each row with its price's terms, after the first version's columns", async () => {
		const [head, ...rows] = (await exportOf(server.config.dbPath, "csv")).trimEnd().split("\r\n");
		const terms = ["price_type", "sale_ends", "multi_quantity", "multi_price", "payment"];
		expect(head?.split(",").slice(-6)).toEqual(["attribution", ...terms]);
		// None of these five cells ever holds a comma: the row's last five.
		const last = (row: string | undefined) => row?.split(",").slice(-5);
		const product = (name: string) => last(rows.find((r) => r.startsWith("price,") && r.includes(`,${name},`)));
		expect(product("Yogurt Cups")).toEqual(["multi-buy", "", "3", "5.00", ""]);
		expect(product("Club Cheddar")).toEqual(["member", "", "", "", ""]);
		expect(product("Butter Sticks")).toEqual(["sale", SALE_ENDS, "", "", ""]);
		expect(product("Organic Whole Milk")).toEqual(["regular", "", "", "", ""]);
		const cash = rows.find((r) => r.startsWith("fuel_price,") && r.includes(",diesel,4.599,"));
		expect(last(cash)).toEqual(["", "", "", "", "cash"]);
	});
});

describe("the export's instance id", () => {
	const headerOf = (text: string) => JSON.parse(text.slice(0, text.indexOf("\n"))) as { instance: string };

	test("is made once per database and kept in it: every export of it says the same; another database's differs", async () => {
		const ours = headerOf(await Bun.file(exported).text()).instance;
		expect(ours).toMatch(/^[0-9a-f-]{36}$/);
		const kept = server.sqlite.query("SELECT value FROM instance_settings WHERE key = 'instance-id'").get();
		expect(kept).toEqual({ value: ours });
		expect(headerOf(await exportOf(server.config.dbPath)).instance).toBe(ours);
		// The copy imported into another folder is another instance.
		expect(headerOf(await exportOf(copy())).instance).not.toBe(ours);
	});
});
