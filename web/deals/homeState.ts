/**
 * What the Deals home shows, kept while the app is open: a look at the Gas page or Settings comes back to the
 * same tab and the same search, as a shopper expects of a bottom navigation (the page itself unmounts).
 * Each value is kept with the user it belongs to, so whoever signs in next on this tab starts afresh.
 */
import { atom, useAtom } from "jotai";
import { useCallback } from "react";
import type { SearchSort } from "../../src/deals/schemas.ts";

/** A value kept per signed-in user (never a function itself: a function passed to `set` updates it). */
function perUser<T>(fresh: T) {
  const kept = atom<{ userId: string; value: T } | null>(null);
  return (userId: string) => {
    const [entry, setEntry] = useAtom(kept);
    const value = entry?.userId === userId ? entry.value : fresh;
    // A function updates the value as it is then: a report still being sent finishes after its form is gone.
    const set = useCallback(
      (next: T | ((current: T) => T)) =>
        setEntry((prev) => {
          const current = prev?.userId === userId ? prev.value : fresh;
          return { userId, value: typeof next === "function" ? (next as (current: T) => T)(current) : next };
        }),
      [userId, setEntry],
    );
    return [value, set] as const;
  };
}

export type DealsTab = "find" | "report" | "alerts";
export const useDealsTab = perUser<DealsTab>("find");

/** `draft` is the box's text; `q` the search last run (the box may have changed since). */
export type DealsSearch = { draft: string; q: string; sort: SearchSort };
export const useDealsSearch = perUser<DealsSearch>({ draft: "", q: "", sort: "price" });

export const EMPTY_REPORT = {
  productName: "",
  price: "",
  categoryId: "",
  tags: [] as string[],
  description: "",
  storeName: "",
  storeAddress: "",
  storePhone: "",
  availability: "in-stock" as string,
  vacationMode: false,
  reportZipCode: "",
};
export type ReportValues = typeof EMPTY_REPORT;
/** Where a report being sent is: its photo uploading, then the report itself. */
export type ReportPhase = "uploading" | "submitting";

/** The report form as the shopper left it, its photo, and whether it is being sent (shown again on return). */
export type ReportDraft = { values: ReportValues; photo: File | null; phase: ReportPhase | null };
export const useReportDraft = perUser<ReportDraft>({ values: EMPTY_REPORT, photo: null, phase: null });
