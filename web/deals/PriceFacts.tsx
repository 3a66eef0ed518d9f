/** What a result card says beside its price: the size and its unit price, and the store's other reports. */
import { formatSize, formatUnitPrice, perUnitOf, spokenUnitPrice, unitPrice } from "../../src/lib/unit-price.ts";
import { formatCurrency, timeAgo } from "../components/format.ts";
import { UsersIcon } from "../components/icons.tsx";
import type { Report } from "./queries.ts";

/** The size and its unit price, beside the price: "64 fl oz · $0.055/fl oz" (a screen reader hears "per"). */
export function UnitPrice({ price, size }: { price: number; size: NonNullable<Report["size"]> }) {
	const amount = unitPrice(price, size);
	const per = perUnitOf(size.unit);
	return (
		<p className="text-xs text-base-content/70">
			<span aria-hidden="true" data-testid="result-unit-price">
				{formatSize(size)} · {formatUnitPrice(amount, per)}
			</span>
			<span className="sr-only">
				{formatSize(size)}, {spokenUnitPrice(amount, per)}
			</span>
		</p>
	);
}

/**
 * What the store's other reports of the product say, near the price: "3 reports agree · latest 7 min ago", or
 * "3 reports · 2 agree on $3.49 · latest 7 min ago" when they differ.
 */
export function storeReportsText(storeReports: NonNullable<Report["storeReports"]>, price: number) {
	const { reports, agreeing } = storeReports;
	if (agreeing >= reports) return `${reports} reports agree`;
	return `${reports} reports · ${agreeing} ${agreeing === 1 ? "agrees" : "agree"} on ${formatCurrency(price)}`;
}

/** The store's reports of the card's product, near its price, with the latest one's age. */
export function StoreReportsLine({
	storeReports,
	price,
}: {
	storeReports: NonNullable<Report["storeReports"]>;
	price: number;
}) {
	return (
		<p className="-mt-1 flex items-start gap-1.5 text-sm" data-testid="result-store-reports">
			<UsersIcon className="mt-0.5 size-4 shrink-0 text-base-content/70" />
			<span>
				{storeReportsText(storeReports, price)}
				{" · latest "}
				<time dateTime={storeReports.latestAt}>{timeAgo(storeReports.latestAt)}</time>
			</span>
		</p>
	);
}
