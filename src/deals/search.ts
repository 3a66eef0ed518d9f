import type { Db } from "../db.ts";
import { locTokensNear, zipNumber } from "../lib/zip.ts";
import { REPORT_COLUMNS_SQL, type ReportRow, toReportJson } from "./read-shape.ts";
import type { SearchSort } from "./schemas.ts";

const MAX_WORDS = 8;

/**
 * The FTS5 query for a user's words: each word becomes a quoted prefix term ("org"* AND "mil"*), so any
 * text is safe (FTS syntax in it is just letters to us), and the zip window narrows inside the index.
 * Null when the text has no searchable word.
 */
export function buildMatch(q: string, zip: string): string | null {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  const text = words.map((w) => `"${w}"*`).join(" AND ");
  return `body : (${text}) AND loc : (${locTokensNear(zip).join(" OR ")})`;
}

const ORDER_BY: Record<SearchSort, string> = {
  price: "r.price_cents ASC, r.id DESC",
  distance: "distance ASC, r.price_cents ASC, r.id DESC",
  recent: "r.updated_at DESC, r.id DESC",
};

const DISTANCE_SQL = `CASE WHEN $center IS NULL OR substr(r.loc_token, 1, 1) <> 'z' THEN 0
  ELSE abs(CAST(substr(r.loc_token, 2) AS INTEGER) - $center) END`;

// The FTS table drives the query (MATCH on it alone), each hit joins its report by rowid, and only the page
// that survives ORDER BY and LIMIT is joined to stores, users and upvotes.
const searchSql = (sort: SearchSort) => `
  WITH page AS (
    SELECT r.id AS id, ${DISTANCE_SQL} AS distance
    FROM price_reports_fts f
    JOIN price_reports r ON r.id = f.rowid
    WHERE price_reports_fts MATCH $match AND r.is_active = 1 AND r.is_expired = 0
    ORDER BY ${ORDER_BY[sort]}
    LIMIT $limit OFFSET $offset
  )
  SELECT ${REPORT_COLUMNS_SQL}, page.distance AS distance,
    EXISTS (SELECT 1 FROM user_upvotes v WHERE v.price_report_id = r.id AND v.user_id = $viewer) AS hasUserUpvoted
  FROM page
  JOIN price_reports r ON r.id = page.id
  JOIN stores s ON s.id = r.store_id
  JOIN users u ON u.id = r.user_id
  ORDER BY ${ORDER_BY[sort].replaceAll("distance", "page.distance")}`;

export type SearchParams = { q: string; zip: string; sort: SearchSort; limit: number; offset: number; viewerId: string };

/** Active, unexpired reports within 20 zip codes of `zip` whose text matches the words of `q`. */
export function searchReports(db: Db, p: SearchParams) {
  const match = buildMatch(p.q, p.zip);
  if (!match) return [];
  const rows = db.$client.query<ReportRow & { distance: number }, Record<string, string | number | null>>(searchSql(p.sort)).all({
    match,
    viewer: p.viewerId,
    center: zipNumber(p.zip),
    limit: p.limit,
    offset: p.offset,
  });
  return rows.map((row) => toReportJson(row, row.distance));
}
