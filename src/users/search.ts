/**
 * Discover (spec §2): users by username or name. Every word of the query must start the username or the first
 * name, or be the initial of the last name (case aside, a dot after it or not), so "mar" finds Maria and
 * "maria g" finds Maria Garcia: others see a last name's initial only (decision 0074), and a search that
 * answered to the whole of it would tell anyone who guessed it that they guessed right. Private profiles,
 * suspended accounts and open-data sources' accounts (decision 0070: not people) are never listed; a user who
 * hides their activity is listed without their numbers.
 */
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { priceReports, users } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { centsToNumber } from "../lib/money.ts";
import { accuracyOf, lastInitial } from "../reports/index.ts";

export const USER_SEARCH_LIMIT = 20;
/** More words than this add nothing but work. */
const MAX_WORDS = 5;

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

export function searchUsers(db: Db, q: string, viewerId: string, limit = USER_SEARCH_LIMIT) {
	const text = q.trim().toLowerCase();
	const words = text.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
	if (words.length === 0) return [];
	const matches = words.map(wordMatches);
	const rows = db
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
		// The exact username first, then usernames that start with the query, then the rest by name.
		.orderBy(
			sql`CASE WHEN lower(${users.username}) = ${text} THEN 0 WHEN ${startsWith(users.username, text)} THEN 1 ELSE 2 END`,
			sql`lower(${users.username})`,
		)
		.limit(limit)
		.all();
	return rows.map(toSearchResult);
}

type Row = {
	id: string;
	username: string;
	firstName: string | null;
	lastName: string | null;
	zipCode: string | null;
	profileImageUrl: string | null;
	statsVisible: boolean;
	totalReports: number;
	totalMoneySavedCents: number;
	uniqueStoresVisited: number;
	reportsRefused: number;
	reportsUpheld: number;
	priceReportsMade: number;
	reputation: number;
};

/** The "User search result" shape of spec §3, the upvotes earned and the accuracy; the numbers are null when the user hides their activity. */
export function toSearchResult(row: Row) {
	const show = row.statsVisible;
	return {
		id: row.id,
		username: row.username,
		firstName: row.firstName,
		// Never the viewer (they are not listed): others see a last name's initial (reports/reporter.ts).
		lastName: lastInitial(row.lastName),
		zipCode: row.zipCode,
		profileImageUrl: row.profileImageUrl,
		totalReports: show ? row.totalReports : null,
		totalMoneySaved: show ? centsToNumber(row.totalMoneySavedCents) : null,
		uniqueStoresVisited: show ? row.uniqueStoresVisited : null,
		priceReportsMade: show ? row.priceReportsMade : null,
		reputation: show ? row.reputation : null,
		accuracy: show ? accuracyOf(row) : null,
	};
}
export type UserSearchResult = ReturnType<typeof toSearchResult>;
