import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { ApiError, api, unwrap } from "../api/client.ts";

export type CurrentUser = InferResponseType<typeof api.auth.user.$get, 200>;
export type AuthState =
  | { status: "authenticated"; user: CurrentUser }
  | { status: "guest" }
  | { status: "terminated"; reason: string; terminatedAt: string | null };

export const authKeys = { user: ["auth", "user"] as const };

/** Spec §4: 401 means a guest, 403 with `terminated` means a suspended account. */
export const currentUserQuery = queryOptions({
  queryKey: authKeys.user,
  queryFn: async (): Promise<AuthState> => {
    try {
      return { status: "authenticated", user: await unwrap(api.auth.user.$get()) };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return { status: "guest" };
      const body = error instanceof ApiError ? (error.body as Record<string, unknown> | null) : null;
      if (error instanceof ApiError && error.status === 403 && body?.terminated) {
        return {
          status: "terminated",
          reason: typeof body.reason === "string" && body.reason ? body.reason : "Policy violation",
          terminatedAt: typeof body.terminatedAt === "string" ? body.terminatedAt : null,
        };
      }
      throw error;
    }
  },
});

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: { username: string; password: string }) => unwrap(api.auth.login.$post({ json })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.user }),
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
    mutationFn: (json: SignUpFields) => unwrap(api.auth.register.$post({ json })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.user }),
  });
}

/** Forgets everything cached for the user who was signed in: the app shows the sign-in view. */
export function forgetUser(queryClient: QueryClient) {
  queryClient.clear();
  queryClient.setQueryData(authKeys.user, { status: "guest" } satisfies AuthState);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.auth.logout.$post()),
    onSettled: () => forgetUser(queryClient),
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: () => unwrap(api.auth["delete-account"].$delete()) });
}

export function useUpdateZip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (zipCode: string) => unwrap(api.auth.user.$patch({ json: { zipCode } })),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.user, { status: "authenticated", user } satisfies AuthState);
    },
  });
}
