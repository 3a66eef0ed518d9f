import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { formatCurrency, formatMiles, seenAgo, shortName } from "../components/format.ts";
import { AlertIcon } from "../components/icons.tsx";
import { FeedbackBar } from "../feedback/index.ts";
import { StarButton } from "../spots/index.ts";
import { FUEL_LABEL, formatFuelPrice, unitOf } from "./fuel.ts";
import { ListSkeleton } from "./GasMessage.tsx";
import { recentGasReportsQuery } from "./queries.ts";
import { StationHistoryLink } from "./StationHistoryLink.tsx";
import { useFailureToast } from "./useFailureToast.ts";

export const REPORTS_FAILED_MESSAGE = "Failed to fetch nearby gas reports";

/**
 * The latest fuel prices reported near the user, newest first, each with its age and the row that lets a
 * shopper confirm or correct another's price.
 */
export function RecentReports({ zipCode }: { zipCode: string }) {
	const reports = useQuery(recentGasReportsQuery(zipCode));
	useFailureToast(reports.error, REPORTS_FAILED_MESSAGE);
	const headingId = useId();

	return (
		<section aria-labelledby={headingId} className="card bg-base-100 shadow-sm">
			<div className="card-body gap-3 p-4">
				{/* Focusable for a word that takes a report off the list: the heading stays as its row goes. */}
				<h2 id={headingId} tabIndex={-1} className="font-semibold">
					Recent Reports
				</h2>
				{reports.isPending ? (
					<ListSkeleton label="Loading recent reports" rows={2} />
				) : reports.isError ? (
					<div role="alert" className="flex flex-col items-start gap-2 text-sm text-error">
						<span className="flex items-center gap-2">
							<AlertIcon className="size-4" />
							{REPORTS_FAILED_MESSAGE}
						</span>
						<button type="button" className="btn btn-sm btn-outline" onClick={() => void reports.refetch()}>
							Try again
						</button>
					</div>
				) : reports.data.length === 0 ? (
					<p className="text-sm text-base-content/70" data-testid="reports-empty">
						No fuel prices reported nearby yet.
					</p>
				) : (
					<ul className="flex flex-col divide-y divide-base-300">
						{reports.data.map((r) => {
							const fuel = r.fuelType;
							const miles = formatMiles(r.distanceMiles);
							const stationId = `${headingId}-${r.id}`;
							return (
								<li key={r.id} className="flex flex-col gap-2 py-2 first:pt-0 last:pb-0" data-testid="gas-report">
									<div className="flex items-start justify-between gap-3">
										<StarButton
											kind="station"
											id={r.stationId}
											name={r.stationName}
											starred={r.starred}
											className="-mt-1 -ml-2 shrink-0"
										/>
										<div className="min-w-0 flex-1">
											<p id={stationId} className="truncate font-medium">
												{r.stationName}
											</p>
											<p className="truncate text-xs text-base-content/70">
												{r.stationAddress}
												{miles && (
													<>
														{" · "}
														<span data-testid="gas-report-distance">{miles}</span>
													</>
												)}
											</p>
											<p className="text-xs text-base-content/70">
												by {shortName(r.user.firstName, r.user.lastName)} ·{" "}
												<time dateTime={r.seenAt} data-testid="gas-report-time">
													{seenAgo(r)}
												</time>
											</p>
											<StationHistoryLink
												station={{ id: r.stationId, name: r.stationName, address: r.stationAddress }}
												fuel={fuel}
												className="text-xs"
											/>
										</div>
										<div className="shrink-0 text-right">
											<span className="badge badge-ghost badge-sm">{FUEL_LABEL[fuel]}</span>
											{r.outOfStock && (
												<span
													className="badge badge-warning badge-soft badge-sm ml-1"
													data-testid="gas-report-sold-out"
												>
													Sold out
												</span>
											)}
											<p className="font-semibold" data-testid="gas-report-price">
												{formatFuelPrice(r.price, fuel)}
												<span className="text-xs font-normal text-base-content/70">{unitOf(fuel)}</span>
											</p>
											{r.defPrice !== null && (
												<p className="text-xs text-base-content/70" data-testid="gas-report-def">
													DEF {formatCurrency(r.defPrice)}/gal
												</p>
											)}
										</div>
									</div>
									<FeedbackBar
										target="fuel"
										report={r}
										describedBy={stationId}
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
