import { type QueryClient, type QueryKey, queryOptions, useQueryClient } from "@tanstack/react-query";
import type { ReportJson } from "../../src/deals/index.ts";
import type { NearbyReportJson, StationJson } from "../../src/gas/index.ts";
import type { Spots } from "../../src/spots/index.ts";
import { api, unwrap } from "../api/client.ts";
import { gasKeys } from "../api/gas-keys.ts";
import { useLastingMutation } from "../api/mutation.ts";

export type { Spots, StarredStation, StarredStore } from "../../src/spots/index.ts";

export const spotKeys = { all: ["spots"] as const };

/** The deal search's lists (web/deals' dealKeys.search): web/deals shows stars, so this folder cannot import it. */
const SEARCH_KEY = ["deals", "search"] as const;

export const spotsQuery = queryOptions({
	queryKey: spotKeys.all,
	queryFn: () => unwrap(api.spots.$get()),
});

export type SpotKind = "store" | "station";
/** A star asked for: the spot and whether it should now be starred. */
export type Star = { kind: SpotKind; id: number; starred: boolean };

function send({ kind, id, starred }: Star) {
	const param = { id: String(id) };
	const spot = kind === "store" ? api.spots.stores[":id"] : api.spots.stations[":id"];
	return unwrap(starred ? spot.$put({ param }) : spot.$delete({ param }));
}

// The lists a star shows in, as far as this folder needs to know them.
type SearchResult = Pick<ReportJson, "store"> & { starred: boolean };
type StationItem = Pick<StationJson, "id" | "starred">;
type FuelReport = Pick<NearbyReportJson, "stationId" | "starred">;

/** Where a spot's star is shown, and how to set it there. */
function showStar(queryClient: QueryClient, { kind, id, starred }: Star) {
	const flip = <T extends { starred: boolean }>(list: T[] | undefined, isIt: (item: T) => boolean) =>
		list?.map((item) => (isIt(item) ? { ...item, starred } : item));
	if (kind === "store") {
		queryClient.setQueriesData<SearchResult[]>({ queryKey: SEARCH_KEY }, (list) =>
			flip(list, (r) => r.store.id === id),
		);
	} else {
		queryClient.setQueriesData<StationItem[]>({ queryKey: gasKeys.stations }, (list) => flip(list, (s) => s.id === id));
		queryClient.setQueriesData<FuelReport[]>({ queryKey: gasKeys.reports }, (list) =>
			flip(list, (r) => r.stationId === id),
		);
	}
	// A new star's details (its name, its date) come with the list asked again; an unstarred spot leaves at once.
	if (!starred) {
		queryClient.setQueryData<Spots>(spotKeys.all, (spots) =>
			spots && kind === "store"
				? { ...spots, stores: spots.stores.filter((s) => s.id !== id) }
				: spots && { ...spots, stations: spots.stations.filter((s) => s.id !== id) },
		);
	}
}

const keysOf = (kind: SpotKind): QueryKey[] =>
	kind === "store" ? [SEARCH_KEY, spotKeys.all] : [gasKeys.stations, gasKeys.reports, spotKeys.all];

/**
 * Stars or unstars a store or station. The star shows at once everywhere the spot is listed; a failure puts
 * every list back as it was (the caller says so). Then My spots, and for a station the Gas page's order
 * (starred stations come first), are asked again.
 */
export function useStar() {
	const queryClient = useQueryClient();
	return useLastingMutation({
		mutationFn: send,
		onMutate: async (star: Star) => {
			const keys = keysOf(star.kind);
			await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
			const before = keys.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));
			showStar(queryClient, star);
			return { before };
		},
		onError: (_error, _star, context) => {
			const { before = [] } = (context ?? {}) as { before?: [QueryKey, unknown][] };
			for (const [queryKey, data] of before) queryClient.setQueryData(queryKey, data);
		},
		onSettled: (_answer, _error, star) => {
			void queryClient.invalidateQueries({ queryKey: spotKeys.all });
			if (star.kind === "station") void queryClient.invalidateQueries({ queryKey: gasKeys.stations });
		},
	});
}
