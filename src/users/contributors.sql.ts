/**
 * Top contributors' raw SQL (decision 0063): the reporters of some live reports, counted and ranked.
 * Raw because the reports come as a list of ids read from the search index (src/deals/deals.sql.ts).
 */
import type { users } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { StoredPick } from "../lib/stored.ts";

type Bindings = Record<string, string | number | null>;

export type ContributorRow = StoredPick<
	typeof users,
	"id" | "username" | "firstName" | "lastName" | "profileImageUrl" | "totalReports" | "reportsUpheld" | "reportsRefused"
> & {
	/** Of the reports given, how many are theirs. */
	nearbyReports: number;
};

// The reports of $ids (JSON) that are live and made since $since, each by its key, grouped by reporter; only those
// who show their page and their activity, and are not suspended, nor an open-data source (decision 0070: an
// import is not a neighbour). Ranked by those reports, then by the share of
// their judged reports that stood (none judged: last), then by all they ever reported.
const TOP_SQL = `
  SELECT u.id AS id, u.username AS username, u.first_name AS firstName, u.last_name AS lastName,
    u.profile_image_url AS profileImageUrl, u.total_reports AS totalReports, u.reports_upheld AS reportsUpheld,
    u.reports_refused AS reportsRefused, count(*) AS nearbyReports
  FROM json_each($ids) p
  JOIN price_reports r ON r.id = p.value
  JOIN users u ON u.id = r.user_id
  WHERE r.is_active = 1 AND r.is_expired = 0 AND r.created_at >= $since
    AND u.profile_visible = 1 AND u.stats_visible = 1 AND u.is_terminated = 0 AND u.source IS NULL
  GROUP BY u.id
  ORDER BY nearbyReports DESC,
    CASE WHEN u.total_reports + u.reports_refused > 0
      THEN max(0, u.total_reports - u.reports_upheld) * 1.0 / (u.total_reports + u.reports_refused) END DESC NULLS LAST,
    u.total_reports DESC, lower(u.username)
  LIMIT $limit`;

/** The public reporters of the live reports among `ids` (a JSON array) made since `since`, ranked; at most `limit`. */
export function contributorRows(db: Db, bindings: { ids: string; since: number; limit: number }): ContributorRow[] {
	return db.$client.query<ContributorRow, Bindings>(TOP_SQL).all(bindings);
}
