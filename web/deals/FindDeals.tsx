import { useQuery } from "@tanstack/react-query";
import type { SearchSort } from "../../src/deals/schemas.ts";
import { NEAREST_AREAS } from "../../src/lib/near-areas.ts";
import { clientSideText } from "../api/failure.ts";
import { useOnline } from "../app/useOnline.ts";
import { currentUserQuery, useSessionLost } from "../auth/index.ts";
import { Announcement } from "../components/Announcement.tsx";
import { SearchBox, SearchForm } from "../components/SearchBox.tsx";
import { SortSelect } from "../components/SortSelect.tsx";
import { ScanButton } from "../components/scan/ScanButton.tsx";
import { useOnEachFailure } from "../components/useOnEachFailure.ts";
import { HomeFeed } from "../feed/index.ts";
import { useToast } from "../state/toast.ts";
import {
	type ChipFilter,
	type DealsSearch,
	EMPTY_REPORT,
	useDealsSearch,
	useDealsTab,
	useReportDraft,
	type Widened,
} from "./homeState.ts";
import { type Report, SEARCH_SHOWN, searchQuery } from "./queries.ts";
import { FILTER_LABEL, SearchChips } from "./SearchChips.tsx";
import { OFFLINE_SEARCH_MESSAGE, SEARCH_FAILED_MESSAGE, SearchResults } from "./SearchResults.tsx";

const SORTS: readonly { value: SearchSort; label: string }[] = [
	{ value: "price", label: "Lowest Price" },
	{ value: "distance", label: "Distance" },
	{ value: "recent", label: "Recently Updated" },
];

/** Where the report form's field is, once its tab shows (the form is ReportPriceForm's). */
const reportField = (name: "productName" | "price") =>
	document.querySelector<HTMLElement>(`form[aria-label="Report a price"] [name="${name}"]`);

/**
 * Find Deals (spec §2): search near the user's zip, quick chips that filter by a category group, a
 * sort, the summary and the results; an empty search offers what to do next.
 */
export function FindDeals() {
	const auth = useQuery(currentUserQuery);
	const user = auth.data?.status === "authenticated" ? auth.data.user : null;
	const userId = user?.id ?? "";
	const zipCode = user?.zipCode ?? null;
	// Kept while the app is open: back from another page, the same search and its cached answer.
	const [kept, keep] = useDealsSearch(userId);
	const [, setTab] = useDealsTab(userId);
	const [, setReportDraft] = useReportDraft(userId);
	const { draft, q, sort, filter, widened } = kept;
	const online = useOnline();
	// An emptied box ends the words' search (a chip's stays): with neither, the home feed is back.
	const setDraft = (text: string) => keep({ ...kept, draft: text, ...(text.trim() === "" ? { q: "" } : {}) });
	const setSort = (next: SearchSort) => keep({ ...kept, sort: next });
	const wanted = q !== "" || filter !== null;
	// Without a zip there is nothing "near" to search: the results ask for one instead of failing.
	const asked = { q, category: filter, zipCode, areas: widened?.areas ?? NEAREST_AREAS };
	const results = useQuery({ ...searchQuery({ ...asked, sort }), enabled: wanted && zipCode !== null });
	// Best Deal is the whole set's: when the page holds only part of it in another order, the same search by
	// price (the list the Lowest Price sort shows) says which is the cheapest.
	const partial = sort !== "price" && (results.data?.length ?? 0) > SEARCH_SHOWN;
	const cheapest = useQuery({ ...searchQuery({ ...asked, sort: "price" }), enabled: wanted && partial });
	const toast = useToast();
	const sessionLost = useSessionLost();

	useOnEachFailure(results.error, (error) => {
		if (sessionLost(error)) return;
		toast({ title: SEARCH_FAILED_MESSAGE, description: clientSideText(error), variant: "error" });
	});

	/** Runs a search; the same one again asks the server again (new reports may have come in). */
	const run = (next: DealsSearch) => {
		keep(next);
		const same = next.q === q && next.filter === filter && next.widened?.areas === widened?.areas;
		if (same && (next.q !== "" || next.filter !== null)) void results.refetch();
	};
	const search = (text: string) => {
		const words = text.trim();
		if (words) run({ ...kept, draft: words, q: words, widened: null });
	};
	// A chip searches at once, with the words in the box or none; pressed again, it drops its filter.
	const toggle = (chip: ChipFilter) => {
		const words = draft.trim();
		run({ ...kept, draft: words, q: words, filter: filter === chip ? null : chip, widened: null });
	};
	const widen = (to: Widened | null) => keep({ ...kept, widened: to });
	// The same words in every category (none: the search ends, and the home feed is back).
	const clearFilter = () => run({ ...kept, filter: null, widened: null });
	const report = () => {
		// A half-filled report of another product starts afresh: its price and store were not this product's.
		if (q)
			setReportDraft((d) =>
				d.values.productName.trim().toLowerCase() === q.toLowerCase()
					? d
					: { ...d, values: { ...EMPTY_REPORT, productName: q } },
			);
		setTab("report");
		// The tab's panel shows on the next paint; the first field still to fill takes the focus.
		requestAnimationFrame(() => reportField(q ? "price" : "productName")?.focus());
	};

	const feed = !wanted && zipCode !== null;
	return (
		<div
			className={`flex flex-col gap-4 ${feed ? "lg:grid lg:grid-cols-2 lg:grid-rows-[auto_auto_1fr] lg:items-start" : ""}`}
		>
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
						{/* A code read goes straight to its prices near the shopper. */}
						<ScanButton onCode={search} />
						<button type="submit" className="btn btn-primary" disabled={!draft.trim()}>
							Search
						</button>
					</SearchForm>
					<div className="flex flex-wrap items-center justify-between gap-3">
						<SearchChips filter={filter} onToggle={toggle} />
						<SortSelect label="Sort by" options={SORTS} value={sort} onChange={setSort} />
					</div>
				</div>
			</div>
			<Announcement text={searchAnnouncement(kept, results.data, online)} />
			<SearchResults
				search={kept}
				zipCode={zipCode}
				results={results}
				byPrice={{ needed: partial, data: cheapest.data }}
				online={online}
				onRetry={() => void results.refetch()}
				onWiden={widen}
				onClearFilter={clearFilter}
				onReport={report}
				onShowAlerts={() => setTab("alerts")}
			/>
			{/* What is good nearby today, until the shopper asks for something of their own: after the search on
			    a phone (the box in the first screen), beside the search and its prompt on a wide screen. */}
			{feed && (
				<div className="lg:col-start-2 lg:row-span-3 lg:row-start-1">
					<HomeFeed zipCode={zipCode} onReportPrice={report} />
				</div>
			)}
		</div>
	);
}

/** What a screen reader hears when a search's answer arrives (its errors are alerts of their own). */
function searchAnnouncement({ q, filter, widened }: DealsSearch, data: readonly Report[] | undefined, online: boolean) {
	if (!q && !filter) return "";
	if (!data) return online ? "" : OFFLINE_SEARCH_MESSAGE;
	const deals = (n: number) => `${filter ? `${FILTER_LABEL[filter]} ` : ""}${n === 1 ? "deal" : "deals"}`;
	const scope = `${q ? ` for “${q}”` : ""}${widened ? ` within ${widened.miles} miles` : ""}`;
	if (data.length === 0) return `No ${deals(0)} found${scope}`;
	if (data.length > SEARCH_SHOWN)
		return `More than ${SEARCH_SHOWN} ${deals(SEARCH_SHOWN)} found${scope}; showing the first ${SEARCH_SHOWN}`;
	return `${data.length} ${deals(data.length)} found${scope}`;
}
