/**
 * The columns every report's read shape selects, products and fuel alike: its trust inputs, what the viewer
 * has to do with it, whether flags hid it, and its reporter as other shoppers see them. Raw SQL fragments
 * for a report (or reporter) under a given alias, and the row types they read; src/reports turns them into
 * the read shape's trust and byline.
 */
import type { users } from "../../db/schema.ts";
import type { Stored } from "../lib/stored.ts";

/** A report's trust inputs, as stored (timestamps in milliseconds). */
export type TrustInput = {
	/** The quality check's confidence at submission (null on very old rows: counted as 0.5). */
	verificationConfidence: number | null;
	createdAt: number;
	confirmedAt: number | null;
	confirmCount: number;
	/** The confirmers' standing summed (src/reports/standing.ts): what raises the confidence, so new accounts' do not. */
	confirmWeight: number;
	changedCount: number;
	unavailableCount: number;
	unavailableAt: number | null;
	flagCount: number;
	/** The open flaggers' standing summed: a flag that weighs nothing leaves the price as it stands. */
	flagWeight: number;
	isUnusual: boolean | number;
};

/** A report row's trust columns (as stored), and what the viewer has to do with it. */
export type TrustRow = TrustInput & {
	/** 1 when the viewer made the report. */
	isOwnReport: number;
	myFeedbackKind: string | null;
	myFeedbackReason: string | null;
	/** 1 when shoppers' flags hid the report until a moderator decides (reviewColumnSql); read by id only. */
	hiddenByFlags?: number;
};

/** The SQL columns of TrustRow's report part, for a report aliased `alias`. */
export const trustColumnsSql = (alias: string) => `
  ${alias}.is_unusual AS isUnusual, ${alias}.confirm_count AS confirmCount,
  ${alias}.confirm_weight AS confirmWeight, ${alias}.confirmed_at AS confirmedAt,
  ${alias}.changed_count AS changedCount, ${alias}.unavailable_count AS unavailableCount,
  ${alias}.unavailable_at AS unavailableAt, ${alias}.flag_count AS flagCount, ${alias}.flag_weight AS flagWeight`;

/** TrustRow's `hiddenByFlags`, for a report aliased `alias`: withdrawn by flags, not yet decided. */
export const reviewColumnSql = (alias: string) =>
	`(${alias}.is_active = 0 AND ${alias}.is_expired = 0 AND ${alias}.withdrawn_reason = 'flagged') AS hiddenByFlags`;

/**
 * A price that can be stood behind, of a report aliased `alias`: neither withdrawn nor judged wrong, no open
 * flag of any weight, and not an unusual price nobody of standing has confirmed (src/reports/trust.ts says the same). The price history, its lows (Good deal) and a deal's
 * typical price count only these (the history indexes hold exactly the first two conditions).
 */
export const trustworthySql = (alias: string) =>
	`${alias}.is_active = 1 AND ${alias}.is_discredited = 0 AND ${alias}.flag_weight <= 0
    AND NOT (${alias}.is_unusual = 1 AND ${alias}.confirm_weight <= 0)`;

/** A report row's reporter columns (reporterColumnsSql), as stored. */
export type ReporterRow = {
	firstName: Stored<typeof users.firstName>;
	lastName: Stored<typeof users.lastName>;
	/** The reporter's username when their profile is public and their account not suspended, else null. */
	reporterUsername: Stored<typeof users.username> | null;
};

/**
 * The SQL columns of a ReporterRow for the reporter aliased `alias`. The username is chosen in the statement so
 * that no caller can forget the privacy toggle.
 */
export const reporterColumnsSql = (alias: string) => `
  ${alias}.first_name AS firstName, ${alias}.last_name AS lastName,
  CASE WHEN ${alias}.profile_visible = 1 AND ${alias}.is_terminated = 0 THEN ${alias}.username END AS reporterUsername`;
