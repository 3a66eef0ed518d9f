/**
 * The fuel the Gas page shows when the shopper looks at another than their saved one: only a view, kept while
 * the app is open (and in this tab across a reload), never saved to the profile. It is kept with the saved
 * fuel it was chosen against: once that changes (in Settings, or "Make … my default"), the page follows it.
 */
import { atom, useAtom } from "jotai";
import { useMemo } from "react";
import { loadDraft, saveDraft } from "../state/tabDrafts.ts";
import { FUEL_TYPES, type FuelType } from "./fuel.ts";

type View = { fuel: FuelType; against: FuelType };
const KEPT_AS = "gas-fuel";

const isFuel = (value: unknown): value is FuelType => FUEL_TYPES.includes(value as FuelType);
const isView = (value: unknown): value is View =>
	typeof value === "object" && value !== null && isFuel((value as View).fuel) && isFuel((value as View).against);

const viewAtom = atom<{ userId: string; view: View | null } | null>(null);

/** The fuel shown (the saved one unless the shopper looks at another), and how to look at one. */
export function useViewedFuel(userId: string | null, saved: FuelType) {
	const [entry, setEntry] = useAtom(viewAtom);
	const own = entry !== null && entry.userId === userId;
	const restored = useMemo(() => (own || !userId ? null : (loadDraft(KEPT_AS, userId, isView) ?? null)), [own, userId]);
	const view = own ? entry.view : restored;
	const fuel = view && view.against === saved ? view.fuel : saved;
	const show = (next: FuelType) => {
		if (!userId) return;
		const kept = next === saved ? null : { fuel: next, against: saved };
		setEntry({ userId, view: kept });
		saveDraft(KEPT_AS, userId, kept ?? undefined);
	};
	return [fuel, show] as const;
}
