import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import type { SearchSort } from "../../src/deals/schemas.ts";
import { clientSideText } from "../api/failure.ts";
import { currentUserQuery } from "../auth/queries.ts";
import { useSessionLost } from "../auth/useSessionLost.ts";
import { EnterZipButton } from "../auth/ZipCodeEditor.tsx";
import { Announcement, countOf } from "../components/Announcement.tsx";
import { AlertIcon, PinIcon, SearchIcon } from "../components/icons.tsx";
import { SearchBox, SearchForm } from "../components/SearchBox.tsx";
import { ResultsSkeleton, SearchMessage } from "../components/SearchStates.tsx";
import { SortSelect } from "../components/SortSelect.tsx";
import { useOnEachFailure } from "../components/useOnEachFailure.ts";
import { useToast } from "../state/toast.ts";
import { useDealsSearch } from "./homeState.ts";
import { type Report, SEARCH_SHOWN, searchQuery } from "./queries.ts";
import { ResultCard } from "./ResultCard.tsx";
import { SummaryCards } from "./SummaryCards.tsx";

export const SEARCH_FAILED_MESSAGE = "Search failed. Please try again.";
const QUICK_SEARCHES = ["Groceries", "Electronics", "Gas", "Restaurants"] as const;
const SORTS: readonly { value: SearchSort; label: string }[] = [
	{ value: "price", label: "Lowest Price" },
	{ value: "distance", label: "Distance" },
	{ value: "recent", label: "Recently Updated" },
];

/** Find Deals (spec §2): search near the user's zip, quick chips, a sort, the summary and the results. */
export function FindDeals() {
	const auth = useQuery(currentUserQuery);
	const user = auth.data?.status === "authenticated" ? auth.data.user : null;
	const zipCode = user?.zipCode ?? null;
	// Kept while the app is open: back from another page, the same search and its cached answer.
	const [kept, keep] = useDealsSearch(user?.id ?? "");
	const { draft, q, sort } = kept;
	const setDraft = (text: string) => keep({ ...kept, draft: text });
	const setSort = (next: SearchSort) => keep({ ...kept, sort: next });
	// Without a zip there is nothing "near" to search: the results ask for one instead of failing.
	const results = useQuery({ ...searchQuery({ q, sort, zipCode }), enabled: q !== "" && zipCode !== null });
	const toast = useToast();
	const sessionLost = useSessionLost();

	useOnEachFailure(results.error, (error) => {
		if (sessionLost(error)) return;
		toast({ title: SEARCH_FAILED_MESSAGE, description: clientReason(error), variant: "error" });
	});

	const search = (text: string) => {
		const words = text.trim();
		if (!words) return;
		keep({ ...kept, draft: words, q: words });
		// The same search again asks the server again: new reports may have come in.
		if (words === q) void results.refetch();
	};

	return (
		<div className="flex flex-col gap-4">
			<div className="card bg-base-100 shadow-sm">
				<div className="card-body gap-3 p-4">
					<SearchForm name="Deals" className="flex gap-2" onSearch={() => search(draft)}>
						<SearchBox
							id="deal-search"
							label="Search for a product"
							enterKeyHint="search"
							placeholder="Search milk, TVs, pizza…"
							maxLength={100}
							value={draft}
							onChange={setDraft}
						/>
						<button type="submit" className="btn btn-primary" disabled={!draft.trim()}>
							Search
						</button>
					</SearchForm>
					<div className="flex flex-wrap items-center justify-between gap-3">
						<ul className="flex flex-wrap gap-2" aria-label="Quick searches">
							{QUICK_SEARCHES.map((word) => (
								<li key={word}>
									<button
										type="button"
										className={`btn btn-sm rounded-full ${q === word ? "btn-primary" : "btn-outline border-base-300 font-normal"}`}
										onClick={() => search(word)}
									>
										{word}
									</button>
								</li>
							))}
						</ul>
						<SortSelect label="Sort by" options={SORTS} value={sort} onChange={setSort} />
					</div>
				</div>
			</div>
			<Announcement text={searchAnnouncement(q, results.data)} />
			<Results q={q} zipCode={zipCode} results={results} onRetry={() => void results.refetch()} />
		</div>
	);
}

/** What a screen reader hears when a search's answer arrives (its errors are alerts of their own). */
function searchAnnouncement(q: string, data: readonly Report[] | undefined) {
	if (!q || !data) return "";
	if (data.length === 0) return `No deals found for “${q}”`;
	if (data.length > SEARCH_SHOWN)
		return `More than ${SEARCH_SHOWN} deals found for “${q}”; showing the first ${SEARCH_SHOWN}`;
	return `${countOf(data.length, "deal", "deals")} found for “${q}”`;
}

/** The server's reason for a refused search (no zip code, say), or the network's; nothing for a failure on its side. */
const clientReason = clientSideText;

function Results({
	q,
	zipCode,
	results,
	onRetry,
}: {
	q: string;
	zipCode: string | null;
	results: Pick<UseQueryResult<Report[]>, "data" | "error" | "isError" | "isFetching">;
	onRetry: () => void;
}) {
	const resultsId = useId();
	if (!zipCode) {
		return (
			<SearchMessage icon={<PinIcon className="size-6" />} title="Set Your Location">
				<p>Add your zip code to find deals within 20 zip codes of you.</p>
				<EnterZipButton />
			</SearchMessage>
		);
	}
	const near = `within 20 zip codes of ${zipCode}`;
	if (!q) {
		return (
			<SearchMessage icon={<SearchIcon className="size-6" />} title="Find deals near you">
				Search for a product or tap a category to see what neighbours paid {near}.
			</SearchMessage>
		);
	}
	if (results.isError && !results.data) {
		return (
			<SearchMessage icon={<AlertIcon className="size-6" />} title={SEARCH_FAILED_MESSAGE} tone="error">
				{clientReason(results.error)}
				<button type="button" className="btn btn-sm btn-outline mt-2" onClick={onRetry}>
					Try again
				</button>
			</SearchMessage>
		);
	}
	if (!results.data) return <ResultsSkeleton />;
	const list = results.data.slice(0, SEARCH_SHOWN);
	// Best Deal goes to the first result that may wear it: a stale, flagged, sold-out or unconfirmed unusual price
	// does not, even when it comes first.
	const bestId = list.find((report) => report.bestDeal)?.id;
	// The region stays when its last card goes: a card whose word takes it off the list sends the focus here.
	return (
		<section
			id={resultsId}
			tabIndex={-1}
			aria-label="Search results"
			aria-busy={results.isFetching}
			className="flex flex-col gap-4"
		>
			{list.length === 0 ? (
				<SearchMessage icon={<SearchIcon className="size-6" />} title="No deals found">
					Nobody has reported “{q}” {near} yet. Try other words, or be the first: report a price you found.
				</SearchMessage>
			) : (
				<>
					<SummaryCards results={list} more={results.data.length > list.length} />
					<div className="grid grid-cols-1 gap-4 md:grid-cols-2">
						{list.map((report) => (
							<ResultCard key={report.id} report={report} best={report.id === bestId} homeId={resultsId} />
						))}
					</div>
				</>
			)}
		</section>
	);
}
