import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { formatCurrency, seenAgo, shortName } from "../components/format.ts";
import { FeedbackBar } from "../feedback/index.ts";
import { FUEL_LABEL, formatFuelPrice, unitOf } from "../gas/index.ts";
import { type StationParams, type StationReport, stationReportsQuery } from "./queries.ts";

/**
 * The station's latest prices, newest first, each with who reported it and when, and the row that lets a shopper
 * confirm or correct it (as on the Gas page's recent reports, without the station each of those names).
 */
export function StationReports({
	params,
	reports,
	stationName,
}: {
	params: StationParams;
	reports: StationReport[];
	stationName: string;
}) {
	const queryClient = useQueryClient();
	const list = useQuery(stationReportsQuery(queryClient, params, reports)).data;
	const headingId = useId();
	return (
		<section aria-labelledby={headingId} className="card bg-base-100 shadow-sm">
			<div className="card-body gap-3 p-4">
				{/* Focusable for a word that takes a report off the list: the heading stays as its row goes. */}
				<h2 id={headingId} tabIndex={-1} className="font-semibold">
					Recent Reports
				</h2>
				{list.length === 0 ? (
					<p className="text-sm text-base-content/75" data-testid="station-reports-empty">
						No live prices reported here right now.
					</p>
				) : (
					<ul className="flex flex-col divide-y divide-base-300">
						{list.map((r) => {
							const fuel = r.fuelType;
							const labelId = `${headingId}-${r.id}`;
							return (
								<li key={r.id} className="flex flex-col gap-2 py-2 first:pt-0 last:pb-0" data-testid="station-report">
									<div className="flex items-start justify-between gap-3">
										<div className="min-w-0">
											<p id={labelId} className="font-medium">
												{FUEL_LABEL[fuel]}
												<span className="sr-only"> at {stationName}</span>
											</p>
											<p className="text-xs text-base-content/75">
												by {shortName(r.user.firstName, r.user.lastName)} ·{" "}
												<time dateTime={r.seenAt}>{seenAgo(r)}</time>
											</p>
										</div>
										<div className="shrink-0 text-right">
											{r.outOfStock && <span className="badge badge-warning badge-soft badge-sm">Sold out</span>}
											<p className="font-semibold tabular-nums" data-testid="station-report-price">
												{formatFuelPrice(r.price, fuel)}
												<span className="text-xs font-normal text-base-content/75">{unitOf(fuel)}</span>
											</p>
											{r.defPrice !== null && (
												<p className="text-xs text-base-content/75">DEF {formatCurrency(r.defPrice)}/gal</p>
											)}
										</div>
									</div>
									<FeedbackBar
										target="fuel"
										report={r}
										describedBy={labelId}
										homeId={headingId}
										formatPrice={(price) => formatFuelPrice(price, fuel)}
									/>
								</li>
							);
						})}
					</ul>
				)}
			</div>
		</section>
	);
}
