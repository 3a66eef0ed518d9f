import { hashKey, type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { InferRequestType, InferResponseType } from "hono/client";
import type { api } from "../api/client.ts";
import { isStatus, suspensionOf as suspendedBy } from "../api/failure.ts";
import { type OkOf, send } from "../api/http.ts";
import { forgetDeviceStore } from "../components/deviceStore.ts";
import { forgetCachedAnswers, OUTBOX_STORE, startCopiesAfresh } from "../components/offlineCache.ts";
import { forgetDrafts } from "../state/tabDrafts.ts";
import { useToast } from "../state/toast.ts";

// Plain fetch with the typed client's types: this module is on the landing, which leaves hono's client out.
type Auth = typeof api.auth;

export type CurrentUser = InferResponseType<typeof api.auth.user.$get, 200>;
export type AuthState =
	| { status: "authenticated"; user: CurrentUser }
	| { status: "guest" }
	| { status: "terminated"; reason: string; terminatedAt: string | null };

export const authKeys = { user: ["auth", "user"] as const };

/** Spec §4: 401 means a guest, 403 with `terminated` means a suspended account. */
export const currentUserQuery = queryOptions({ queryKey: authKeys.user, queryFn: () => readAuthState() });

/** Who is signed in, as GET /api/auth/user answers; throws for anything else (a 5xx, no network). */
export async function readAuthState(): Promise<AuthState> {
	try {
		return { status: "authenticated", user: await send<OkOf<Auth["user"]["$get"]>>("GET", "/api/auth/user") };
	} catch (error) {
		if (isStatus(error, 401)) return { status: "guest" };
		const suspended = suspensionOf(error);
		if (suspended) return suspended;
		throw error;
	}
}

/** The suspension a 403 answer describes (spec §7: `{terminated, reason, terminatedAt}`), from any call. */
export function suspensionOf(error: unknown): Extract<AuthState, { status: "terminated" }> | null {
	const suspension = suspendedBy(error);
	return suspension && { status: "terminated", ...suspension };
}

export function useSignIn() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: (json: InferRequestType<Auth["login"]["$post"]>["json"]) =>
			send<OkOf<Auth["login"]["$post"]>>("POST", "/api/auth/login", json),
		// The answer is the signed-in user: the app opens on it rather than on a second call that could fail
		// (a "Welcome back" over the landing). A suspended account's state comes from GET /api/auth/user's 403.
		onSuccess: (user) => {
			startCopiesAfresh();
			return user.isTerminated
				? queryClient.invalidateQueries({ queryKey: authKeys.user })
				: queryClient.setQueryData(authKeys.user, { status: "authenticated", user } satisfies AuthState);
		},
	});
}

export type SignUpFields = {
	username: string;
	password: string;
	confirmPassword: string;
	firstName: string;
	lastName: string;
	zipCode: string;
};

export function useSignUp() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: (json: SignUpFields) => send<OkOf<Auth["register"]["$post"]>>("POST", "/api/auth/register", json),
		onSuccess: (user) => {
			startCopiesAfresh();
			queryClient.setQueryData(authKeys.user, { status: "authenticated", user } satisfies AuthState);
		},
	});
}

/**
 * Forgets everything cached for the user who was signed in: the app shows the sign-in view. The current-user
 * query is kept and set to guest rather than cleared and made anew: screens watching it hear of the change
 * at once, even when no navigation follows to re-render them (a suspended user deleting the account at /auth).
 */
export function forgetUser(queryClient: QueryClient) {
	queryClient.setQueryData(authKeys.user, { status: "guest" } satisfies AuthState);
	queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(authKeys.user) });
	queryClient.getMutationCache().clear();
	forgetDrafts();
	void forgetCachedAnswers();
}

export const SIGN_OUT_FAILED = "Sign out failed";
export const SIGN_OUT_FAILED_DETAIL = "You are still signed in. Check your connection and try again.";

/**
 * Signs out; only once the server has ended the session is the user forgotten here. A sign-out that never
 * reached the server must not look done: on a shared device the next person would find the account open.
 */
export function useSignOut() {
	const queryClient = useQueryClient();
	const toast = useToast();
	return useMutation({
		mutationFn: () => send<OkOf<Auth["logout"]["$post"]>>("POST", "/api/auth/logout"),
		onSuccess: () => {
			forgetUser(queryClient);
			void forgetDeviceStore(OUTBOX_STORE);
		},
		onError: () => toast({ title: SIGN_OUT_FAILED, description: SIGN_OUT_FAILED_DETAIL, variant: "error" }),
	});
}

export function useDeleteAccount() {
	return useMutation({
		mutationFn: () => send<OkOf<Auth["delete-account"]["$delete"]>>("DELETE", "/api/auth/delete-account"),
	});
}

export function useUpdateZip() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: (zipCode: string) => send<OkOf<Auth["user"]["$patch"]>>("PATCH", "/api/auth/user", { zipCode }),
		onSuccess: (user) => {
			queryClient.setQueryData(authKeys.user, { status: "authenticated", user } satisfies AuthState);
		},
	});
}
