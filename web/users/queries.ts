import { type QueryKey, queryOptions, useQueryClient } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import type { FuelType } from "../../db/enums.ts";
import type { CarInput } from "../../src/users/schemas.ts";
import { api, unwrap } from "../api/client.ts";
import { gasKeys } from "../api/gas-keys.ts";
import { useLastingMutation } from "../api/mutation.ts";
import { type AuthState, authKeys, type CurrentUser } from "../auth/index.ts";

export type UserSearchResult = InferResponseType<typeof api.users.search.$get, 200>[number];
export type PublicProfile = InferResponseType<(typeof api.users)[":username"]["profile"]["$get"], 200>;
export type TopContributor = InferResponseType<typeof api.users.top.$get, 200>["contributors"][number];
/** A price report's reporter as every report's read shape carries it (username: null while their profile is private). */
export type Reporter = InferResponseType<(typeof api)["price-reports"][":id"]["$get"], 200>["user"];

/** Everything under `all` reads other shoppers' pages, which a change of one's own privacy changes. */
export const userKeys = {
	all: ["users"] as const,
	search: ["users", "search"] as const,
	profile: ["users", "profile"] as const,
	top: ["users", "top"] as const,
};

/** Spec §7: user search results are kept for 5 minutes, then asked again when next shown. */
export const USER_SEARCH_STALE_MS = 5 * 60 * 1000;

export const userSearchQuery = (q: string) =>
	queryOptions({
		queryKey: [...userKeys.search, q] as const,
		queryFn: () => unwrap(api.users.search.$get({ query: { q } })),
		staleTime: USER_SEARCH_STALE_MS,
	});

/** A shopper's page. */
export const profileQuery = (username: string) =>
	queryOptions({
		queryKey: [...userKeys.profile, username.toLowerCase()] as const,
		queryFn: () => unwrap(api.users[":username"].profile.$get({ param: { username } })),
	});

/** Discover's top contributors near a zip. */
export const topContributorsQuery = (zipCode: string) =>
	queryOptions({
		queryKey: [...userKeys.top, zipCode] as const,
		queryFn: () => unwrap(api.users.top.$get({ query: { zipCode } })),
	});

/** Settings' words when a fuel choice (there or on the Gas page) is not saved. */
export const FUEL_FAILED = "Failed to update fuel preference. Please try again.";

/**
 * Every profile change answers the updated user: it becomes the current user at once, and the answers
 * worked out from it (under `invalidates`) are asked again. Changes sharing a `scope` are sent one after
 * another, so the last one chosen is the one that stays.
 */
function useProfileMutation<A>(
	call: (arg: A) => Promise<CurrentUser>,
	{ scope, invalidates = [] }: { scope?: string; invalidates?: QueryKey[] } = {},
) {
	const queryClient = useQueryClient();
	return useLastingMutation({
		mutationFn: call,
		...(scope ? { scope: { id: scope } } : {}),
		onSuccess: (user) => {
			queryClient.setQueryData(authKeys.user, { status: "authenticated", user } satisfies AuthState);
			for (const queryKey of invalidates) void queryClient.invalidateQueries({ queryKey });
		},
	});
}

export const useUpdateFuelPreference = () =>
	useProfileMutation(
		(preferredFuelType: FuelType) => unwrap(api.profile["fuel-preference"].$put({ json: { preferredFuelType } })),
		{ scope: "fuel-preference" },
	);

/** The stations' worth-the-drive figures are worked out from the car: they are asked again. */
export const useUpdateCar = () =>
	useProfileMutation((json: CarInput) => unwrap(api.profile.car.$put({ json })), {
		scope: "car",
		invalidates: [gasKeys.stations],
	});

export const useUpdatePhoto = () =>
	useProfileMutation((photoURL: string | null) => unwrap(api.profile.photo.$put({ json: { photoURL } })));

/** One's own page and the lists one is on show these settings: they are asked again. */
export const useUpdatePrivacy = () =>
	useProfileMutation(
		(json: { isPublicProfile?: boolean; showActivity?: boolean; creditOpenData?: boolean }) =>
			unwrap(api.profile.privacy.$put({ json })),
		{ invalidates: [userKeys.all] },
	);

export const useChangePassword = () =>
	useProfileMutation((json: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
		unwrap(api.profile.password.$put({ json })),
	);
