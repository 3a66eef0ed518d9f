import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { NEAREST_AREAS } from "../../src/lib/near-areas.ts";
import { clientSideText } from "../api/failure.ts";
import { Announcement, countOf } from "../components/Announcement.tsx";
import { AlertIcon } from "../components/icons.tsx";
import { FeedSection, FeedSkeleton } from "./FeedSection.tsx";
import { QuietTown } from "./QuietTown.tsx";
import { type Feed, type FeedItem, feedFollowsDealsQuery, feedQuery, type NearestReports } from "./queries.ts";

export const FEED_FAILED_MESSAGE = "The deals near you could not be loaded.";

/** The feed's sections, in the order shown; a report shows once, in the first that lists it. */
const SECTIONS = [
	{ list: "drops", title: "Biggest drops today", testId: "feed-drops", showTime: false },
	{ list: "goodDeals", title: "Good deals", testId: "feed-good-deals", showTime: false },
	{ list: "alertHits", title: "Your alerts", testId: "feed-alerts", showTime: true },
	{ list: "newest", title: "Just reported", testId: "feed-newest", showTime: true },
] as const;

function sectionsOf(feed: Feed) {
	const shown = new Set<number>();
	return SECTIONS.map((section) => {
		const items = feed[section.list].filter((item: FeedItem) => !shown.has(item.reportId));
		for (const item of items) shown.add(item.reportId);
		return { ...section, items };
	}).filter((section) => section.items.length > 0);
}

/** Where the feed looks, as its sentences say it: "near 59001", or as far as the shopper widened it. */
const whereOf = (zipCode: string, wide: NearestReports | null) =>
	wide ? `within ${wide.miles} miles of ${zipCode}` : `near ${zipCode}`;

/**
 * The home feed after Find Deals' search (beside it on a wide screen): what is good near the shopper today,
 * each item opening its product's page. A quiet area says so, how far the nearest reports and stations are
 * (with a feed widened to reach the reports), and invites the first price (`onReportPrice`, when the page can
 * open the form) and fuel price.
 */
export function HomeFeed({ zipCode, onReportPrice }: { zipCode: string; onReportPrice?: () => void }) {
	// Widened for one zip: a new zip starts near again.
	const [widened, setWidened] = useState<{ zipCode: string; to: NearestReports } | null>(null);
	const wide = widened?.zipCode === zipCode ? widened.to : null;
	const feed = useQuery(feedQuery({ zipCode, areas: wide?.areas ?? NEAREST_AREAS }));
	useQuery(feedFollowsDealsQuery(useQueryClient()));
	const headingId = useId();
	const where = whereOf(zipCode, wide);

	let body: React.ReactNode;
	if (feed.data?.quiet) {
		body = (
			<QuietTown
				zipCode={zipCode}
				where={where}
				nearest={wide ? null : feed.data.nearest}
				nearestStations={feed.data.nearestStations}
				onReportPrice={onReportPrice}
				onWiden={(to) => setWidened({ zipCode, to })}
			/>
		);
	} else if (feed.data) {
		body = sectionsOf(feed.data).map(({ list, ...section }) => <FeedSection key={list} {...section} />);
	} else if (feed.isError) {
		body = (
			<div role="alert" className="alert alert-error alert-soft flex flex-wrap" data-testid="feed-error">
				<AlertIcon />
				<span className="flex-1">
					{FEED_FAILED_MESSAGE} {clientSideText(feed.error)}
				</span>
				<button type="button" className="btn btn-sm" onClick={() => void feed.refetch()}>
					Try again
				</button>
			</div>
		);
	} else {
		body = <FeedSkeleton />;
	}

	return (
		<section
			aria-labelledby={headingId}
			aria-busy={feed.isFetching}
			className="flex flex-col gap-4"
			data-testid="home-feed"
		>
			<div className="flex flex-wrap items-center justify-between gap-2">
				<h2 id={headingId} className="text-lg font-semibold">
					{wide ? `Deals within ${wide.miles} miles of ${zipCode}` : `Today near ${zipCode}`}
				</h2>
				{wide && (
					<button type="button" className="btn btn-sm btn-ghost" onClick={() => setWidened(null)}>
						Back to {zipCode}
					</button>
				)}
			</div>
			<Announcement text={wide && feed.data ? widenedAnnouncement(feed.data, where) : ""} testId="feed-announcement" />
			{body}
		</section>
	);
}

/** What a screen reader hears when the widened feed arrives. */
function widenedAnnouncement(feed: Feed, where: string) {
	const reports = new Set(SECTIONS.flatMap((s) => feed[s.list].map((item: FeedItem) => item.reportId))).size;
	return reports === 0 ? `No deals ${where}` : `${countOf(reports, "deal", "deals")} ${where}`;
}
