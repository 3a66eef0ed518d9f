/**
 * A shopper's public page (decision 0063): who they are to everyone, and what they did only while
 * they show their activity. A private profile, a suspended account and a username nobody has are one and the
 * same answer, so nobody can learn who hides; the shopper alone sees their own page however it is set.
 */
import type { User } from "../../db/schema.ts";
import { recentReportRows } from "../data/people.ts";
import { reportStats, userByUsername } from "../data/users.ts";
import type { Db } from "../db.ts";
import { notFound } from "../lib/http.ts";
import { centsToNumber } from "../lib/money.ts";
import { termsJson } from "../lib/price-terms.ts";
import { accuracyOf, nameAsSeen } from "../reports/index.ts";

export const PROFILE_NOT_FOUND = "Profile not found";
/** How many of their newest live reports a profile lists. */
export const PROFILE_RECENT_REPORTS = 10;

/** A username as sign-up takes them (src/auth/schemas.ts): anything else is nobody's. */
const USERNAME = /^[A-Za-z0-9_.-]{3,30}$/;

/**
 * The newest live price reports of a shopper, each enough to open its product's page. On their own page,
 * also those flags hid while a moderator looks, marked `underReview` (decision 0076).
 */
export async function recentReportsOf(db: Db, userId: string, { own = false, limit = PROFILE_RECENT_REPORTS } = {}) {
	return (await recentReportRows(db, userId, { own, limit })).map((r) => ({
		id: r.id,
		productName: r.productName,
		/** The product's barcode, by which its page is found. */
		barcode: r.barcode,
		/** A multi-buy's is one's share of its bundle (`multiBuy`). */
		price: centsToNumber(r.priceCents),
		// A member, sale or multi-buy price is no regular one.
		...termsJson(r),
		categoryId: r.categoryId,
		store: { id: r.storeId, name: r.storeName },
		createdAt: r.createdAt.toISOString(),
		/** Hidden by flags until a moderator decides: only ever on the shopper's own page. */
		underReview: !r.isActive,
	}));
}

/**
 * What a shopper did: their counters, accuracy and newest reports. An open-data source's account (decision
 * 0070) is no shopper to rate: no Trusted Contributor badge, no accuracy.
 */
async function activityOf(db: Db, user: User, own: boolean) {
	const { priceReportsMade, reputation } = await reportStats(db, user.id);
	const person = user.source === null;
	return {
		totalReports: user.totalReports,
		totalMoneySaved: centsToNumber(user.totalMoneySavedCents),
		uniqueStoresVisited: user.uniqueStoresVisited,
		/** Trusted Contributor past 10, as on Discover; null for a data source. */
		priceReportsMade: person ? priceReportsMade : null,
		/** Upvotes earned on their reports. */
		reputation,
		accuracy: person ? accuracyOf(user) : null,
		recentReports: await recentReportsOf(db, user.id, { own }),
	};
}

/**
 * `username`'s page as `viewerId` sees it; 404 "Profile not found" for a private profile, a suspended account
 * and an unknown username alike. The owner sees their own page whatever its settings, with the settings beside
 * it (the web says "Only you can see this page").
 */
export async function publicProfile(db: Db, username: string, viewerId: string) {
	const user = USERNAME.test(username) ? await userByUsername(db, username) : undefined;
	const own = user?.id === viewerId;
	if (!user || (!own && (!user.profileVisible || user.isTerminated))) throw notFound(PROFILE_NOT_FOUND);
	return {
		username: user.username,
		// Their last name whole to themselves, its initial to others (reports/reporter.ts).
		...nameAsSeen(user, own),
		zipCode: user.zipCode,
		profileImageUrl: user.profileImageUrl,
		memberSince: user.createdAt.toISOString(),
		/** The open-data source this account files prices for ("open-prices"), or null for a person. */
		source: user.source,
		/** The viewer's own page: shown even while private, its activity even while hidden. */
		own,
		isPublicProfile: user.profileVisible,
		showActivity: user.statsVisible,
		/** Null while they hide their activity from others. */
		activity: own || user.statsVisible ? await activityOf(db, user, own) : null,
	};
}
export type PublicProfile = Awaited<ReturnType<typeof publicProfile>>;
