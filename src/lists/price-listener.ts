/**
 * How lists' alerts hear of a written price (reports/events.ts): inside the write, a note of where and what
 * was priced, plain data that may cross from the writer thread; once committed, on the request thread, the
 * runtime's watch gathers the notes and plans the lists they concern (alert-watch.ts). Subscribed by the same
 * name on both threads; the writer thread's side imports nothing of the feature.
 */
import type { PriceListener } from "../reports/index.ts";

/** A product price just written: its place's location token, the product's name and category. */
export type ListPriceNote = { loc: string; name: string; categoryId: number };

export function listAlertNotes(watch?: { heard(notes: ListPriceNote[]): void }): PriceListener<ListPriceNote> {
	return {
		name: "list-alerts",
		written: (_tx, price) =>
			price.market === "product"
				? [{ loc: price.place.locToken, name: price.productName, categoryId: price.categoryId }]
				: [],
		...(watch && { committed: (notes: ListPriceNote[]) => watch.heard(notes) }),
	};
}
