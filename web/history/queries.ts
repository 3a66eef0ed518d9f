import { type QueryClient, queryOptions, useQueryClient } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import type { ProductDetailsInput, ProductWindow, StationWindow } from "../../src/history/schemas.ts";
import { api, unwrap } from "../api/client.ts";
import { gasKeys } from "../api/gas-keys.ts";
import { useLastingMutation } from "../api/mutation.ts";
import { dealKeys, type Report } from "../deals/index.ts";

export type ProductHistory = InferResponseType<typeof api.products.history.$get, 200>;
export type StationHistory = InferResponseType<(typeof api.gas.stations)[":id"]["history"]["$get"], 200>;
export type FuelHistory = StationHistory["fuels"][number];
export type StationReport = StationHistory["recentReports"][number];

/** Keys by prefix: everything under `all` is history; one entry per product or station and window. */
export const historyKeys = {
	all: ["history"] as const,
	products: ["history", "products"] as const,
	stations: ["history", "stations"] as const,
};

export type ProductParams = {
	name: string;
	barcode?: string | undefined;
	categoryId: number;
	days: ProductWindow;
	zipCode: string | null;
};
export type StationParams = { id: string; days: StationWindow; zipCode: string | null };

/** A product's history near the shopper: the header's zip, so changing it asks again. */
export const productHistoryQuery = ({ name, barcode, categoryId, days, zipCode }: ProductParams) =>
	queryOptions({
		queryKey: [...historyKeys.products, { name, barcode, categoryId, days, zipCode }] as const,
		queryFn: () =>
			unwrap(
				api.products.history.$get({
					query: {
						productName: name,
						...(barcode ? { barcode } : {}),
						categoryId: String(categoryId),
						days: String(days),
						zipCode: zipCode ?? "",
					},
				}),
			),
	});

/** Every fuel's history at a station over the window; the page chooses which to draw. */
export const stationHistoryQuery = ({ id, days, zipCode }: StationParams) =>
	queryOptions({
		queryKey: [...historyKeys.stations, { id, days, zipCode }] as const,
		queryFn: () =>
			unwrap(
				api.gas.stations[":id"].history.$get({ param: { id }, query: { days: String(days), zipCode: zipCode ?? "" } }),
			),
	});

/*
 * The reports a history page lists are kept again under the keys of the lists they belong to: the product's best
 * offers with the deal search's lists, the station's recent reports with the Gas page's. A vote, a deal taken or a
 * shopper's word on one of them then updates it at once as it does on every list; and the lists' refresh (after
 * any of those, or a new report) asks the history again, so the chart and its figures follow too. History keys
 * stay out of web/deals and web/gas, which must not import this feature.
 */

/** The product's best offers, first the history's own; asked again, they ask the whole history again. */
export const bestOffersQuery = (queryClient: QueryClient, params: ProductParams, offers: Report[]) =>
	queryOptions({
		queryKey: [...dealKeys.search, { historyOf: params }] as const,
		queryFn: async () => (await queryClient.fetchQuery({ ...productHistoryQuery(params), staleTime: 0 })).bestOffers,
		initialData: offers,
	});

/** The station's recent reports, first the history's own; asked again, they ask the whole history again. */
export const stationReportsQuery = (queryClient: QueryClient, params: StationParams, reports: StationReport[]) =>
	queryOptions({
		queryKey: [...gasKeys.reports, { historyOf: params }] as const,
		queryFn: async () => (await queryClient.fetchQuery({ ...stationHistoryQuery(params), staleTime: 0 })).recentReports,
		initialData: reports,
	});

/** A shopper's correction of a barcode's product; every history of it asks again. */
export function useCorrectProduct() {
	const queryClient = useQueryClient();
	return useLastingMutation({
		mutationFn: ({ barcode, ...json }: ProductDetailsInput & { barcode: string }) =>
			unwrap(api.products[":barcode"].$put({ param: { barcode }, json })),
		onSuccess: () => void queryClient.invalidateQueries({ queryKey: historyKeys.products }),
	});
}
