import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { USER_SEARCH_MAX_LENGTH } from "../../src/users/schemas.ts";
import { useSessionLost } from "../auth/index.ts";
import { Announcement, countOf } from "../components/Announcement.tsx";
import { AlertIcon, SearchIcon, UsersIcon } from "../components/icons.tsx";
import { SearchBox, SearchForm } from "../components/SearchBox.tsx";
import { SearchMessage } from "../components/SearchStates.tsx";
import { useDebounced } from "../components/useDebounced.ts";
import { useOnEachFailure } from "../components/useOnEachFailure.ts";
import { usePageTitle } from "../components/usePageTitle.ts";
import { type UserSearchResult, userSearchQuery } from "./queries.ts";
import { TopContributors } from "./TopContributors.tsx";
import { UserCard } from "./UserCard.tsx";

export const USER_SEARCH_FAILED = "Unable to search users right now. Please try again later.";
/** Spec §9. */
export const USER_SEARCH_DEBOUNCE_MS = 300;

/**
 * Discover (spec §2): other shoppers by name or username, searched as one types; before any search, the top
 * contributors near the shopper.
 */
export function DiscoverPage() {
	const [draft, setDraft] = useState("");
	const q = useDebounced(draft.trim(), USER_SEARCH_DEBOUNCE_MS);
	// Spec §5: the search only runs with a non-blank query.
	const results = useQuery({ ...userSearchQuery(q), enabled: q !== "" });
	const sessionLost = useSessionLost();
	usePageTitle("Discover");

	useOnEachFailure(results.error, sessionLost);

	return (
		<section aria-labelledby="discover-heading" className="flex flex-col gap-4">
			<div>
				<h1 id="discover-heading" className="text-2xl font-bold">
					Discover
				</h1>
				<p className="text-base-content/70">Find shoppers who share prices in your community.</p>
			</div>
			<SearchForm name="People" className="card bg-base-100 p-4 shadow-sm">
				<SearchBox
					id="user-search"
					label="Search users"
					enterKeyHint="search"
					autoCapitalize="none"
					placeholder="Search by name or username"
					maxLength={USER_SEARCH_MAX_LENGTH}
					value={draft}
					onChange={setDraft}
				/>
			</SearchForm>
			<Announcement text={peopleAnnouncement(q, results.data)} />
			<Results q={q} results={results} />
		</section>
	);
}

/** What a screen reader hears as the results of the typed search arrive. */
function peopleAnnouncement(q: string, data: readonly UserSearchResult[] | undefined) {
	if (!q || !data) return "";
	return data.length === 0
		? `No users found for “${q}”`
		: `${countOf(data.length, "shopper", "shoppers")} found for “${q}”`;
}

function Results({
	q,
	results,
}: {
	q: string;
	results: Pick<UseQueryResult<UserSearchResult[]>, "data" | "isError" | "refetch">;
}) {
	if (!q) {
		return (
			<>
				<SearchMessage icon={<UsersIcon className="size-6" />} title="Find shoppers near you" padding="py-8">
					Search by first name, last name or username to see who is sharing prices.
				</SearchMessage>
				<TopContributors />
			</>
		);
	}
	if (results.isError) {
		return (
			<SearchMessage icon={<AlertIcon className="size-6" />} title={USER_SEARCH_FAILED} tone="error">
				<button type="button" className="btn btn-sm btn-outline mt-2" onClick={() => void results.refetch()}>
					Try again
				</button>
			</SearchMessage>
		);
	}
	if (!results.data) {
		return (
			<div role="status" aria-label="Searching" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
				{[0, 1, 2].map((i) => (
					<div key={i} className="skeleton h-36 w-full" aria-hidden="true" />
				))}
				<span className="sr-only">Searching…</span>
			</div>
		);
	}
	if (results.data.length === 0) {
		return (
			<SearchMessage icon={<SearchIcon className="size-6" />} title="No users found">
				No one matches “{q}”. Try another name or username.
			</SearchMessage>
		);
	}
	return (
		<ul aria-label="People found" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
			{results.data.map((user) => (
				<li key={user.id}>
					<UserCard user={user} />
				</li>
			))}
		</ul>
	);
}
