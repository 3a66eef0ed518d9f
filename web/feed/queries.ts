import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../api/client.ts";
import type { OkOf } from "../api/http.ts";

export type Feed = OkOf<typeof api.feed.$get>;
export type FeedItem = Feed["drops"][number];
export type NearestReports = NonNullable<Feed["nearest"]>;
export type NearestStations = NonNullable<Feed["nearestStations"]>;

/** Keys by prefix: one feed per zip and how many areas around it. */
export const feedKeys = { all: ["feed"] as const };

export const feedQuery = ({ zipCode, areas }: { zipCode: string; areas: number }) =>
	queryOptions({
		queryKey: [...feedKeys.all, { zipCode, areas }] as const,
		queryFn: () => unwrap(api.feed.$get({ query: { zipCode, areas: String(areas) } })),
	});

/** The deal search's lists (web/deals' dealKeys.search): web/deals shows the feed, so this folder cannot import it. */
const SEARCH_KEY = ["deals", "search"] as const;

/**
 * Kept under the deal search's lists, holding no report of its own: whatever asks them again (a new report, a
 * shopper's word on a price) asks the feed again too, as web/history's best offers do.
 */
export const feedFollowsDealsQuery = (queryClient: QueryClient) =>
	queryOptions({
		queryKey: [...SEARCH_KEY, { feed: "follows" }] as const,
		queryFn: async (): Promise<never[]> => {
			await queryClient.invalidateQueries({ queryKey: feedKeys.all });
			return [];
		},
		initialData: [],
	});
