import type { InferResponseType } from "hono/client";
import { type ComponentType, type ReactNode, useId } from "react";
import type { api } from "../api/client.ts";
import { formatCurrency, seenAgo, shortName } from "./format.ts";
import { formatFuelPrice, unitOf } from "./fuel.ts";
import { PAYMENT_LABEL } from "./PriceTerms.tsx";

/** A fuel price report as the server sends it: one of a station's latest, or of the nearby list. */
export type FuelReport = InferResponseType<
	(typeof api.gas.stations)[":id"]["history"]["$get"],
	200
>["recentReports"][number];

/** What the bar under a row takes (the feedback feature's, where a shopper confirms or corrects the price). */
type FeedbackProps<R> = {
	target: "fuel";
	report: R;
	describedBy: string;
	homeId: string;
	formatPrice: (price: number) => string;
};

/** How a page fills each row in: what names it, and what stands around the fuel's price and byline. */
type RowParts<R> = {
	/** What names the report, and so what its feedback buttons say they are for. */
	name: (report: R) => ReactNode;
	/** Before the name (the Gas page's star). */
	lead?: (report: R) => ReactNode;
	/** Between the name and the byline (where the station is). */
	place?: (report: R) => ReactNode;
	/** Under the byline (the link to the station's prices). */
	more?: (report: R) => ReactNode;
	/** Before the price, beside the sold-out badge (the fuel's own badge). */
	badge?: (report: R) => ReactNode;
	Feedback: ComponentType<FeedbackProps<R>>;
	/** The class of secondary text, as the page around the card has it. */
	muted: string;
	/** Prices in figures of one width, as the station page's tables have them. */
	tabularPrices?: boolean;
	/** The rows' test id, and the start of their parts' (`-price`, `-time`, `-sold-out`, `-def`). */
	testId: string;
};

/**
 * The card of the latest fuel prices, newest first: each with who reported it and when, and the row that lets
 * a shopper confirm or correct it. The Gas page's names each report's station; a station's page names its fuel.
 */
export function FuelReports<R extends FuelReport>({
	reports,
	instead,
	empty,
	...parts
}: RowParts<R> & {
	reports: readonly R[];
	/** Shown in the list's place while it loads, or once it failed. */
	instead?: ReactNode;
	/** What the card says when nothing is reported, and its test id. */
	empty: { text: string; testId: string };
}) {
	const headingId = useId();
	return (
		<section aria-labelledby={headingId} className="card bg-base-100 shadow-sm">
			<div className="card-body gap-3 p-4">
				{/* Focusable for a word that takes a report off the list: the heading stays as its row goes. */}
				<h2 id={headingId} tabIndex={-1} className="font-semibold">
					Recent Reports
				</h2>
				{instead ??
					(reports.length === 0 ? (
						<p className={`text-sm ${parts.muted}`} data-testid={empty.testId}>
							{empty.text}
						</p>
					) : (
						<ul className="flex flex-col divide-y divide-base-300">
							{reports.map((r) => (
								<FuelReportRow key={r.id} report={r} headingId={headingId} {...parts} />
							))}
						</ul>
					))}
			</div>
		</section>
	);
}

function FuelReportRow<R extends FuelReport>({
	report: r,
	headingId,
	name,
	lead,
	place,
	more,
	badge,
	Feedback,
	muted,
	tabularPrices = false,
	testId,
}: RowParts<R> & { report: R; headingId: string }) {
	const fuel = r.fuelType;
	const labelId = `${headingId}-${r.id}`;
	return (
		<li className="flex flex-col gap-2 py-2 first:pt-0 last:pb-0" data-testid={testId}>
			<div className="flex items-start justify-between gap-3">
				{lead?.(r)}
				<div className="min-w-0 flex-1">
					<p id={labelId} className="truncate font-medium">
						{name(r)}
					</p>
					{place?.(r)}
					<p className={`text-xs ${muted}`}>
						by {shortName(r.user.firstName, r.user.lastName)} ·{" "}
						<time dateTime={r.seenAt} data-testid={`${testId}-time`}>
							{seenAgo(r)}
						</time>
					</p>
					{more?.(r)}
				</div>
				<div className="shrink-0 text-right">
					{badge?.(r)}
					{r.outOfStock && (
						<span className="badge badge-warning badge-soft badge-sm ml-1" data-testid={`${testId}-sold-out`}>
							Sold out
						</span>
					)}
					<p className={tabularPrices ? "font-semibold tabular-nums" : "font-semibold"} data-testid={`${testId}-price`}>
						{formatFuelPrice(r.price, fuel)}
						<span className={`text-xs font-normal ${muted}`}>{unitOf(fuel)}</span>
					</p>
					{r.payment && (
						<p className={`text-xs ${muted}`} data-testid={`${testId}-payment`}>
							{PAYMENT_LABEL[r.payment]}
						</p>
					)}
					{r.defPrice !== null && (
						<p className={`text-xs ${muted}`} data-testid={`${testId}-def`}>
							DEF {formatCurrency(r.defPrice)}/gal
						</p>
					)}
				</div>
			</div>
			<Feedback
				target="fuel"
				report={r}
				describedBy={labelId}
				homeId={headingId}
				formatPrice={(price) => formatFuelPrice(price, fuel)}
			/>
		</li>
	);
}
