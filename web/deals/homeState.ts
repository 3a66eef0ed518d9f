/**
 * What the Deals home shows, kept while the app is open: a look at the Gas page or Settings comes back to the
 * same tab and the same search, as a shopper expects of a bottom navigation (the page itself unmounts).
 * Each value is kept with the user it belongs to, so whoever signs in next on this tab starts afresh.
 */
import { atom, useAtom } from "jotai";
import { useCallback } from "react";
import type { SearchSort } from "../../src/deals/schemas.ts";

function perUser<T>(fresh: T) {
  const kept = atom<{ userId: string; value: T } | null>(null);
  return (userId: string) => {
    const [entry, setEntry] = useAtom(kept);
    const value = entry?.userId === userId ? entry.value : fresh;
    const set = useCallback((next: T) => setEntry({ userId, value: next }), [userId, setEntry]);
    return [value, set] as const;
  };
}

export type DealsTab = "find" | "report" | "alerts";
export const useDealsTab = perUser<DealsTab>("find");

/** `draft` is the box's text; `q` the search last run (the box may have changed since). */
export type DealsSearch = { draft: string; q: string; sort: SearchSort };
export const useDealsSearch = perUser<DealsSearch>({ draft: "", q: "", sort: "price" });
