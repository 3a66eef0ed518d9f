import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { StationSort } from "../../src/gas/schemas.ts";
import type { FuelType } from "./fuel.ts";
import { nearbyStationsQuery, nearestStationsQuery } from "./queries.ts";

/**
 * The stations the Gas page lists: those near the zip, or, when none is near, as far out as the nearest ones
 * ("empty towns invite"). `widened`: how far the list reached past the neighbourhood (null: it did not);
 * `looking`: the nearest are being looked for. While another fuel or order loads, the list on screen stays.
 */
export function useStationsReaching(zipCode: string, fuel: FuelType, sort: StationSort) {
	const near = useQuery({ ...nearbyStationsQuery(zipCode, fuel, sort), placeholderData: keepPreviousData });
	// Every fuel lists the same stations (those without its price apart): an empty list is empty for each.
	const empty = near.data?.length === 0;
	const nearest = useQuery({ ...nearestStationsQuery(zipCode), enabled: empty });
	const widened = empty ? (nearest.data ?? null) : null;
	const far = useQuery({
		...nearbyStationsQuery(zipCode, fuel, sort, widened?.areas),
		enabled: widened !== null,
		// Another fuel's or order's list stays on screen; the neighbourhood's empty one (its key, while off) does not.
		placeholderData: (previous) => (previous && previous.length > 0 ? previous : undefined),
	});
	const looking = empty && (nearest.fetchStatus === "fetching" || (widened !== null && far.isPending));
	return { stations: widened && far.data ? far : near, widened: far.data ? widened : null, looking };
}
