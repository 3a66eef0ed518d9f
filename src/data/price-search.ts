/**
 * The price search index (db/schema/reports.ts, "The search index"): its vocabulary, one page of report ids
 * in either of its orders, and how a page's reports fold into one card per store and product. Search runs
 * these on every request, several times over (a word's expansions, a place at a time, a longer read while
 * folding leaves too few cards): bun:sqlite statements, compiled once per connection and text, measured by
 * the search benchmark (docs/performance.md); synchronous, and the statements used in a loop are handed back
 * as they are. Raw because Drizzle cannot say FTS5's MATCH nor INDEXED BY.
 */
import type { priceReports } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Stored } from "../lib/stored.ts";
import { trustworthySql } from "./report-columns.ts";

type Bindings = Record<string, string | number | null>;
type ReportId = Stored<typeof priceReports.id>;

/** The two orders of the index's ids: by price (then newest), or newest first. */
export type IndexOrder = "price" | "recent";

/** Reads the indexed words from `?1` up to `?2`, at most `?3` of them (`.all(from, to, limit)`), in order. */
export const vocabulary = (db: Db) => {
	const terms = db.$client.query<{ term: string }, [string, string, number]>(
		"SELECT term FROM search_vocab WHERE term >= ?1 AND term < ?2 LIMIT ?3",
	);
	return (from: string, to: string, limit: number) => terms.all(from, to, limit).map((r) => r.term);
};

/** A number that changes whenever the vocabulary gains a word (it never loses one): its newest word's id. */
export const vocabularyVersion = (db: Db) =>
	db.$client.query<{ id: number | null }, []>("SELECT max(id) AS id FROM search_words").get()?.id ?? 0;

/** How many b-trees (segments) the search index is made of: each write adds one, FTS5 merges them four at a time. */
export const searchIndexSegments = (db: Db) =>
	db.$client.query<{ n: number }, []>("SELECT count(DISTINCT segid) AS n FROM price_search_idx").get()?.n ?? 0;

/**
 * Up to `pages` pages of merging every segment of the search index into one (FTS5's 'merge' with a negative
 * budget, whatever their levels); true while there was work to do (FTS5 tells it by two or more changes).
 */
export function mergeSearchIndex(db: Db, pages: number): boolean {
	const changes = db.$client.query<{ n: number }, []>("SELECT total_changes() AS n");
	const before = changes.get()?.n ?? 0;
	db.$client.run(`INSERT INTO price_search (price_search, rank) VALUES ('merge', ${-Math.max(1, Math.trunc(pages))})`);
	return (changes.get()?.n ?? 0) - before >= 2;
}

// The two sort keys of price_search (db/schema/reports.ts, "The search index"): below 2^62 by price, from 2^62 by
// recency. The report id is the key's low 31 bits (inverted in the price key, so that newer comes first).
const TIME_KEYS = "4611686018427387904";
/** The page statements, by sort (the search benchmark explains them). */
export const PAGE_SQL = {
	price: `SELECT 2147483647 - (rowid & 2147483647) AS id FROM price_search
    WHERE price_search MATCH $match AND rowid < ${TIME_KEYS}
    ORDER BY rowid LIMIT $limit OFFSET $offset`,
	recent: `SELECT rowid & 2147483647 AS id FROM price_search
    WHERE price_search MATCH $match AND rowid >= ${TIME_KEYS}
    ORDER BY rowid DESC LIMIT $limit OFFSET $offset`,
};

/** The report ids of one page in the index's order (price or newest first): $match, $limit, $offset. */
export function indexPageIds(db: Db, sort: IndexOrder, bindings: Bindings) {
	return db.$client.query<{ id: ReportId }, Bindings>(PAGE_SQL[sort]).all(bindings);
}

/** A product the index finds by words: its normalised name, its newest report's spelling, its reports counted. */
export type ProductWordsRow = {
	name: Stored<typeof priceReports.normalizedName>;
	productName: Stored<typeof priceReports.productName>;
	reports: number;
};

// The newest $read matching entries (the recency key, read backwards), their rows by key, the trustworthy ones
// (of one category when $category is a number) grouped by product name: the most reported first. The bare
// product_name is the newest report's, by SQLite's rule for a bare column beside max().
const PRODUCT_WORDS_SQL = `
  WITH hits AS (
    SELECT rowid & 2147483647 AS id FROM price_search
    WHERE price_search MATCH $match AND rowid >= ${TIME_KEYS}
    ORDER BY rowid DESC LIMIT $read
  )
  SELECT r.normalized_name AS name, r.product_name AS productName, count(*) AS reports, max(r.id) AS newest
  FROM hits h JOIN price_reports r ON r.id = h.id
  WHERE r.is_expired = 0 AND ($category IS NULL OR r.category_id = $category) AND ${trustworthySql("r")}
  GROUP BY r.normalized_name
  ORDER BY reports DESC, newest DESC
  LIMIT $limit`;

/**
 * The products (normalised names) of the live, trustworthy reports among the newest `read` that `match`
 * finds, most reported first, at most `limit`.
 */
export function productWordsRows(
	db: Db,
	bindings: { match: string; category: number | null; read: number; limit: number },
): ProductWordsRow[] {
	return db.$client.query<ProductWordsRow, Bindings>(PRODUCT_WORDS_SQL).all(bindings);
}

/** A report's store and product (name and category), what decides the card it folds into. */
export type CardKeyRow = {
	id: ReportId;
	store: Stored<typeof priceReports.storeId>;
	name: Stored<typeof priceReports.normalizedName>;
	category: Stored<typeof priceReports.categoryId>;
	type: Stored<typeof priceReports.priceType>;
};

/** The store, product and price type of each of `ids` (a JSON array), in that order; each row read by its key. */
export function cardKeyRows(db: Db, ids: string): CardKeyRow[] {
	return db.$client
		.query<CardKeyRow, Bindings>(
			`SELECT r.id AS id, r.store_id AS store, r.normalized_name AS name, r.category_id AS category,
        r.price_type AS type
      FROM json_each($ids) p JOIN price_reports r ON r.id = p.value ORDER BY p.key`,
		)
		.all({ ids });
}
