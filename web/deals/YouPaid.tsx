import { useQuery } from "@tanstack/react-query";
import { formatCurrency } from "../components/format.ts";
import { useDebounced } from "../components/useDebounced.ts";
import { type LastPaid, lastPaidQuery } from "./queries.ts";

/** How long the typing must rest before the form asks what the shopper paid last. */
const SETTLE_MS = 400;

/** "Nov 3", with the year when it is not this one ("Nov 3, 2024"). */
function dayOf(iso: string, now = new Date()) {
	const at = new Date(iso);
	const sameYear = at.getFullYear() === now.getFullYear();
	return at.toLocaleDateString("en-US", { month: "short", day: "numeric", ...(sameYear ? {} : { year: "numeric" }) });
}

/** How the typical price now stands against the shopper's: "up $0.30", "down $0.10", "no change". */
function changeText(change: number) {
	if (Math.round(change * 100) === 0) return "no change";
	return `${change > 0 ? "up" : "down"} ${formatCurrency(Math.abs(change))}`;
}

/**
 * "You paid $3.49 at Corner Shop on Nov 3": a deal they took is what they paid, a price they reported is what they
 * reported (they may not have bought it).
 */
export function lastPriceText(last: Pick<NonNullable<LastPaid>, "source" | "price" | "storeName" | "paidAt">) {
	const verb = last.source === "deal" ? "You paid" : "You reported";
	return `${verb} ${formatCurrency(last.price)} at ${last.storeName} on ${dayOf(last.paidAt)}`;
}

/** "You paid $3.49 at Corner Shop on Nov 3 · typical now $3.79 (up $0.30)". */
export function youPaidText(last: NonNullable<LastPaid>) {
	const paid = lastPriceText(last);
	if (last.typicalNow === null) return paid;
	const change = last.change === null ? "" : ` (${changeText(last.change)})`;
	return `${paid} · typical now ${formatCurrency(last.typicalNow)}${change}`;
}

/**
 * The report form's reminder of the shopper's own last price of the product being reported. The live region is
 * always in the page (one that appears with its text is often not read); it says nothing while the product is
 * incomplete, while asking, when there is no earlier price, or when the question failed (a reminder, not a task).
 */
export function YouPaid({
	productName,
	categoryId,
	zipCode,
	className = "",
}: {
	productName: string;
	categoryId: string;
	/** Where the typical price is measured: the vacation zip, or the shopper's own when null. */
	zipCode: string | null;
	className?: string;
}) {
	const typed = JSON.stringify([productName.trim(), categoryId, zipCode]);
	// A string, not an object: a new object each render would never settle.
	const settled = useDebounced(typed, SETTLE_MS);
	const [name, category, zip] = JSON.parse(settled) as [string, string, string | null];
	const ready = name !== "" && category !== "";
	const last = useQuery({
		...lastPaidQuery({ productName: name, categoryId: category, zipCode: zip }),
		enabled: ready,
	});
	// Nothing while the typing has moved on: "Milk"'s price is not the one of "Milk chocolate" being typed.
	const text = ready && typed === settled && last.data ? youPaidText(last.data) : "";
	return (
		<p
			role="status"
			aria-live="polite"
			aria-atomic="true"
			className={`text-sm ${text ? `rounded-box bg-base-200 px-3 py-2 ${className}` : ""}`}
			data-testid="you-paid"
		>
			{text}
		</p>
	);
}
