import { queryOptions, useQueryClient } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import type { AddItemInput } from "../../src/lists/schemas.ts";
import { api, unwrap } from "../api/client.ts";
import { useLastingMutation } from "../api/mutation.ts";

export type ListSummary = InferResponseType<typeof api.lists.$get, 200>[number];
export type ShoppingList = InferResponseType<(typeof api.lists)[":id"]["$get"], 200>;
export type ListItem = ShoppingList["items"][number];
export type ListAlert = NonNullable<ShoppingList["alert"]>;
export type ListAlertSubmission = Exclude<Parameters<(typeof api.lists)[":id"]["alert"]["$put"]>[0], undefined>["json"];
export type Plan = InferResponseType<(typeof api.lists)[":id"]["plan"]["$get"], 200>;
export type PlanChoice = NonNullable<Plan["single"]>;
export type SharedList = InferResponseType<(typeof api)["shared-lists"][":token"]["$get"], 200>;

/** Keys by prefix: everything under `all` is lists; a list's plan sits under the list's own key. */
export const listKeys = {
	all: ["lists"] as const,
	one: (id: string) => ["lists", id] as const,
	plan: (id: string, zipCode: string | null) => ["lists", id, "plan", zipCode] as const,
};

export const listsQuery = queryOptions({ queryKey: listKeys.all, queryFn: () => unwrap(api.lists.$get()) });

export const listQuery = (id: string) =>
	queryOptions({ queryKey: listKeys.one(id), queryFn: () => unwrap(api.lists[":id"].$get({ param: { id } })) });

export const planQuery = (id: string, zipCode: string | null) =>
	queryOptions({
		queryKey: listKeys.plan(id, zipCode),
		queryFn: () => unwrap(api.lists[":id"].plan.$get({ param: { id }, query: { zipCode: zipCode ?? "" } })),
	});

export const sharedListQuery = (token: string) =>
	queryOptions({
		queryKey: ["shared-lists", token] as const,
		queryFn: () => unwrap(api["shared-lists"][":token"].$get({ param: { token } })),
	});

/** After any change to a list: it, its plan and the lists' counts are asked again. */
function useListChange<V, R>(mutationFn: (vars: V) => Promise<R>) {
	const queryClient = useQueryClient();
	return useLastingMutation({
		mutationFn,
		onSuccess: () => void queryClient.invalidateQueries({ queryKey: listKeys.all }),
	});
}

export const useCreateList = () => useListChange((name: string) => unwrap(api.lists.$post({ json: { name } })));

export const useShareList = (id: string) =>
	useListChange((shared: boolean) => unwrap(api.lists[":id"].$patch({ param: { id }, json: { shared } })));

export const useDeleteList = (id: string) => useListChange(() => unwrap(api.lists[":id"].$delete({ param: { id } })));

export const useSetListAlert = (id: string) =>
	useListChange((json: ListAlertSubmission) => unwrap(api.lists[":id"].alert.$put({ param: { id }, json })));

export const useClearListAlert = (id: string) =>
	useListChange(() => unwrap(api.lists[":id"].alert.$delete({ param: { id } })));

export const useAddItem = (id: string) =>
	useListChange((item: Partial<AddItemInput>) =>
		unwrap(api.lists[":id"].items.$post({ param: { id }, json: item as AddItemInput })),
	);

/**
 * Ticks an item on or off; the box shows it at once (before the request leaves), and goes back if the server
 * refuses. A read of the list still on its way (after another change) is called off, or it would bring the box
 * back as it was.
 */
export function useTickItem(id: string) {
	const queryClient = useQueryClient();
	const key = listKeys.one(id);
	const setTicked = (itemId: number, ticked: boolean) =>
		queryClient.setQueryData<ShoppingList>(
			key,
			(list) => list && { ...list, items: list.items.map((i) => (i.id === itemId ? { ...i, ticked } : i)) },
		);
	const mutation = useLastingMutation({
		mutationFn: ({ itemId, ticked }: { itemId: number; ticked: boolean }) =>
			unwrap(api.lists[":id"].items[":itemId"].$patch({ param: { id, itemId: String(itemId) }, json: { ticked } })),
		onMutate: () => queryClient.cancelQueries({ queryKey: key }, { revert: false }),
		onError: (_error, { itemId, ticked }) => setTicked(itemId, !ticked),
		onSettled: () => void queryClient.invalidateQueries({ queryKey: listKeys.all }),
	});
	const mutate: typeof mutation.mutate = (vars, options) => {
		setTicked(vars.itemId, vars.ticked);
		mutation.mutate(vars, options);
	};
	return { ...mutation, mutate };
}

export const useRemoveItem = (id: string) =>
	useListChange((itemId: number) =>
		unwrap(api.lists[":id"].items[":itemId"].$delete({ param: { id, itemId: String(itemId) } })),
	);

/** Says the shopper is (or is no longer) a member of a store: every list's plan counts its member prices then. */
export const useStoreMembership = () =>
	useListChange(({ storeId, member }: { storeId: number; member: boolean }): Promise<{ member: boolean }> => {
		const param = { param: { id: String(storeId) } };
		return member
			? unwrap(api.stores[":id"].membership.$put(param))
			: unwrap(api.stores[":id"].membership.$delete(param));
	});
