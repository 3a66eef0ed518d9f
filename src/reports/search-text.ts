/**
 * What search finds a price report by: the words of its product name, tags, category and description, lower-cased
 * and separated by single spaces (db/schema/reports.ts, price_reports.search_text). The search index's triggers glue each
 * word to the report's place; a word is a run of letters, digits and marks, as SQLite's unicode61 tokenizer
 * reads one, so the words stored are the words the index holds.
 */
import { gtinKey } from "../lib/gtin.ts";

const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;

/** The words of a text, lower-cased, in order. */
export const searchWords = (text: string): string[] => text.toLowerCase().match(WORD) ?? [];

/**
 * The index term that filters by a category or a category group: U+E000, a private-use character that the
 * tokenizer keeps in a word but no typed query word contains, then the slug without its hyphens.
 */
export const filterTerm = (slug: string): string => `\u{E000}${slug.replace(/-/g, "")}`;

/** A shopper's words with the private-use characters taken out: only filter terms may carry them. */
const shopperWords = (text: string): string[] => searchWords(text.replace(/\p{Co}/gu, " "));

/**
 * A report's search text: its words, one space apart, then the filter terms of its category and group, and its
 * barcode's term (src/lib/gtin.ts gtinKey) when it has one.
 */
export function searchText(report: {
	productName: string;
	tags: readonly string[];
	categoryName: string;
	categorySlug: string;
	groupSlug: string | null;
	description: string | null;
	barcode?: string | null;
}): string {
	const text = [report.productName, ...report.tags, report.categoryName, report.description ?? ""].join(" ");
	const filters = [report.categorySlug, ...(report.groupSlug ? [report.groupSlug] : [])].map(filterTerm);
	return [...shopperWords(text), ...filters, ...(report.barcode ? [gtinKey(report.barcode)] : [])].join(" ");
}
