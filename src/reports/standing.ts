/**
 * A shopper's standing (decision 0071): how much their confirmation or flag weighs on another's report, from
 * 0 to 1. Accounts are cheap to make and a crowd's word is easy to fake, so weight is earned with time and
 * with reports that stood: an account made today weighs nothing, one a month old with five reports that stood
 * and none refused weighs a whole shopper. Open-data source accounts speak for no shopper, and a suspended
 * account's words no longer count (decision 0055). Nothing here reads the database.
 */
import { DAY_MS } from "../lib/time.ts";
import { type AccuracyCounts, accuracyOf } from "./accuracy.ts";

/** An account younger than this weighs nothing: what a burst of sign-ups can make. */
export const NEW_ACCOUNT_DAYS = 1;
/** From then the weight grows with the account's age, whole at this many days... */
export const FULL_STANDING_DAYS = 30;
/** ...and with its reports that stood, whole at this many... */
export const FULL_STANDING_REPORTS = 5;
// ...and is scaled by the share of its judged reports that stood (its accuracy).

/** What standing reads of an account (createdAt in milliseconds). */
export type StandingInput = AccuracyCounts & {
	createdAt: number;
	source: string | null;
	isTerminated: boolean | number;
};

/** The account's age in whole days. */
export const accountAgeDays = (createdAt: number, now = Date.now()) =>
	Math.max(0, Math.floor((now - createdAt) / DAY_MS));

/** The account's standing weight now, in [0, 1]. */
export function standingOf(account: StandingInput, now = Date.now()): number {
	if (account.source !== null || account.isTerminated) return 0;
	const ageDays = Math.max(0, now - account.createdAt) / DAY_MS;
	if (ageDays < NEW_ACCOUNT_DAYS) return 0;
	const accuracy = accuracyOf(account);
	if (!accuracy) return 0;
	const age = Math.min(1, ageDays / FULL_STANDING_DAYS);
	const record = Math.min(1, accuracy.accurate / FULL_STANDING_REPORTS);
	return age * record * (accuracy.accurate / accuracy.judged);
}
