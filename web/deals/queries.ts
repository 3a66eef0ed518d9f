import { type QueryClient, queryOptions, useQueryClient } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { type SearchSort, searchedBarcode } from "../../src/deals/schemas.ts";
import { api, unwrap } from "../api/client.ts";
import { isStatus } from "../api/failure.ts";
import type { OkOf } from "../api/http.ts";
import { useLastingMutation } from "../api/mutation.ts";
import { authKeys } from "../auth/index.ts";

export type Report = InferResponseType<typeof api.search.$get, 200>[number];
export type StoreSuggestion = InferResponseType<typeof api.stores.$get, 200>[number];
export type ReportSubmission = Exclude<Parameters<(typeof api)["price-reports"]["$post"]>[0], undefined>["json"];

/**
 * Spec §7: a submission may come back with expired outliers (and a warning) beside the stored report; or, as
 * the same price another shopper reported there today, as that report confirmed (`confirmedExisting`, a message).
 */
export type SubmittedReport = OkOf<(typeof api)["price-reports"]["$post"]>;

/** Keys by prefix: everything under `all` is deal data; `search` holds every result list. */
export const dealKeys = {
	all: ["deals"] as const,
	search: ["deals", "search"] as const,
	/** How far a search's nearest reports are (apart from `search`, whose entries are all result lists). */
	nearest: ["deals", "nearest"] as const,
	stores: ["deals", "stores"] as const,
	lastPaid: ["deals", "last-paid"] as const,
};

/**
 * The 50 best matches are plenty for a phone screen. One more is asked for, and not shown, so the summary
 * can say "50+" rather than claim exactly 50 were found.
 */
export const SEARCH_SHOWN = 50;
const SEARCH_LIMIT = String(SEARCH_SHOWN + 1);

export type SearchParams = {
	q: string;
	/** A chip's category group, or null. */
	category: string | null;
	sort: SearchSort;
	zipCode: string | null;
	/** How many ZIP areas around the shopper's own: the neighbourhood's 20, or more for a widened search. */
	areas: number;
};

/** Digits that make a barcode are searched as the product's code (its prices whatever their names), else as words. */
const byWordsOrCode = (q: string) => {
	const barcode = searchedBarcode(q);
	return barcode ? { q: "", barcode } : { q };
};

/** One result list per words, filter, sort, zip and reach: changing the header's zip code asks again. */
export const searchQuery = ({ q, category, sort, zipCode, areas }: SearchParams) =>
	queryOptions({
		queryKey: [...dealKeys.search, { q, category, sort, zipCode, areas }] as const,
		queryFn: () =>
			unwrap(
				api.search.$get({
					query: {
						...byWordsOrCode(q),
						category: category ?? undefined,
						sort,
						zipCode: zipCode ?? "",
						limit: SEARCH_LIMIT,
						offset: "0",
						areas: String(areas),
					},
				}),
			),
	});

/** How far the nearest reports of a search that found nothing near are (null: none within reach). */
export const nearestQuery = ({ q, category, zipCode }: Omit<SearchParams, "sort" | "areas">) =>
	queryOptions({
		queryKey: [...dealKeys.nearest, { q, category, zipCode }] as const,
		queryFn: async () =>
			(
				await unwrap(
					api.search.nearest.$get({
						query: { ...byWordsOrCode(q), category: category ?? undefined, zipCode: zipCode ?? "" },
					}),
				)
			).nearest,
	});

export type LastPaid = OkOf<(typeof api.products)["last-paid"]["$get"]>["youPaid"];
export type LastPaidParams = { productName: string; categoryId: string; zipCode: string | null };

/** What the shopper last paid for a product (their report or a deal they took), near `zipCode` or their home. */
export const lastPaidQuery = ({ productName, categoryId, zipCode }: LastPaidParams) =>
	queryOptions({
		queryKey: [...dealKeys.lastPaid, { productName, categoryId, zipCode }] as const,
		queryFn: async () =>
			(await unwrap(api.products["last-paid"].$get({ query: { productName, categoryId, zipCode: zipCode ?? "" } })))
				.youPaid,
	});

/** The stores reported in a zip, for the report form's suggestions. */
export const storesQuery = (zipCode: string) =>
	queryOptions({
		queryKey: [...dealKeys.stores, zipCode] as const,
		queryFn: () => unwrap(api.stores.$get({ query: { zipCode } })),
	});

export function useReportPrice() {
	const queryClient = useQueryClient();
	return useLastingMutation({
		mutationFn: (json: ReportSubmission): Promise<SubmittedReport> => unwrap(api["price-reports"].$post({ json })),
		onSuccess: () => {
			void queryClient.invalidateQueries({ queryKey: dealKeys.search });
			void queryClient.invalidateQueries({ queryKey: dealKeys.stores }); // perhaps a store of its own now
			void queryClient.invalidateQueries({ queryKey: dealKeys.lastPaid }); // the shopper's own price now
			void queryClient.invalidateQueries({ queryKey: authKeys.user }); // report and store counts moved
		},
	});
}

export function useToggleUpvote() {
	const queryClient = useQueryClient();
	return useLastingMutation({
		// The API only toggles (spec §4). A card out of date (upvoted meanwhile in another tab) would take away the
		// vote its click meant to add, or the reverse; toggling once more does what the click showed it would.
		mutationFn: async ({ id, add }: { id: number; add: boolean }) => {
			const toggle = () => unwrap(api["price-reports"][":id"].upvote.$post({ param: { id: String(id) } }));
			const first = await toggle();
			return first.wasAdded === add ? first : toggle();
		},
		onSuccess: ({ reportId, upvotes, wasAdded }) => {
			// The answer is the truth for this card at once; the lists are then asked again.
			queryClient.setQueriesData<Report[]>({ queryKey: dealKeys.search }, (list) =>
				list?.map((r) => (r.id === reportId ? { ...r, upvotes, hasUserUpvoted: wasAdded } : r)),
			);
			void queryClient.invalidateQueries({ queryKey: dealKeys.search });
		},
		onError: (error) => refreshIfStale(queryClient, error),
	});
}

/**
 * A card acted on after its report changed meanwhile: deleted with its shopper's account (404), withdrawn by a
 * moderator or already taken in another tab (409). The lists are asked again, so the card shows how things stand.
 */
function refreshIfStale(queryClient: QueryClient, error: unknown) {
	if (isStatus(error, 404, 409)) {
		void queryClient.invalidateQueries({ queryKey: dealKeys.search });
	}
}

export function useTakeDeal() {
	const queryClient = useQueryClient();
	return useLastingMutation({
		mutationFn: (id: number) => unwrap(api["price-reports"][":id"]["take-deal"].$post({ param: { id: String(id) } })),
		onSuccess: (_, id) => {
			queryClient.setQueriesData<Report[]>({ queryKey: dealKeys.search }, (list) =>
				list?.map((r) => (r.id === id ? { ...r, hasUserTakenDeal: true } : r)),
			);
			// Settings shows the money saved from the current user.
			void queryClient.invalidateQueries({ queryKey: authKeys.user });
			void queryClient.invalidateQueries({ queryKey: dealKeys.lastPaid }); // what they paid last
		},
		onError: (error) => refreshIfStale(queryClient, error),
	});
}
