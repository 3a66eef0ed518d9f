/** What the history pages say in words: the windows, the days, and the summary a screen reader hears. */
import type { FuelHistory, NotedPrice, ProductHistory } from "../../src/history/index.ts";
import { plural } from "../../src/lib/plural.ts";
import { termsLabel } from "../components/PriceTerms.tsx";

/** "Nov 3", with the year when it is not this one ("Nov 3, 2024"). */
export function dayOf(iso: string, now = new Date()) {
	const at = new Date(iso);
	const sameYear = at.getFullYear() === now.getFullYear();
	return at.toLocaleDateString("en-US", { month: "short", day: "numeric", ...(sameYear ? {} : { year: "numeric" }) });
}

/** A window as its chooser names it: "30 days", "1 year". */
export const windowLabel = (days: number) => (days === 365 ? "1 year" : `${days} days`);

/** The window in a sentence: "the last 90 days", "the last year". */
export const lastWindow = (days: number) => (days === 365 ? "the last year" : `the last ${days} days`);

/** Each figure of a summary with its window: "Lowest in the last 90 days", "Typical over the last year". */
export const figureTitles = (days: number) => ({
	lowest: `Lowest in ${lastWindow(days)}`,
	typical: `Typical over ${lastWindow(days)}`,
	highest: `Highest in ${lastWindow(days)}`,
});

/**
 * How the shopper's last price stands against the page's typical price, `change` being typical minus theirs:
 * "$0.20 under typical over the last 90 days", "$0.10 above …", "same as …".
 */
export function againstTypicalText(change: number, days: number, money: (value: number) => string) {
	const window = `typical over ${lastWindow(days)}`;
	const cents = Math.round(change * 100);
	if (cents === 0) return `same as ${window}`;
	return `${money(Math.abs(cents) / 100)} ${cents > 0 ? "under" : "above"} ${window}`;
}

/** What a noted price asks, in a sentence's brackets: " (member price)", " (2 for $5.00)"; nothing if regular. */
export function asksText(p: NotedPrice) {
	const label = termsLabel(p);
	return label ? ` (${label.charAt(0).toLowerCase()}${label.slice(1)})` : "";
}

/**
 * The product chart in one sentence: "Over the last 90 days, 12 reports at 4 stores near 10001: lowest $2.99
 * (member price) at Corner Shop on Nov 3, typical $3.49, highest $3.99 at Main Market on Oct 2."
 */
export function productSummaryText(
	history: {
		days: number;
		zipCode: string;
		summary: ProductHistory["summary"];
	},
	money: (value: number) => string,
) {
	const { reports, lowest, typical, highest } = history.summary;
	const noted = (p: NotedPrice) => `${money(p.price)}${asksText(p)} at ${p.storeName} on ${dayOf(p.reportedAt)}`;
	const figures = [
		lowest && `lowest ${noted(lowest)}`,
		typical !== null && `typical ${money(typical)}`,
		highest && `highest ${noted(highest)}`,
	].filter(Boolean);
	const where = `${plural(reports, "report")} at ${plural(history.summary.stores, "store")} near ${history.zipCode}`;
	return `Over ${lastWindow(history.days)}, ${where}: ${figures.join(", ")}.`;
}

/** A fuel's chart in one sentence: "Over the last 30 days, 8 reports of Regular: lowest $3.199, typical …". */
export function fuelSummaryText(
	fuelLabel: string,
	days: number,
	summary: FuelHistory["summary"],
	money: (value: number) => string,
) {
	const figures = [
		summary.lowest !== null && `lowest ${money(summary.lowest)}`,
		summary.typical !== null && `typical ${money(summary.typical)}`,
		summary.highest !== null && `highest ${money(summary.highest)}`,
	].filter(Boolean);
	return `Over ${lastWindow(days)}, ${plural(summary.reports, "report")} of ${fuelLabel} at this station: ${figures.join(", ")}.`;
}
