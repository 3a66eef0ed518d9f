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

const exportOf = async (dbPath: string) => {
	let text = "";
	await exportOpenData(
		dbPath,
		{ format: "jsonl", license: "ODbL-1.0", attribution: "Westside Price Watch" },
		(chunk) => {
			text += chunk;
		},
	);
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

beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off" });
	dir = mkdtempSync(join(tmpdir(), "commoncents-round-trip-"));
	await seedDemo(server.db);
	// A second shopper's prices where the demo's shoppers priced the same things: side by side in the copy too.
	const { client } = await registerUser(server, { zipCode: "90210" });
	const milk = await client.post("/api/price-reports", {
		productName: "Organic Whole Milk",
		price: 4.39,
		categoryId: server.db.$client
			.query<{ id: number }, []>("SELECT id FROM product_categories WHERE slug = 'dairy'")
			.get()!.id,
		storeName: "FreshMart",
		storeAddress: "250 N Canon Dr",
		storeZipCode: "90210",
		size: { quantity: 0.5, unit: "gal" },
		barcode: "036000291452",
	});
	expect(milk.status).toBe(201);
	const fuel = await client.post("/api/gas/reports", {
		stationName: "Wilshire Fuel",
		stationAddress: "9988 Wilshire Blvd",
		stationZipCode: "90210",
		fuelType: "regular",
		price: 3.479,
	});
	expect(fuel.status).toBe(201);
	exported = join(dir, "export.jsonl");
	writeFileSync(exported, await exportOf(server.config.dbPath));
});
afterAll(async () => {
	await server.stop();
	rmSync(dir, { recursive: true, force: true });
});

describe("export, then import into a fresh database", () => {
	test("the live prices come back: product, category, price, size, store and ZIP, and when they were reported", async () => {
		const origin = livePrices(await Bun.file(exported).text());
		expect(origin.products).toHaveLength(17);
		expect(origin.fuel).toHaveLength(7);
		// The shopper's milk has a code, which the demo's same milk at that store took up: both carry it.
		expect(origin.products.filter((p) => p.barcode).map((p) => p.barcode)).toEqual(["0036000291452", "0036000291452"]);

		const first = await importCopy();
		expect(first.run.tally.tookAs("price", "added")).toBe(17);
		expect(first.run.tally.tookAs("fuel price", "added")).toBe(7);
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
		expect(again.run.tally.tookAs("price", "already here")).toBe(17);
		expect(again.run.tally.tookAs("fuel price", "already here")).toBe(7);
		expect(again.run.tally.tookAs("price", "added") + again.run.tally.tookAs("fuel price", "added")).toBe(0);
		expect(livePrices(await exportOf(copy())).products).toEqual(livePrices(await Bun.file(exported).text()).products);
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
