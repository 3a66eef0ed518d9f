import { queryOptions, useQueryClient } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import type { CreateTokenInput } from "../../src/tokens/schemas.ts";
import { api, unwrap } from "../api/client.ts";
import { useLastingMutation } from "../api/mutation.ts";

export type ApiToken = InferResponseType<typeof api.tokens.$get, 200>[number];

export const tokenKeys = { all: ["tokens"] as const };

export const tokensQuery = queryOptions({
	queryKey: tokenKeys.all,
	queryFn: () => unwrap(api.tokens.$get()),
});

/**
 * Creates a token. Its answer carries the secret: the caller keeps it on screen until dismissed; the list
 * cache gets the token only, so the secret lives nowhere else.
 */
export function useCreateToken() {
	const queryClient = useQueryClient();
	return useLastingMutation({
		mutationFn: (json: CreateTokenInput) => unwrap(api.tokens.$post({ json })),
		// The mutation cache would hold the answer, secret included, until collected: drop it at once.
		gcTime: 0,
		onSuccess: ({ token }) => {
			queryClient.setQueryData<ApiToken[]>(tokenKeys.all, (list) => list && [token, ...list]);
			void queryClient.invalidateQueries({ queryKey: tokenKeys.all });
		},
	});
}

/** Revokes a token: it leaves the list once the server has deleted it. */
export function useRevokeToken() {
	const queryClient = useQueryClient();
	return useLastingMutation({
		mutationFn: (id: number) => unwrap(api.tokens[":id"].$delete({ param: { id: String(id) } })),
		onSuccess: ({ id }) => {
			queryClient.setQueryData<ApiToken[]>(tokenKeys.all, (list) => list?.filter((t) => t.id !== id));
			void queryClient.invalidateQueries({ queryKey: tokenKeys.all });
		},
	});
}
