import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { InferRequestType, InferResponseType } from "hono/client";
import { useCallback } from "react";
import type { CONSOLE_DISABLED_MESSAGE } from "../../src/lib/guards.ts";
import { api, unwrap } from "../api/client.ts";
import { isStatus, ownMessage } from "../api/failure.ts";
import { send } from "../api/http.ts";

/** Spec §8. */
export const ACCESS_DENIED = "Access Denied";
export const INVALID_PASSKEY = "Invalid developer passkey";

export type AdminUser = InferResponseType<typeof api.admin.users.$get, 200>[number];
export type FlaggedReport = InferResponseType<typeof api.admin.flags.$get, 200>[number];
export type RecordEntry = InferResponseType<typeof api.admin.actions.$get, 200>[number];
export type Resolution = InferRequestType<typeof api.admin.flags.resolve.$post>["json"];

/** Under the one prefix, so signing out (which clears the cache) locks the console again. */
export const adminKeys = {
	all: ["admin"] as const,
	unlocked: ["admin", "unlocked"] as const,
	users: ["admin", "users"] as const,
	flags: ["admin", "flags"] as const,
	actions: ["admin", "actions"] as const,
};

/**
 * Whether this tab has entered the passkey. The server keeps the unlock in the session; the screen keeps
 * this flag until the page is reloaded or the user signs out, and then asks for the passkey again.
 */
export const unlockedQuery = queryOptions({
	queryKey: adminKeys.unlocked,
	queryFn: () => false,
	staleTime: Number.POSITIVE_INFINITY,
	gcTime: Number.POSITIVE_INFINITY,
});

/** The first matches (the server sends at most 100) and how many match in all, from its X-Total-Count. */
export const adminUsersQuery = (q: string) =>
	queryOptions({
		queryKey: [...adminKeys.users, q] as const,
		queryFn: async () => {
			const res = await api.admin.users.$get({ query: { q } });
			const users = await unwrap(Promise.resolve(res));
			return { users, total: Number(res.headers.get("X-Total-Count") ?? users.length) };
		},
	});

/** The moderation queue (the server sends the 100 most flagged) and how many reports are flagged in all. */
export const flagsQuery = queryOptions({
	queryKey: adminKeys.flags,
	queryFn: async () => {
		const res = await api.admin.flags.$get();
		const items = await unwrap(Promise.resolve(res));
		return { items, total: Number(res.headers.get("X-Total-Count") ?? items.length) };
	},
});

/** The moderation record, newest first. */
export const actionsQuery = queryOptions({
	queryKey: adminKeys.actions,
	queryFn: () => unwrap(api.admin.actions.$get()),
});

export function useVerifyPasskey() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: (passkey: string) => unwrap(api.admin["verify-passkey"].$post({ json: { passkey } })),
		onSuccess: ({ valid }) => {
			if (valid) queryClient.setQueryData(adminKeys.unlocked, true);
		},
	});
}

// Checked against the server's text by type only: importing the value would bundle server code.
const CONSOLE_DISABLED: typeof CONSOLE_DISABLED_MESSAGE = "The developer console is not enabled on this server";

/**
 * A 403 from the console means the session is not (or no longer) unlocked, and this 404 that the server has no
 * passkey (any more): show the passkey form again. Other 404s are about the user acted on, not the console.
 */
export function useRelock() {
	const queryClient = useQueryClient();
	return useCallback(
		(error: unknown) => {
			const locked = isStatus(error, 403) || (isStatus(error, 404) && ownMessage(error) === CONSOLE_DISABLED);
			if (locked) {
				queryClient.setQueryData(adminKeys.unlocked, false);
				return true;
			}
			return false;
		},
		[queryClient],
	);
}

export function useTerminateAccount() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: (json: { userId: string; reason: string }) => unwrap(api.admin["terminate-account"].$post({ json })),
		onSuccess: () => invalidateAfterAction(queryClient),
		// The list was stale: the account was deleted (404) or suspended by another moderator (409) meanwhile.
		onError: (error) => {
			if (isStatus(error, 404, 409)) {
				void queryClient.invalidateQueries({ queryKey: adminKeys.users });
			}
		},
	});
}

/** What a moderator's action changes: the queue, the users' states and the record. */
const invalidateAfterAction = (queryClient: QueryClient) =>
	Promise.all(
		[adminKeys.flags, adminKeys.users, adminKeys.actions].map((queryKey) =>
			queryClient.invalidateQueries({ queryKey }),
		),
	);

/** Dismiss a report's flags, expire it, or terminate its reporter (and expire it). */
export function useResolveFlags() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: (json: Resolution) => unwrap(api.admin.flags.resolve.$post({ json })),
		onSuccess: () => invalidateAfterAction(queryClient),
		// The queue was stale: the report was deleted (404) or decided by another moderator (409) meanwhile.
		onError: (error) => {
			if (isStatus(error, 404, 409)) void invalidateAfterAction(queryClient);
		},
	});
}

export function useLiftSuspension() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: (json: { userId: string; reason: string }) => unwrap(api.admin["lift-suspension"].$post({ json })),
		onSuccess: () => invalidateAfterAction(queryClient),
		onError: (error) => {
			if (isStatus(error, 404, 409)) void invalidateAfterAction(queryClient);
		},
	});
}

/**
 * POST /api/test-notification belongs to the alerts feature; called by path so the console does not
 * depend on that module. Answers {title, body}.
 */
export function useSendTestNotification() {
	return useMutation({
		mutationFn: async () => {
			const body = await send<{ title?: unknown; body?: unknown } | null>("POST", "/api/test-notification");
			const { title, body: message } = body ?? {};
			return {
				title: typeof title === "string" ? title : "Test notification",
				body: typeof message === "string" ? message : "",
			};
		},
	});
}
