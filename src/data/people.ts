/**
 * What Discover and a shopper's public page read of other people (decision 0063): shoppers by the words of a
 * search, the top contributors among some reports, and a shopper's newest reports.
 */
import { and, desc, eq, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { priceReports, stores, users } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { StoredPick } from "../lib/stored.ts";

type Bindings = Record<string, string | number | null>;

/** LIKE's own characters typed by a user are just text. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

const startsWith = (column: unknown, prefix: string) =>
	sql`lower(coalesce(${column}, '')) LIKE ${`${escapeLike(prefix)}%`} ESCAPE '\\'`;

/** A word that is a letter alone (a dot after it or not) matches the last names that start with it. */
function wordMatches(word: string) {
	const names = sql`${startsWith(users.username, word)} OR ${startsWith(users.firstName, word)}`;
	const initial = /^\p{L}\.?$/u.test(word) ? word[0] : null;
	if (initial === null) return sql`(${names})`;
	return sql`(${names} OR lower(substr(trim(coalesce(${users.lastName}, '')), 1, 1)) = ${initial})`;
}

/**
 * The public shoppers (not suspended, no open-data source, never the viewer) each of whose `words` starts
 * their username or first name, or is their last name's initial: the exact username `text` first, then
 * usernames that start with it, then the rest by name; at most `limit`.
 */
export async function searchUserRows(
	db: Db,
	{ text, words, viewerId, limit }: { text: string; words: readonly string[]; viewerId: string; limit: number },
) {
	const matches: SQL[] = words.map(wordMatches);
	return db
		.select({
			id: users.id,
			username: users.username,
			firstName: users.firstName,
			lastName: users.lastName,
			zipCode: users.zipCode,
			profileImageUrl: users.profileImageUrl,
			statsVisible: users.statsVisible,
			totalReports: users.totalReports,
			totalMoneySavedCents: users.totalMoneySavedCents,
			uniqueStoresVisited: users.uniqueStoresVisited,
			reportsRefused: users.reportsRefused,
			reportsUpheld: users.reportsUpheld,
			// Spelled out: inside a select list Drizzle leaves columns unqualified, which would be ambiguous here.
			priceReportsMade: sql<number>`(SELECT count(*) FROM ${priceReports} AS pr WHERE pr.user_id = "users"."id")`,
			// Their reputation: the upvotes their reports earned (as GET /api/auth/user counts it).
			reputation: sql<number>`(SELECT coalesce(sum(pr.upvotes), 0) FROM ${priceReports} AS pr WHERE pr.user_id = "users"."id")`,
		})
		.from(users)
		.where(
			and(
				eq(users.profileVisible, true),
				eq(users.isTerminated, false),
				isNull(users.source),
				// Discover is for finding other people; one's own card is on the Settings screen.
				ne(users.id, viewerId),
				...matches,
			),
		)
		.orderBy(
			sql`CASE WHEN lower(${users.username}) = ${text} THEN 0 WHEN ${startsWith(users.username, text)} THEN 1 ELSE 2 END`,
			sql`lower(${users.username})`,
		)
		.limit(limit)
		.all();
}
export type UserSearchRow = Awaited<ReturnType<typeof searchUserRows>>[number];

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
// their judged reports that stood (none judged: last), then by all they ever reported. Raw because the
// reports come as a list of ids read from the search index.
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
export async function contributorRows(
	db: Db,
	bindings: { ids: string; since: number; limit: number },
): Promise<ContributorRow[]> {
	return db.$client.query<ContributorRow, Bindings>(TOP_SQL).all(bindings);
}

/**
 * The newest live price reports of a shopper, with their stores and what each price asks; with `own`, also
 * those flags hid while a moderator looks (inactive, unexpired, withdrawn as "flagged").
 */
export async function recentReportRows(db: Db, userId: string, { own, limit }: { own: boolean; limit: number }) {
	const live = and(eq(priceReports.isActive, true), eq(priceReports.isExpired, false));
	const underReview = and(
		eq(priceReports.isActive, false),
		eq(priceReports.isExpired, false),
		eq(priceReports.withdrawnReason, "flagged"),
	);
	return db
		.select({
			id: priceReports.id,
			productName: priceReports.productName,
			barcode: priceReports.barcode,
			priceCents: priceReports.priceCents,
			priceType: priceReports.priceType,
			saleEnds: priceReports.saleEnds,
			multiQuantity: priceReports.multiQuantity,
			multiPriceCents: priceReports.multiPriceCents,
			categoryId: priceReports.categoryId,
			storeId: stores.id,
			storeName: stores.name,
			createdAt: priceReports.createdAt,
			isActive: priceReports.isActive,
		})
		.from(priceReports)
		.innerJoin(stores, eq(stores.id, priceReports.storeId))
		.where(and(eq(priceReports.userId, userId), own ? or(live, underReview) : live))
		.orderBy(desc(priceReports.createdAt), desc(priceReports.id))
		.limit(limit)
		.all();
}
