import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { isUnauthorized } from "../api/client.ts";
import { useSetToast, useToast } from "../state/toast.ts";
import { authKeys, forgetUser, suspensionOf } from "./queries.ts";

/**
 * Spec §8: a 401 on a write means the session ended elsewhere. Say so, then show the sign-in view at
 * /auth after 500 ms. A 403 saying the account was suspended meanwhile shows the suspension screen at once,
 * the only thing a suspended user sees (spec §6), without an error toast over it. Returns true when it
 * handled the error.
 */
export function useSessionLost() {
	const toast = useToast();
	const setToast = useSetToast();
	const navigate = useNavigate();
	const queryClient = useQueryClient();
	return useCallback(
		(error: unknown) => {
			const suspended = suspensionOf(error);
			if (suspended) {
				setToast(null);
				queryClient.setQueryData(authKeys.user, suspended);
				return true;
			}
			if (!isUnauthorized(error)) return false;
			toast({ title: "You are logged out. Logging in again...", variant: "error" });
			setTimeout(() => {
				forgetUser(queryClient);
				void navigate({ to: "/auth" });
			}, 500);
			return true;
		},
		[toast, setToast, navigate, queryClient],
	);
}
