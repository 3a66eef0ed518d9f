/**
 * "Top contributors near you" on Discover (decision 0063): the shoppers behind the newest live
 * reports near a zip, those who report most there first. Read from the search index like the home feed
 * (src/feed/feed.ts), so a busy neighbourhood costs a bounded read, not a count of every report around.
 */
import { contributorRows } from "../data/people.ts";
import { indexPageIds } from "../data/price-search.ts";
import { reportStats } from "../data/users.ts";
import type { Db } from "../db.ts";
import { DAY_MS } from "../lib/time.ts";
import { neighbourhood } from "../lib/zip.ts";
import { accuracyOf, everythingAt, nameAsSeen } from "../reports/index.ts";

/** How many contributors the list shows. */
export const TOP_CONTRIBUTORS = 6;
/** Reports older than this do not make anyone a contributor near you now. */
export const CONTRIBUTOR_WINDOW_MS = 30 * DAY_MS;
/**
 * How many of the newest live reports near the shopper are counted. A quiet neighbourhood's month is all of
 * them; a busy one's is its latest hours, where those who report most still show.
 */
export const CONTRIBUTOR_POOL = 300;

/**
 * The public shoppers (showing their activity, not suspended) who made the newest live reports near `zip`
 * in the last 30 days, most reports there first, then the most accurate; never `viewerId`, at most
 * TOP_CONTRIBUTORS.
 */
export async function topContributors(db: Db, zip: string, viewerId: string, now = Date.now()) {
	const match = await everythingAt(db, neighbourhood(zip));
	if (match === null) return [];
	const ids = indexPageIds(db, "recent", { match, limit: CONTRIBUTOR_POOL, offset: 0 }).map((r) => r.id);
	const rows = await contributorRows(db, {
		ids: JSON.stringify(ids),
		since: now - CONTRIBUTOR_WINDOW_MS,
		limit: TOP_CONTRIBUTORS + 1,
	});
	const shown = rows.filter((r) => r.id !== viewerId).slice(0, TOP_CONTRIBUTORS);
	return Promise.all(
		shown.map(async (r) => ({
			username: r.username,
			// Never the viewer: others see the initial of a last name (reports/reporter.ts).
			...nameAsSeen(r, false),
			profileImageUrl: r.profileImageUrl,
			/** Their live reports near the zip in the last 30 days (of the newest counted). */
			nearbyReports: r.nearbyReports,
			totalReports: r.totalReports,
			/** Trusted Contributor past 10, as on Discover. */
			priceReportsMade: (await reportStats(db, r.id)).priceReportsMade,
			accuracy: accuracyOf(r),
		})),
	);
}
export type TopContributor = Awaited<ReturnType<typeof topContributors>>[number];
