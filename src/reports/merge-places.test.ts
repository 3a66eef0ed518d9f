import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureTaxonomy } from "../../db/seed.ts";
import { migrate, openDb } from "../db.ts";
import { loadConfig } from "../env.ts";
import { expectBody, expectStatus, registerUser, startTestServer, type TestServer } from "../test/harness.ts";
import { REPLACED_REASON } from "./expiry.ts";
import { mergeDuplicatePlaces, mergePlan } from "./merge-places.ts";
import { searchText } from "./search-text.ts";

describe("mergePlan", () => {
	test("a place joins the oldest one of its name and address near it; far away it stays its own", () => {
		const at = (id: number, locToken: string, lookupKey = "freshmart|120 w 23rd st") => ({
			id,
			locToken,
			lookupKey,
			zipCode: locToken.slice(1),
		});
		const plan = mergePlan([
			at(4, "z90069"),
			at(2, "z10010"),
			at(1, "z10001"),
			at(3, "z90210"),
			at(5, "z10001", "corner deli|5 elm st"),
			at(6, "xsw1a1aa", "corner deli|5 elm st"),
			at(7, "xsw1a2bb", "corner deli|5 elm st"),
		]);
		expect(plan.map((m) => [m.from, m.into.id])).toEqual([
			[2, 1],
			[4, 3],
		]);
	});
});

