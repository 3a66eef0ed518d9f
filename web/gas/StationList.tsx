import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { timeAgo } from "../components/format.ts";
import { AlertIcon, FuelIcon, PinIcon } from "../components/icons.tsx";
import {
	comparisonBadge,
	FUEL_LABEL,
	FUEL_TYPES,
	type FuelType,
	formatFuelPrice,
	PRICE_FIELD,
	unitOf,
} from "./fuel.ts";
import { GasMessage, ListSkeleton } from "./GasMessage.tsx";
import { nearbyStationsQuery, type Station } from "./queries.ts";
import { useFailureToast } from "./useFailureToast.ts";

export const STATIONS_FAILED_MESSAGE = "Failed to fetch gas stations";

/** The stations near the user's zip, cheapest first for the chosen fuel. */
export function StationList({ zipCode, fuel, onReport }: { zipCode: string; fuel: FuelType; onReport: () => void }) {
	// While another fuel loads, the list on screen stays (dimmed) instead of flashing to a skeleton.
	const stations = useQuery({ ...nearbyStationsQuery(zipCode, fuel), placeholderData: keepPreviousData });
	useFailureToast(stations.error, STATIONS_FAILED_MESSAGE);
	const headingId = useId();

	let body: React.ReactNode;
	if (stations.isPending) body = <ListSkeleton label="Loading nearby stations" />;
	else if (stations.isError)
		body = (
			<GasMessage icon={<AlertIcon />} title={STATIONS_FAILED_MESSAGE} tone="error">
				<button type="button" className="btn btn-sm btn-outline mt-2" onClick={() => void stations.refetch()}>
					Try again
				</button>
			</GasMessage>
		);
	else if (stations.data.length === 0)
		body = (
			<GasMessage icon={<FuelIcon />} title="No stations reported nearby yet" testId="stations-empty">
				<p>Be the first to share what fuel costs around {zipCode}.</p>
				<button type="button" className="btn btn-primary btn-sm mt-3" onClick={onReport}>
					Report a price
				</button>
			</GasMessage>
		);
	else
		body = (
			<ul className={`flex flex-col gap-3 transition-opacity ${stations.isPlaceholderData ? "opacity-60" : ""}`}>
				{stations.data.map((station) => (
					<li key={station.id}>
						<StationCard station={station} fuel={fuel} />
					</li>
				))}
			</ul>
		);

	return (
		<section aria-labelledby={headingId} aria-busy={stations.isFetching} className="flex flex-col gap-3">
			<h2 id={headingId} className="text-lg font-semibold">
				Nearby stations{" "}
				{stations.data && stations.data.length > 0 && (
					<span className="ml-2 text-sm font-normal text-base-content/70">within 20 zip codes of {zipCode}</span>
				)}
			</h2>
			{body}
		</section>
	);
}

function StationCard({ station, fuel }: { station: Station; fuel: FuelType }) {
	const titleId = useId();
	const price = station[PRICE_FIELD[fuel]];
	const badge = station.priceComparison === null ? null : comparisonBadge(station.priceComparison);
	const others = FUEL_TYPES.filter((f) => f !== fuel && station[PRICE_FIELD[f]] !== null);
	return (
		<article aria-labelledby={titleId} className="card bg-base-100 shadow-sm" data-testid="station-card">
			<div className="card-body gap-3 p-4">
				<div className="flex items-start justify-between gap-3">
					<div className="min-w-0">
						<h3 id={titleId} className="truncate font-semibold" data-testid="station-name">
							{station.name}
						</h3>
						<p className="flex items-center gap-1 text-sm text-base-content/70">
							<PinIcon className="size-3.5 shrink-0" />
							<span className="truncate">
								{station.address}
								{station.zipCode ? `, ${station.zipCode}` : ""}
							</span>
						</p>
					</div>
					<div className="flex shrink-0 flex-col items-end gap-1">
						{price === null ? (
							<p className="text-sm text-base-content/70">No {FUEL_LABEL[fuel]} price</p>
						) : (
							<p className="text-2xl font-bold leading-none">
								<span className="sr-only">{FUEL_LABEL[fuel]} </span>
								<span data-testid="station-price">{formatFuelPrice(price, fuel)}</span>
								<span className="text-sm font-normal text-base-content/70">{unitOf(fuel)}</span>
							</p>
						)}
						{badge && (
							<span className={`badge badge-sm ${badge.tone}`} data-testid="price-comparison" title={badge.label}>
								<span aria-hidden="true">{badge.text}</span>
								<span className="sr-only">{badge.label}</span>
							</span>
						)}
					</div>
				</div>
				{others.length > 0 && (
					<dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Other fuels">
						{others.map((f) => (
							<div key={f} className="flex gap-1" data-testid={`other-${f}`}>
								<dt className="text-base-content/70">{FUEL_LABEL[f]}</dt>
								<dd className="font-medium">
									{formatFuelPrice(station[PRICE_FIELD[f]] ?? 0, f)}
									<span className="text-base-content/70">{unitOf(f)}</span>
								</dd>
							</div>
						))}
					</dl>
				)}
				<p className="text-xs text-base-content/70" data-testid="station-updated">
					Updated {timeAgo(station.lastUpdated)} · {station.reportsCount} report{station.reportsCount === 1 ? "" : "s"}
				</p>
			</div>
		</article>
	);
}
