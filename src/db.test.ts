import { Database } from "bun:sqlite";
import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrations } from "../db/migrations/index.ts";
import { productWords } from "./alerts/words.ts";
import { migrate, openDb, SchemaError } from "./db.ts";

const dirs: string[] = [];
const tempDb = () => {
	const dir = mkdtempSync(join(tmpdir(), "commoncents-db-"));
	dirs.push(dir);
	return join(dir, "test.db");
};
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A new database with the migrations before `tag` applied, as an older binary left it. */
function migratedUpTo(tag: string) {
	const { sqlite } = openDb(tempDb());
	sqlite.exec(
		"CREATE TABLE __commoncents_migrations (tag TEXT PRIMARY KEY, hash TEXT NOT NULL, applied_at INTEGER NOT NULL)",
	);
	for (const m of migrations.slice(
		0,
		migrations.findIndex((m) => m.tag === tag),
	)) {
		for (const statement of m.sql.split("--> statement-breakpoint")) if (statement.trim()) sqlite.exec(statement);
		sqlite.query("INSERT INTO __commoncents_migrations VALUES (?, 'x', 0)").run(m.tag);
	}
	return sqlite;
}

describe("openDb and migrate", () => {
	test("opens with WAL, foreign keys, NORMAL sync and a busy timeout, and migrates once", () => {
		const { sqlite } = openDb(tempDb());
		const pragma = (name: string) => Object.values(sqlite.query(`PRAGMA ${name}`).get() as object)[0];
		expect(pragma("journal_mode")).toBe("wal");
		expect(pragma("foreign_keys")).toBe(1);
		expect(pragma("synchronous")).toBe(1);
		expect(pragma("busy_timeout")).toBe(5000);
		expect(migrate(sqlite).applied).toEqual(migrations.map((m) => m.tag));
		expect(migrations[0]?.tag).toBe("0000_foundation");
		expect(migrate(sqlite).applied).toEqual([]);
		const tables = (
			sqlite.query("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
		).map((t) => t.name);
		for (const table of [
			"users",
			"sessions",
			"stores",
			"product_categories",
			"product_tags",
			"gas_stations",
			"gas_price_reports",
			"price_reports",
			"user_upvotes",
			"price_alerts",
		]) {
			expect(tables).toContain(table);
		}
		sqlite.close();
	});

	test("one upvote per user and report; alerts go with their user", () => {
		const { sqlite } = openDb(tempDb());
		migrate(sqlite);
		sqlite.exec(`INSERT INTO users (id, username, password) VALUES ('u1', 'Ann', 'h')`);
		expect(() => sqlite.exec(`INSERT INTO users (id, username, password) VALUES ('u2', 'ANN', 'h')`)).toThrow(/UNIQUE/);
		sqlite.exec(`INSERT INTO product_categories (id, name, slug) VALUES (1, 'Dairy', 'dairy')`);
		sqlite.exec(`INSERT INTO stores (id, name, address, zip_code, lookup_key) VALUES (1, 'S', 'A', '1', 's|a')`);
		sqlite.exec(
			`INSERT INTO price_reports (id, user_id, store_id, product_name, normalized_name, price_cents, category_id, zip_code, loc_token) VALUES (1, 'u1', 1, 'Milk', 'milk', 399, 1, '1', 'x1')`,
		);
		sqlite.exec(`INSERT INTO user_upvotes (user_id, price_report_id) VALUES ('u1', 1)`);
		expect(() => sqlite.exec(`INSERT INTO user_upvotes (user_id, price_report_id) VALUES ('u1', 1)`)).toThrow(/UNIQUE/);
		sqlite.exec(`INSERT INTO price_alerts (user_id, product_name, target_price_cents) VALUES ('u1', 'Milk', 300)`);
		sqlite.exec(`DELETE FROM users WHERE id = 'u1'`);
		expect(sqlite.query("SELECT count(*) AS n FROM price_alerts").get()).toEqual({ n: 0 });
		sqlite.close();
	});

	test("migration 0011 copies each alert's target price into its words, and follows a changed target", () => {
		const sqlite = migratedUpTo("0011_alert_words_price");
		sqlite.exec(`INSERT INTO users (id, username, password) VALUES ('u1', 'Ann', 'h')`);
		sqlite.exec(`INSERT INTO price_alerts (id, user_id, product_name, target_price_cents, loc_token, word_count)
      VALUES (7, 'u1', 'organic milk', 350, 'z10001', 2)`);
		sqlite.exec(
			`INSERT INTO price_alert_words (word, loc_token, alert_id) VALUES ('milk', 'z10001', 7), ('organic', 'z10001', 7)`,
		);
		expect(migrate(sqlite).applied[0]).toBe("0011_alert_words_price");
		const words = () =>
			sqlite.query("SELECT word, target_price_cents AS target FROM price_alert_words ORDER BY word").all();
		expect(words()).toEqual([
			{ word: "milk", target: 350 },
			{ word: "organic", target: 350 },
		]);
		sqlite.exec("UPDATE price_alerts SET target_price_cents = 299 WHERE id = 7");
		expect(words()).toEqual([
			{ word: "milk", target: 299 },
			{ word: "organic", target: 299 },
		]);
		sqlite.exec("DELETE FROM price_alerts WHERE id = 7");
		expect(words()).toEqual([]);
		sqlite.close();
	});

	test("migration 0012 refolds the stored alert words as reports are now folded (kiwis, skis, lenses, feet)", () => {
		const sqlite = migratedUpTo("0012_alert_word_plurals");
		sqlite.exec(`INSERT INTO users (id, username, password) VALUES ('u1', 'Ann', 'h')`);
		// Each alert's words as the old folding stored them: it kept "is" and knew no irregular plurals.
		const before: [number, string, string[]][] = [
			[1, "Kiwis", ["kiwis"]],
			[2, "kiwi kiwis", ["kiwi", "kiwis"]],
			[3, "Camera Lenses", ["camera", "lense"]],
			[4, "Bay Leaves", ["bay", "leave"]],
			[5, "swiss cheese slices", ["swiss", "cheese", "slice"]],
			[6, "Mice and keyboards", ["mice", "and", "keyboard"]],
			// A four-letter "is" word, and every other irregular plural.
			[7, "Skis", ["skis"]],
			[8, "Steak Knives", ["steak", "knive"]],
			[9, "Bread Loaves", ["bread", "loave"]],
			[10, "Melon Halves", ["melon", "halve"]],
			[11, "Wall Shelves", ["wall", "shelve"]],
			[12, "Geese Down", ["geese", "down"]],
			[13, "Teeth Whitening", ["teeth", "whitening"]],
			[14, "Bed Feet", ["bed", "feet"]],
		];
		for (const [id, name, words] of before) {
			sqlite
				.query(`INSERT INTO price_alerts (id, user_id, product_name, target_price_cents, loc_token, word_count)
        VALUES (?, 'u1', ?, 500, 'z10001', ?)`)
				.run(id, name, words.length);
			for (const word of words) {
				sqlite
					.query(
						"INSERT INTO price_alert_words (word, loc_token, target_price_cents, alert_id) VALUES (?, 'z10001', 500, ?)",
					)
					.run(word, id);
			}
		}
		expect(migrate(sqlite).applied[0]).toBe("0012_alert_word_plurals");
		const stored = (id: number) =>
			(
				sqlite.query("SELECT word FROM price_alert_words WHERE alert_id = ? ORDER BY word").all(id) as {
					word: string;
				}[]
			).map((w) => w.word);
		const count = (id: number) =>
			(sqlite.query("SELECT word_count AS n FROM price_alerts WHERE id = ?").get(id) as { n: number }).n;
		for (const [id, name] of before) {
			expect({ id, words: stored(id), count: count(id) }).toEqual({
				id,
				words: productWords(name).sort(),
				count: productWords(name).length,
			});
		}
		expect(stored(1)).toEqual(["kiwi"]);
		expect(stored(3)).toEqual(["camera", "len"]);
		sqlite.close();
	});

	test("migration 0013 finds stores by location token, merging one store written with two zips", () => {
		const sqlite = migratedUpTo("0013_store_loc_token");
		sqlite.exec(
			`INSERT INTO users (id, username, password, unique_stores_visited) VALUES ('ann', 'Ann', 'h', 2), ('ben', 'Ben', 'h', 2)`,
		);
		sqlite.exec(`INSERT INTO product_categories (id, name, slug) VALUES (1, 'Dairy', 'dairy')`);
		sqlite.exec(`INSERT INTO stores (id, name, address, zip_code, lookup_key) VALUES
      (1, 'FreshMart', '1 Main St', '10001', 'freshmart|1 main st'),
      (2, 'Fresh Mart', '1 Main St', '10001-1234', 'freshmart|1 main st'),
      (3, 'Maple Store', '9 King St', 'M5V 2T6', 'maple store|9 king st'),
      (4, 'Gone Shop', '2 Elm St', '10002-0000', 'gone shop|2 elm st')`);
		const report = (
			id: number,
			user: string,
			store: number,
			zip: string,
			loc: string,
			cents: number,
			product = "Milk",
		) =>
			sqlite
				.query(`INSERT INTO price_reports (id, user_id, store_id, product_name, normalized_name, price_cents, category_id, zip_code, loc_token)
        VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)`)
				.run(id, user, store, product, product.toLowerCase(), cents, zip, loc);
		report(1, "ann", 1, "10001", "z10001", 299, "Eggs"); // another product at the shop: it stays
		report(2, "ann", 1, "10001", "z10001", 399);
		report(3, "ann", 2, "10001-1234", "z10001", 349); // the same milk at the same shop, a week later
		report(4, "ben", 2, "10001-1234", "z10001", 359);
		report(5, "ben", 3, "M5V 2T6", "xm5v2t6", 499);
		expect(migrate(sqlite).applied[0]).toBe("0013_store_loc_token");

		expect(sqlite.query("SELECT id, loc_token AS loc FROM stores ORDER BY id").all()).toEqual([
			{ id: 1, loc: "z10001" },
			{ id: 3, loc: "xm5v2t6" },
			{ id: 4, loc: "z10002" },
		]);
		const reports = sqlite
			.query(
				"SELECT id, store_id AS store, is_expired AS expired, expired_reason AS reason FROM price_reports ORDER BY id",
			)
			.all();
		expect(reports).toEqual([
			{ id: 1, store: 1, expired: 0, reason: null },
			{ id: 2, store: 1, expired: 1, reason: "Replaced by a newer price from the same shopper" },
			{ id: 3, store: 1, expired: 0, reason: null },
			{ id: 4, store: 1, expired: 0, reason: null },
			{ id: 5, store: 3, expired: 0, reason: null },
		]);
		expect(sqlite.query("SELECT id, unique_stores_visited AS n FROM users ORDER BY id").all()).toEqual([
			{ id: "ann", n: 1 },
			{ id: "ben", n: 2 },
		]);
		expect(() =>
			sqlite.exec(
				`INSERT INTO stores (name, address, zip_code, loc_token, lookup_key) VALUES ('F', 'A', '10001-9', 'z10001', 'freshmart|1 main st')`,
			),
		).toThrow(/UNIQUE/);
		sqlite.close();
	});

	test("refuses a database that is not ours", () => {
		const path = tempDb();
		const other = new Database(path);
		other.exec("CREATE TABLE invoices (id INTEGER)");
		other.close();
		const { sqlite } = openDb(path);
		expect(() => migrate(sqlite)).toThrow(SchemaError);
		sqlite.close();
	});

	test("refuses a database migrated by a newer binary", () => {
		const { sqlite } = openDb(tempDb());
		migrate(sqlite);
		sqlite.exec("INSERT INTO __commoncents_migrations (tag, hash, applied_at) VALUES ('9999_future', 'x', 0)");
		expect(() => migrate(sqlite)).toThrow(/newer than this binary/);
		sqlite.close();
	});
});

describe("the database's file mode", () => {
	test("a database an older binary left readable to others is for its owner only once opened, its WAL too", () => {
		const path = tempDb();
		const old = new Database(path, { create: true });
		old.exec("PRAGMA journal_mode = WAL; CREATE TABLE t (x); INSERT INTO t VALUES (1)");
		chmodSync(path, 0o644);
		chmodSync(`${path}-wal`, 0o644);
		const { sqlite } = openDb(path);
		const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);
		expect([mode(path), mode(`${path}-wal`)]).toEqual(["600", "600"]);
		sqlite.close();
		old.close();
	});
});