// A database as the old rule left it: a store (and a station) at each reporter's home zip. 10001 and 10010 are
// Chelsea and the Flatiron, neighbours; 90210 is Beverly Hills.
describe("merging the stores and stations the old rule made two, at start-up", () => {
	let dataDir: string;
	let server: TestServer;
	let categoryId: number;

	beforeAll(async () => {
		dataDir = mkdtempSync(join(tmpdir(), "commoncents-merge-"));
		const { sqlite, db } = openDb(loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test" }).dbPath);
		migrate(sqlite);
		ensureTaxonomy(db);
		categoryId = (sqlite.query("SELECT id FROM product_categories WHERE name = 'Dairy'").get() as { id: number }).id;
		sqlite.exec(`INSERT INTO users (id, username, password, zip_code, unique_stores_visited) VALUES
      ('ann', 'ann', 'h', '10001', 2), ('ben', 'ben', 'h', '10010', 1), ('cat', 'cat', 'h', '90210', 1)`);
		sqlite.exec(`INSERT INTO stores (id, name, address, zip_code, loc_token, lookup_key) VALUES
      (1, 'FreshMart', '120 W 23rd St', '10001', 'z10001', 'freshmart|120 w 23rd st'),
      (2, 'Freshmart', '120 W 23rd St', '10010', 'z10010', 'freshmart|120 w 23rd st'),
      (3, 'FreshMart', '120 W 23rd St', '90210', 'z90210', 'freshmart|120 w 23rd st')`);
		const report = sqlite.query(`INSERT INTO price_reports (id, user_id, store_id, product_name, normalized_name,
      price_cents, category_id, zip_code, loc_token, search_text, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
		const at = Date.now() - 60_000;
		const words = (productName: string) =>
			searchText({
				productName,
				tags: [],
				categoryName: "Dairy",
				categorySlug: "dairy",
				groupSlug: "groceries",
				description: null,
			});
		report.run(1, "ann", 1, "Milk", "milk", 349, categoryId, "10001", "z10001", words("Milk"), at);
		// Ann's newer price of the same milk, reported while the Flatiron store was another one.
		report.run(2, "ann", 2, "Milk", "milk", 329, categoryId, "10010", "z10010", words("Milk"), at + 1);
		report.run(3, "ben", 2, "Eggs", "eggs", 499, categoryId, "10010", "z10010", words("Eggs"), at + 2);
		report.run(4, "cat", 3, "Milk", "milk", 599, categoryId, "90210", "z90210", words("Milk"), at + 3);
		sqlite.exec(`INSERT INTO user_upvotes (user_id, price_report_id) VALUES ('ann', 3)`);
		sqlite.exec("UPDATE price_reports SET upvotes = 1 WHERE id = 3");
		sqlite.exec(`INSERT INTO deal_takes (user_id, price_report_id, savings_cents) VALUES ('cat', 3, 50)`);

		sqlite.exec(`INSERT INTO gas_stations (id, name, address, zip_code, loc_token, lookup_key, regular_price_mills,
      reports_count) VALUES
      (1, 'Shell', '10 W 25th St', '10001', 'z10001', 'shell|10 w 25th st', 3290, 1),
      (2, 'Shell', '10 W 25th St', '10010', 'z10010', 'shell|10 w 25th st', 3190, 1)`);
		const fuel =
			sqlite.query(`INSERT INTO gas_price_reports (id, user_id, station_id, fuel_type, price_mills, created_at)
      VALUES (?, ?, ?, 'regular', ?, ?)`);
		fuel.run(1, "ben", 1, 3290, at);
		fuel.run(2, "ben", 2, 3190, at + 1);
		// Stars on the places merged away, one of them also on the place kept.
		sqlite.exec("INSERT INTO starred_stores (user_id, store_id) VALUES ('ben', 2), ('ann', 1), ('ann', 2)");
		sqlite.exec("INSERT INTO starred_stations (user_id, station_id) VALUES ('cat', 2)");
		sqlite.close();

		server = await startTestServer({ DATA_DIR: dataDir });
	});
	afterAll(async () => {
		await server.stop();
		rmSync(dataDir, { recursive: true, force: true });
	});

	const all = (sql: string) => server.sqlite.query(sql).all();

	test("the newer store joins the oldest near it; the one in another town stays", () => {
		expect(all("SELECT id, loc_token AS loc FROM stores ORDER BY id")).toEqual([
			{ id: 1, loc: "z10001" },
			{ id: 3, loc: "z90210" },
		]);
	});

	test("its reports move there with the store's zip, votes, deals taken and stars kept; a shopper's older price is replaced", () => {
		expect(
			all(`SELECT id, store_id AS store, zip_code AS zip, loc_token AS loc, is_expired AS expired,
        expired_reason AS reason, upvotes FROM price_reports ORDER BY id`),
		).toEqual([
			{ id: 1, store: 1, zip: "10001", loc: "z10001", expired: 1, reason: REPLACED_REASON, upvotes: 0 },
			{ id: 2, store: 1, zip: "10001", loc: "z10001", expired: 0, reason: null, upvotes: 0 },
			{ id: 3, store: 1, zip: "10001", loc: "z10001", expired: 0, reason: null, upvotes: 1 },
			{ id: 4, store: 3, zip: "90210", loc: "z90210", expired: 0, reason: null, upvotes: 0 },
		]);
		expect(all("SELECT user_id AS user, price_report_id AS report FROM user_upvotes")).toEqual([
			{ user: "ann", report: 3 },
		]);
		expect(all("SELECT user_id AS user, price_report_id AS report FROM deal_takes")).toEqual([
			{ user: "cat", report: 3 },
		]);
		expect(all("SELECT user_id AS user, store_id AS store FROM starred_stores ORDER BY user_id")).toEqual([
			{ user: "ann", store: 1 },
			{ user: "ben", store: 1 },
		]);
		expect(all("SELECT id, unique_stores_visited AS n FROM users ORDER BY id")).toEqual([
			{ id: "ann", n: 1 },
			{ id: "ben", n: 1 },
			{ id: "cat", n: 1 },
		]);
	});

	test("stations merge the same way, the kept one's prices and count made from the reports it now has", () => {
		expect(
			all("SELECT id, regular_price_mills AS regular, reports_count AS n, last_updated AS at FROM gas_stations"),
		).toEqual([{ id: 1, regular: 3190, n: 1, at: expect.any(Number) }]);
		expect(all("SELECT id, station_id AS station, is_expired AS expired FROM gas_price_reports ORDER BY id")).toEqual([
			{ id: 1, station: 1, expired: 1 },
			{ id: 2, station: 1, expired: 0 },
		]);
		expect(all("SELECT user_id AS user, station_id AS station FROM starred_stations")).toEqual([
			{ user: "cat", station: 1 },
		]);
	});

	test("shoppers see one store, with every live price there, and a second start finds nothing to merge", async () => {
		const dan = await registerUser(server, { zipCode: "10010" });
		const stores = expectBody(await dan.client.get("/api/stores"), 200);
		expect(stores.filter((s) => s.name === "FreshMart" || s.name === "Freshmart")).toEqual([
			{ name: "FreshMart", address: "120 W 23rd St", zipCode: "10001", distanceMiles: expect.any(Number) },
		]);
		const found = await dan.client.get("/api/search?q=milk");
		expectStatus(found, 200);
		expect(found.data.map((r: { price: number; store: { id: number } }) => [r.price, r.store.id])).toEqual([[3.29, 1]]);
		expect(mergeDuplicatePlaces(server.db)).toEqual({ stores: 0, stations: 0 });
	});
});
