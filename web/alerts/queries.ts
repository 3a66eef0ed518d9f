import { queryOptions, useQueryClient } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api, unwrap } from "../api/client.ts";
import { isStatus } from "../api/failure.ts";
import { useLastingMutation } from "../api/mutation.ts";

export type PriceAlert = InferResponseType<(typeof api)["price-alerts"]["$get"], 200>[number];
export type AlertSubmission = Exclude<Parameters<(typeof api)["price-alerts"]["$post"]>[0], undefined>["json"];

export type AlertEdit = Exclude<Parameters<(typeof api)["price-alerts"][":id"]["$patch"]>[0], undefined>["json"];

export const alertKeys = { all: ["alerts"] as const };

export const alertsQuery = queryOptions({
	queryKey: alertKeys.all,
	queryFn: () => unwrap(api["price-alerts"].$get()),
});

export const isDuplicateAlert = (error: unknown) => isStatus(error, 409);

export function useCreateAlert() {
	const queryClient = useQueryClient();
	return useLastingMutation({
		mutationFn: (json: AlertSubmission) => unwrap(api["price-alerts"].$post({ json })),
		onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
		// Already set (its first answer was lost on the way, say): the list shows it.
		onError: (error) => {
			if (isDuplicateAlert(error)) void queryClient.invalidateQueries({ queryKey: alertKeys.all });
		},
	});
}

/** The alert is gone (deleted in another tab, or on another device). */
export const isMissingAlert = (error: unknown) => isStatus(error, 404);

export function useEditAlert() {
	const queryClient = useQueryClient();
	return useLastingMutation({
		mutationFn: ({ id, json }: { id: number; json: AlertEdit }) =>
			unwrap(api["price-alerts"][":id"].$patch({ param: { id: String(id) }, json })),
		onSuccess: (edited) => {
			// The list shows the edit at once; then it is asked again.
			queryClient.setQueryData<PriceAlert[]>(alertKeys.all, (list) =>
				list?.map((a) => (a.id === edited.id ? edited : a)),
			);
			void queryClient.invalidateQueries({ queryKey: alertKeys.all });
		},
		onError: (error) => {
			if (isMissingAlert(error) || isDuplicateAlert(error))
				void queryClient.invalidateQueries({ queryKey: alertKeys.all });
		},
	});
}

export function useDeleteAlert() {
	const queryClient = useQueryClient();
	return useLastingMutation({
		mutationFn: async (id: number) => {
			try {
				return await unwrap(api["price-alerts"][":id"].$delete({ param: { id: String(id) } }));
			} catch (error) {
				// Already deleted (in another tab, or on another device): what the shopper asked for is done.
				if (isStatus(error, 404)) return { id };
				throw error;
			}
		},
		onSuccess: ({ id }) => {
			// Gone at once from the list; then the list is asked again.
			queryClient.setQueryData<PriceAlert[]>(alertKeys.all, (list) => list?.filter((a) => a.id !== id));
			void queryClient.invalidateQueries({ queryKey: alertKeys.all });
		},
	});
}

export function useTestNotification() {
	return useLastingMutation({ mutationFn: () => unwrap(api["test-notification"].$post()) });
}
