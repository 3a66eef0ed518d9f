/**
 * Dollars to exactly `decimals` places, never fewer: a product's price or any sum of money to the cent
 * ("$3.40"). A fuel price goes through formatFuelPrice (./fuel.ts), which keeps spec §9's thousandths
 * ("$3.040"): a price that drops its last zero reads as another precision beside its neighbours.
 */
export function formatCurrency(value: number, decimals: 2 | 3 = 2) {
	return new Intl.NumberFormat("en-US", {
		style: "currency",
		currency: "USD",
		minimumFractionDigits: decimals,
		maximumFractionDigits: decimals,
	}).format(value);
}

export const initialsOf = (first?: string | null, last?: string | null, fallback = "?") =>
	`${first?.[0] ?? ""}${last?.[0] ?? ""}`.toUpperCase() || fallback.slice(0, 2).toUpperCase();

/** A reporter as the spec shows one: first name and last initial ("Maria G."). */
export function shortName(first?: string | null, last?: string | null, fallback = "A neighbour") {
	const initial = last?.trim()[0];
	const name = [first?.trim(), initial ? `${initial.toUpperCase()}.` : ""].filter(Boolean).join(" ");
	return name || fallback;
}

const MINUTE_MS = 60_000;

/**
 * When something happened, as the app says it everywhere: "just now", "5 min ago", "3 hr ago", "2 days ago",
 * and past a week the date ("Nov 3"). "never" for no time at all.
 */
export function timeAgo(iso: string | null, now = Date.now()): string {
	if (!iso) return "never";
	const ms = now - new Date(iso).getTime();
	if (!Number.isFinite(ms)) return "";
	const minutes = Math.floor(ms / MINUTE_MS);
	if (minutes < 1) return "just now";
	if (minutes < 60) return `${minutes} min ago`;
	const hours = Math.floor(minutes / 60);
	if (hours < 24) return `${hours} hr ago`;
	const days = Math.floor(hours / 24);
	if (days <= 7) return `${days} day${days === 1 ? "" : "s"} ago`;
	return new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric" });
}

/**
 * A price's age, as every price shows it: when it was reported ("2 hr ago"), or when a shopper last confirmed
 * it, if one did since ("Confirmed 5 min ago").
 */
export function seenAgo(report: { createdAt: string; seenAt: string }, now = Date.now()): string {
	const confirmed = Date.parse(report.seenAt) > Date.parse(report.createdAt);
	return confirmed ? `Confirmed ${timeAgo(report.seenAt, now)}` : timeAgo(report.createdAt, now);
}

/** Miles as a result shows them: "1.2 mi", or "In your ZIP" at 0; nothing when unknown. */
export function formatMiles(miles: number | null | undefined): string | null {
	if (miles === null || miles === undefined) return null;
	return miles === 0 ? "In your ZIP" : `${miles.toFixed(1)} mi`;
}
