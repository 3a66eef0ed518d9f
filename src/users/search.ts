/**
 * Discover (spec §2): users by username or name. Every word of the query must start the username or the first
 * name, or be the initial of the last name (case aside, a dot after it or not), so "mar" finds Maria and
 * "maria g" finds Maria Garcia: others see a last name's initial only (decision 0074), and a search that
 * answered to the whole of it would tell anyone who guessed it that they guessed right. Private profiles,
 * suspended accounts and open-data sources' accounts (decision 0070: not people) are never listed; a user who
 * hides their activity is listed without their numbers.
 */
import { searchUserRows, type UserSearchRow } from "../data/people.ts";
import type { Db } from "../db.ts";
import { centsToNumber } from "../lib/money.ts";
import { accuracyOf, lastInitial } from "../reports/index.ts";

export const USER_SEARCH_LIMIT = 20;
/** More words than this add nothing but work. */
const MAX_WORDS = 5;

export async function searchUsers(db: Db, q: string, viewerId: string, limit = USER_SEARCH_LIMIT) {
	const text = q.trim().toLowerCase();
	const words = text.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
	if (words.length === 0) return [];
	return (await searchUserRows(db, { text, words, viewerId, limit })).map(toSearchResult);
}

/** The "User search result" shape of spec §3, the upvotes earned and the accuracy; the numbers are null when the user hides their activity. */
export function toSearchResult(row: UserSearchRow) {
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
