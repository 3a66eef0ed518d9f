import { queryOptions, useQueryClient } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import type { FuelType } from "../../db/schema.ts";
import type { StationSort } from "../../src/gas/schemas.ts";
import { NEAREST_AREAS } from "../../src/lib/near-areas.ts";
import { api, unwrap } from "../api/client.ts";
import { isStatus } from "../api/failure.ts";
import { gasKeys } from "../api/gas-keys.ts";
import { useLastingMutation } from "../api/mutation.ts";
import { authKeys } from "../auth/index.ts";

export type Station = InferResponseType<typeof api.gas.nearby.$get, 200>[number];
export type GasSummary = InferResponseType<typeof api.gas.summary.$get, 200>;
export type GasReport = InferResponseType<(typeof api.gas.reports.nearby)["$get"], 200>[number];
export type NearestStations = NonNullable<InferResponseType<typeof api.gas.nearest.$get, 200>["nearest"]>;
export type AreaTrend = InferResponseType<typeof api.gas.trend.$get, 200>;
export type GasReportSubmission = Exclude<Parameters<typeof api.gas.reports.$post>[0], undefined>["json"];

/** Spec §7: the gas lists treat a 400 (no zip code yet) as nothing to show. */
async function orOn400<T, F>(call: Promise<T>, fallback: F): Promise<T | F> {
	try {
		return await call;
	} catch (error) {
		if (isStatus(error, 400)) return fallback;
		throw error;
	}
}

/** The stations near the shopper's zip, or as many areas around it as reach a quiet town's nearest stations. */
export const nearbyStationsQuery = (zipCode: string, fuelType: FuelType, sort: StationSort, areas = NEAREST_AREAS) =>
	queryOptions({
		queryKey: [...gasKeys.stations, { zipCode, fuelType, sort, areas }] as const,
		queryFn: () =>
			orOn400(unwrap(api.gas.nearby.$get({ query: { fuelType, sort, areas: String(areas) } })), [] as Station[]),
	});

/** How far a quiet town's nearest stations are (null: a station is near, or none is within reach). */
export const nearestStationsQuery = (zipCode: string) =>
	queryOptions({
		queryKey: [...gasKeys.all, "nearest", { zipCode }] as const,
		queryFn: async () => (await orOn400(unwrap(api.gas.nearest.$get()), { nearest: null })).nearest,
	});

export const gasSummaryQuery = (zipCode: string) =>
	queryOptions({
		queryKey: [...gasKeys.summary, { zipCode }] as const,
		queryFn: () => orOn400(unwrap(api.gas.summary.$get()), null),
	});

/** The area average's last days near the shopper; under `all`, so a new fuel price asks it again. */
export const areaTrendQuery = (zipCode: string, fuelType: FuelType) =>
	queryOptions({
		queryKey: [...gasKeys.all, "trend", { zipCode, fuelType }] as const,
		queryFn: () => orOn400(unwrap(api.gas.trend.$get({ query: { fuelType } })), null),
	});

/** Spec §9: the recent reports list asks for 20. */
export const RECENT_REPORTS_LIMIT = 20;

export const recentGasReportsQuery = (zipCode: string) =>
	queryOptions({
		queryKey: [...gasKeys.reports, { zipCode }] as const,
		queryFn: () =>
			orOn400(
				unwrap(api.gas.reports.nearby.$get({ query: { limit: String(RECENT_REPORTS_LIMIT) } })),
				[] as GasReport[],
			),
	});

export function useReportGasPrice() {
	const queryClient = useQueryClient();
	return useLastingMutation({
		mutationFn: (json: GasReportSubmission) => unwrap(api.gas.reports.$post({ json })),
		onSuccess: () => {
			void queryClient.invalidateQueries({ queryKey: gasKeys.all });
			void queryClient.invalidateQueries({ queryKey: authKeys.user }); // the reporter's count moved
		},
	});
}
