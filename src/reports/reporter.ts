/**
 * A shopper as other shoppers see them (decision 0074): their first name and the initial of their last, and
 * their username only while their profile is public. Every report's read shape, products and fuel alike, and
 * every other shopper's card (Discover, top contributors, a profile page) is made here; the shopper reading
 * their own sees their last name whole. The moderators' console and one's own account are not made here.
 */
import type { User } from "../../db/schema.ts";
import type { ReporterRow } from "../data/report-columns.ts";

export { reporterColumnsSql } from "../data/report-columns.ts";
export type { ReporterRow };

/** The first letter of a last name, upper case; null when there is none. */
export function lastInitial(lastName: string | null): string | null {
	const initial = lastName?.trim()[0];
	return initial ? initial.toUpperCase() : null;
}

/** A shopper's name as `own` (they read it themselves) or anyone else sees it. */
export function nameAsSeen(person: Pick<ReporterRow, "firstName" | "lastName">, own: boolean) {
	return { firstName: person.firstName, lastName: own ? person.lastName : lastInitial(person.lastName) };
}

/** A report's `user`: the reporter as the shopper reading the report sees them. */
export function reporterJson(row: ReporterRow, own: boolean) {
	return { ...nameAsSeen(row, own), username: row.reporterUsername };
}
export type ReporterJson = ReturnType<typeof reporterJson>;

/** The shopper as the reporter of their own report (where a shared list is handed to one of them). */
export function ownReporterJson(
	user: Pick<User, "firstName" | "lastName" | "username" | "profileVisible" | "isTerminated">,
) {
	const reporterUsername = user.profileVisible && !user.isTerminated ? user.username : null;
	return reporterJson({ firstName: user.firstName, lastName: user.lastName, reporterUsername }, true);
}
