import type { UseQueryResult } from "@tanstack/react-query";
import { useId } from "react";
import { clientSideText } from "../api/failure.ts";
import { EnterZipButton } from "../auth/index.ts";
import { AlertIcon, PinIcon, SearchIcon } from "../components/icons.tsx";
import { OfflineSearch, ResultsSkeleton, SearchMessage } from "../components/SearchStates.tsx";
import { BestElsewhere } from "./BestElsewhere.tsx";
import { bestDealId } from "./best-deal.ts";
import { EmptySearch } from "./EmptySearch.tsx";
import type { DealsSearch, Widened } from "./homeState.ts";
import { type Report, SEARCH_SHOWN } from "./queries.ts";
import { ResultCard } from "./ResultCard.tsx";
import { ActiveFilter } from "./SearchChips.tsx";
import { SummaryCards } from "./SummaryCards.tsx";

export const SEARCH_FAILED_MESSAGE = "Search failed. Please try again.";
export const OFFLINE_SEARCH_MESSAGE = "You're offline: the search will run when you're back online";

type Props = {
	search: DealsSearch;
	zipCode: string | null;
	results: Pick<UseQueryResult<Report[]>, "data" | "error" | "isError" | "isFetching">;
	/**
	 * The same search sorted by price, when the page does not hold the whole set (another sort, more matches
	 * than shown): Best Deal is the set's, found there (`data` is
	 * undefined while it is asked for).
	 */
	byPrice?: { needed: boolean; data: Report[] | undefined };
	online: boolean;
	onRetry: () => void;
	onWiden: (widened: Widened | null) => void;
	/** Drops the chip's filter and runs the same words again. */
	onClearFilter: () => void;
	onReport: () => void;
	onShowAlerts: () => void;
};

/** Find Deals' answer: the prompt, the search under way, offline or failed, nothing found, or the results. */
export function SearchResults({
	search,
	zipCode,
	results,
	byPrice,
	online,
	onRetry,
	onWiden,
	onClearFilter,
	onReport,
	onShowAlerts,
}: Props) {
	const resultsId = useId();
	const { q, filter, widened } = search;
	if (!zipCode) {
		return (
			<SearchMessage icon={<PinIcon className="size-6" />} title="Set Your Location">
				<p>Add your zip code to find deals within 20 zip codes of you.</p>
				<EnterZipButton />
			</SearchMessage>
		);
	}
	if (!q && !filter) {
		return (
			<SearchMessage icon={<SearchIcon className="size-6" />} title="Find deals near you">
				Search for a product or tap a category to see what neighbours paid within 20 zip codes of {zipCode}.
			</SearchMessage>
		);
	}
	// Widening, or coming back near, replaces what was shown: the focus goes to the region that stays.
	const reach = (to: Widened | null) => {
		onWiden(to);
		requestAnimationFrame(() => document.getElementById(resultsId)?.focus());
	};
	// So does dropping the filter; with no words left there is no search, and the box takes the focus.
	const unfilter = () => {
		onClearFilter();
		requestAnimationFrame(() =>
			(document.getElementById(resultsId) ?? document.getElementById("deal-search"))?.focus(),
		);
	};
	const list = results.data?.slice(0, SEARCH_SHOWN);
	// Best Deal: the lowest price (or unit price, when sizes compare) among the set's results that may wear it.
	// When the page holds only part of the set, none is badged until the cheapest of the set is known.
	const pool = byPrice?.needed ? byPrice.data?.slice(0, SEARCH_SHOWN) : list;
	const bestId = pool && bestDealId(pool);
	const elsewhere = list?.some((r) => r.id === bestId) ? undefined : pool?.find((r) => r.id === bestId);
	// The region stays when its last card goes: a card whose word takes it off the list sends the focus here.
	return (
		<section
			id={resultsId}
			tabIndex={-1}
			aria-label="Search results"
			aria-busy={results.isFetching}
			className="flex flex-col gap-4 outline-none"
		>
			{widened && (
				<div className="flex flex-wrap items-center justify-between gap-2 rounded-box bg-base-100 px-4 py-2 shadow-sm">
					<p className="flex items-center gap-1 text-sm">
						<PinIcon className="size-4 shrink-0" />
						Showing deals within {widened.miles} miles of {zipCode}
					</p>
					<button type="button" className="btn btn-sm btn-ghost" onClick={() => reach(null)}>
						Back to deals near me
					</button>
				</div>
			)}
			{filter && <ActiveFilter filter={filter} onClear={unfilter} />}
			{!list && !online ? (
				<OfflineSearch>The search will run when you're back online.</OfflineSearch>
			) : results.isError && !results.data ? (
				<SearchMessage icon={<AlertIcon className="size-6" />} title={SEARCH_FAILED_MESSAGE} tone="error">
					{clientSideText(results.error)}
					<button type="button" className="btn btn-sm btn-outline mt-2" onClick={onRetry}>
						Try again
					</button>
				</SearchMessage>
			) : !list ? (
				<ResultsSkeleton />
			) : list.length === 0 ? (
				<EmptySearch
					q={q}
					filter={filter}
					zipCode={zipCode}
					widened={widened}
					online={online}
					onReport={onReport}
					onShowAlerts={onShowAlerts}
					onWiden={reach}
					onSearchAll={unfilter}
				/>
			) : (
				<>
					<SummaryCards results={list} more={(results.data?.length ?? 0) > list.length} />
					{elsewhere && <BestElsewhere report={elsewhere} />}
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
