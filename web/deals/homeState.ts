/**
 * What the Deals home shows, kept while the app is open: a look at the Gas page or Settings comes back to the
 * same tab and the same search, as a shopper expects of a bottom navigation (the page itself unmounts).
 * Each value is kept with the user it belongs to, so whoever signs in next on this tab starts afresh.
 */
import { atom, useAtom } from "jotai";
import { useCallback, useMemo } from "react";
import type { CHIP_GROUPS } from "../../db/taxonomy.ts";
import type { SearchSort } from "../../src/deals/schemas.ts";
import { loadDraft, saveDraft } from "../state/tabDrafts.ts";

/** Where a value also lives beyond the page (a reload), beside the in-memory atom. */
type Keeping<T> = { restore: (userId: string) => T | undefined; keep: (userId: string, value: T) => void };

/** A value kept per signed-in user (never a function itself: a function passed to `set` updates it). */
function perUser<T>(fresh: T, keeping?: Keeping<T>) {
	const kept = atom<{ userId: string; value: T } | null>(null);
	const start = (userId: string) => keeping?.restore(userId) ?? fresh;
	return (userId: string) => {
		const [entry, setEntry] = useAtom(kept);
		const own = entry?.userId === userId;
		const restored = useMemo(() => (own ? fresh : start(userId)), [own, userId]);
		const value = own ? entry.value : restored;
		// A function updates the value as it is then: a report still being sent finishes after its form is gone.
		const set = useCallback(
			(next: T | ((current: T) => T)) =>
				setEntry((prev) => {
					const current = prev?.userId === userId ? prev.value : start(userId);
					const value = typeof next === "function" ? (next as (current: T) => T)(current) : next;
					keeping?.keep(userId, value);
					return { userId, value };
				}),
			[userId, setEntry],
		);
		return [value, set] as const;
	};
}

/** Kept in this tab's sessionStorage too, under `name`, while it differs from where it starts. */
function inTab<T>(name: string, fresh: T, isValid: (value: unknown) => value is T): Keeping<T> {
	const isFresh = (value: T) => JSON.stringify(value) === JSON.stringify(fresh);
	return {
		restore: (userId) => loadDraft(name, userId, isValid),
		keep: (userId, value) => saveDraft(name, userId, isFresh(value) ? undefined : value),
	};
}

const TABS = ["find", "report", "alerts"] as const;
export type DealsTab = (typeof TABS)[number];
export const useDealsTab = perUser<DealsTab>(
	"find",
	inTab("tab", "find", (value): value is DealsTab => TABS.includes(value as DealsTab)),
);

// The API's list of sorts, written out: importing it would bring the API's schemas into the page.
const SORTS = ["price", "distance", "recent"] as const satisfies readonly SearchSort[];
/** The quick chips' filters: the category groups (db/taxonomy.ts CHIP_GROUPS), written out for the same reason. */
export const CHIP_FILTERS = ["groceries", "electronics", "restaurants"] as const satisfies typeof CHIP_GROUPS;
export type ChipFilter = (typeof CHIP_FILTERS)[number];
/** A search widened past the neighbourhood, to reach a quiet town's nearest reports: how many areas, how far. */
export type Widened = { areas: number; miles: number };
/**
 * `draft` is the box's text; `q` the words of the search last run (the box may have changed since), `filter`
 * its chip, and `widened` how far it reaches when the shopper asked to go past the neighbourhood.
 */
export type DealsSearch = {
	draft: string;
	q: string;
	sort: SearchSort;
	filter: ChipFilter | null;
	widened: Widened | null;
};
const NO_SEARCH: DealsSearch = { draft: "", q: "", sort: "price", filter: null, widened: null };
const isWidened = (value: unknown): value is Widened | null => {
	if (value === null) return true;
	const kept = value as Partial<Widened> | undefined;
	return Number.isInteger(kept?.areas) && typeof kept?.miles === "number";
};
export const useDealsSearch = perUser<DealsSearch>(
	NO_SEARCH,
	inTab("search", NO_SEARCH, (value): value is DealsSearch => {
		const kept = value as Partial<DealsSearch> | null;
		return (
			typeof kept?.draft === "string" &&
			typeof kept.q === "string" &&
			SORTS.includes(kept.sort as SearchSort) &&
			(kept.filter === null || CHIP_FILTERS.includes(kept.filter as ChipFilter)) &&
			isWidened(kept.widened)
		);
	}),
);

export const EMPTY_REPORT = {
	productName: "",
	price: "",
	categoryId: "",
	tags: [] as string[],
	description: "",
	storeName: "",
	storeAddress: "",
	storePhone: "",
	storeZipCode: "",
	availability: "in-stock" as string,
	vacationMode: false,
	reportZipCode: "",
	priceType: "regular" as string,
	saleEnds: "",
	multiBuyQuantity: "",
};
export type ReportValues = typeof EMPTY_REPORT;
/** Where a report being sent is: its photo uploading, then the report itself. */
export type ReportPhase = "uploading" | "submitting";

/** The report form as the shopper left it, its photo, and whether it is being sent (shown again on return). */
export type ReportDraft = { values: ReportValues; photo: File | null; phase: ReportPhase | null };
/** The typed values outlive a reload (the photo and a send under way do not: a File cannot be kept there). */
const reportValuesInTab = inTab("report", EMPTY_REPORT, (value): value is ReportValues => {
	if (typeof value !== "object" || value === null) return false;
	const kept = value as Record<string, unknown>;
	return Object.entries(EMPTY_REPORT).every(([key, empty]) =>
		Array.isArray(empty)
			? Array.isArray(kept[key]) && (kept[key] as unknown[]).every((tag) => typeof tag === "string")
			: typeof kept[key] === typeof empty,
	);
});
export const useReportDraft = perUser<ReportDraft>(
	{ values: EMPTY_REPORT, photo: null, phase: null },
	{
		restore: (userId) => {
			const values = reportValuesInTab.restore(userId);
			return values && { values, photo: null, phase: null };
		},
		keep: (userId, { values }) => reportValuesInTab.keep(userId, values),
	},
);
