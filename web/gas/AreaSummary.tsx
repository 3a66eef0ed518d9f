import { useQuery } from "@tanstack/react-query";
import { TrendIcon } from "../components/icons.tsx";
import { AreaTrend } from "./AreaTrend.tsx";
import { FUEL_LABEL, FUEL_TYPES, type FuelType, formatFuelPrice, unitOf } from "./fuel.ts";
import { gasSummaryQuery } from "./queries.ts";

/** The Area Average card and Quick Stats (spec §2), from one summary of the stations near the user. */
export function AreaSummary({ zipCode, fuel }: { zipCode: string; fuel: FuelType }) {
	const summary = useQuery(gasSummaryQuery(zipCode));
	const data = summary.data;

	if (summary.isPending) {
		return (
			<div role="status" aria-label="Loading area figures" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
				<div className="skeleton h-36" aria-hidden="true" />
				<div className="skeleton h-24" aria-hidden="true" />
			</div>
		);
	}
	if (summary.isError) {
		return (
			<div role="alert" className="alert alert-error alert-soft">
				<span>Couldn't load the area's figures.</span>
				<button type="button" className="btn btn-sm" onClick={() => void summary.refetch()}>
					Try again
				</button>
			</div>
		);
	}

	const average = data?.averages[fuel] ?? null;
	const priced = data?.stationsWithPrice[fuel] ?? 0;
	return (
		<div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
			<section aria-labelledby="area-average-heading" className="card bg-base-100 shadow-sm" data-testid="area-average">
				<div className="card-body gap-2 p-4">
					<h2 id="area-average-heading" className="flex items-center gap-2 font-semibold">
						<TrendIcon className="size-4 text-primary" />
						Area Average
					</h2>
					{average === null ? (
						<p className="text-sm text-base-content/70">
							No {FUEL_LABEL[fuel]} prices reported near {zipCode} yet.
						</p>
					) : (
						<p>
							<span className="text-3xl font-bold" data-testid="area-average-price">
								{formatFuelPrice(average, fuel)}
							</span>
							<span className="text-base-content/70">{unitOf(fuel)}</span>
							<span className="block text-sm text-base-content/70">
								{FUEL_LABEL[fuel]} across {priced} station{priced === 1 ? "" : "s"} near {zipCode}
							</span>
						</p>
					)}
					<AreaTrend zipCode={zipCode} fuel={fuel} />
					<dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 text-sm" aria-label="Other fuels' averages">
						{FUEL_TYPES.filter((f) => f !== fuel).map((f) => {
							const value = data?.averages[f] ?? null;
							return (
								<div key={f} className="flex justify-between gap-2" data-testid={`average-${f}`}>
									<dt className="text-base-content/70">{FUEL_LABEL[f]}</dt>
									<dd className="font-medium">{value === null ? "—" : `${formatFuelPrice(value, f)}${unitOf(f)}`}</dd>
								</div>
							);
						})}
					</dl>
				</div>
			</section>
			<section aria-labelledby="quick-stats-heading" className="card bg-base-100 shadow-sm">
				<div className="card-body gap-2 p-4">
					<h2 id="quick-stats-heading" className="font-semibold">
						Quick Stats
					</h2>
					<dl className="grid grid-cols-2 gap-3">
						<div className="rounded-box bg-base-200 px-3 py-2">
							<dt className="text-xs text-base-content/70">Stations tracked</dt>
							<dd className="text-2xl font-bold" data-testid="stations-tracked">
								{data?.stationsTracked ?? 0}
							</dd>
						</div>
						<div className="rounded-box bg-base-200 px-3 py-2">
							<dt className="text-xs text-base-content/70">Recent reports</dt>
							<dd className="text-2xl font-bold" data-testid="recent-reports-count">
								{data?.recentReports ?? 0}
							</dd>
							<dd className="text-xs text-base-content/70">last {data?.recentDays ?? 7} days</dd>
						</div>
					</dl>
				</div>
			</section>
		</div>
	);
}
