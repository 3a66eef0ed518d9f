/**
 * What the benchmark needs to know about the database before the server opens it: its size, users to sign
 * in, zips with data, and a product catalogue (name, category, tags, typical price) taken from the reports
 * themselves, so that written reports pass the quality check against the data they land in.
 */
import { Database } from "bun:sqlite";

export type CatalogueItem = { productName: string; categoryId: number; tags: string[]; cents: number };
export type Dataset = {
	reports: number;
	activeReports: number;
	users: number;
	stations: number;
	gasReports: number;
	zips: string[];
	candidates: { username: string; zip: string | null }[];
	catalogue: CatalogueItem[];
	hits: Record<string, number>;
};

/** Used only when the database has no reports to learn from (the demo database). */
const FALLBACK: [slug: string, name: string, dollars: number][] = [
	["dairy", "Whole Milk", 3.49],
	["dairy", "Large Eggs", 3.29],
	["produce", "Bananas", 0.69],
	["bakery", "Sourdough Bread", 4.49],
	["beverages", "Ground Coffee", 8.99],
	["groceries", "Spaghetti Pasta", 1.49],
	["household", "Paper Towels", 12.99],
	["electronics", "USB-C Charger", 19.99],
];

export function inspect(dbPath: string, words: string[], userPrefix?: string): Dataset {
	// Read-write (it is the run's own copy): a read-only handle cannot open a WAL database without its -shm file.
	const db = new Database(dbPath);
	const one = <T>(sql: string, ...args: (string | number)[]) => db.query(sql).get(...args) as T;
	const count = (sql: string) => one<{ n: number }>(sql).n;
	const sample = db
		.query(`SELECT product_name AS name, category_id AS categoryId, tags, price_cents AS cents, zip_code AS zip
            FROM price_reports WHERE is_active = 1 AND is_expired = 0 ORDER BY id DESC LIMIT 20000`)
		.all() as { name: string; categoryId: number; tags: string; cents: number; zip: string }[];

	const byProduct = new Map<string, { item: CatalogueItem; prices: number[] }>();
	for (const row of sample) {
		const key = `${row.name}\u0000${row.categoryId}`;
		let entry = byProduct.get(key);
		if (!entry) {
			entry = {
				item: { productName: row.name, categoryId: row.categoryId, tags: safeTags(row.tags), cents: 0 },
				prices: [],
			};
			byProduct.set(key, entry);
		}
		entry.prices.push(row.cents);
	}
	let catalogue = [...byProduct.values()]
		.filter((e) => e.prices.length >= 5)
		.map((e) => ({ ...e.item, cents: e.prices.sort((a, b) => a - b)[e.prices.length >> 1]! }));
	if (catalogue.length === 0) {
		const ids = new Map(
			(db.query("SELECT id, slug FROM product_categories").all() as { id: number; slug: string }[]).map((c) => [
				c.slug,
				c.id,
			]),
		);
		catalogue = FALLBACK.filter(([slug]) => ids.has(slug)).map(([slug, name, dollars]) => ({
			productName: name,
			categoryId: ids.get(slug)!,
			tags: [],
			cents: Math.round(dollars * 100),
		}));
	}

	const zipCounts = new Map<string, number>();
	for (const row of sample) zipCounts.set(row.zip, (zipCounts.get(row.zip) ?? 0) + 1);
	const zips = [...zipCounts.entries()]
		.sort((a, b) => b[1] - a[1])
		.slice(0, 64)
		.map(([zip]) => zip);

	const candidates = db
		.query(`SELECT username, zip_code AS zip FROM users WHERE is_terminated = 0 AND zip_code IS NOT NULL
            ${userPrefix ? "AND username LIKE ? || '%'" : ""} ORDER BY rowid LIMIT 200`)
		.all(...(userPrefix ? [userPrefix] : [])) as { username: string; zip: string | null }[];
	if (zips.length === 0) {
		// No reports yet (the demo database): the users' zips, or one zip to report in.
		const userZips = db
			.query("SELECT DISTINCT zip_code AS zip FROM users WHERE zip_code IS NOT NULL LIMIT 64")
			.all() as { zip: string }[];
		zips.push(...userZips.map((u) => u.zip));
		if (zips.length === 0) zips.push("10001");
	}

	// How common each query word is: live reports whose product names it (a substring count, as the LIKE
	// baseline of scripts/bench/search.ts reads it; our search matches word prefixes, so it may find fewer).
	const hits: Record<string, number> = {};
	for (const word of words) {
		hits[word] = one<{ n: number }>(
			"SELECT count(*) AS n FROM price_reports WHERE is_active = 1 AND is_expired = 0 AND product_name LIKE ?",
			`%${word}%`,
		).n;
	}
	const dataset: Dataset = {
		reports: count("SELECT count(*) AS n FROM price_reports"),
		activeReports: count("SELECT count(*) AS n FROM price_reports WHERE is_active = 1 AND is_expired = 0"),
		users: count("SELECT count(*) AS n FROM users"),
		stations: count("SELECT count(*) AS n FROM gas_stations"),
		gasReports: count("SELECT count(*) AS n FROM gas_price_reports"),
		zips,
		candidates,
		catalogue,
		hits,
	};
	db.close();
	return dataset;
}

function safeTags(raw: string): string[] {
	try {
		const tags = JSON.parse(raw) as unknown;
		return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === "string") : [];
	} catch {
		return [];
	}
}
