import { Link, useRouterState } from "@tanstack/react-router";
import { useId } from "react";
import type { StationSort } from "../../src/gas/schemas.ts";
import type { Car } from "../../src/lib/car.ts";
import { AlertIcon, FuelIcon } from "../components/icons.tsx";
import { SortSelect } from "../components/SortSelect.tsx";
import { carText, FUEL_LABEL, type FuelType, priceAt } from "./fuel.ts";
import { GasMessage, ListSkeleton } from "./GasMessage.tsx";
import { QuietTownNote } from "./QuietTownNote.tsx";
import type { Station } from "./queries.ts";
import { StationCard } from "./StationCard.tsx";
import { useFailureToast } from "./useFailureToast.ts";
import { useStationsReaching } from "./useStationsReaching.ts";

export const STATIONS_FAILED_MESSAGE = "Failed to fetch gas stations";

const SORTS: readonly { value: StationSort; label: string }[] = [
	{ value: "distance", label: "Nearest first" },
	{ value: "price", label: "Cheapest first" },
	{ value: "savings", label: "Worth the drive" },
];

type Props = {
	zipCode: string;
	fuel: FuelType;
	sort: StationSort;
	onSort: (sort: StationSort) => void;
	car: Car;
	/** Opens the Report Price modal, for a station when one is given. */
	onReport: (station?: Station) => void;
};

/**
 * The stations near the user's zip, nearest first unless the shopper picks another order; in a quiet town,
 * its nearest stations however far. Those with no price of the fuel shown follow under a heading of their
 * own, in the same order: they have nothing to compare, and mixed in they would read as the dearest or the
 * nearest choice.
 */
export function StationList({ zipCode, fuel, sort, onSort, car, onReport }: Props) {
	// While another fuel or order loads, the list on screen stays (dimmed) instead of flashing to a skeleton.
	const { stations, widened, looking } = useStationsReaching(zipCode, fuel, sort);
	useFailureToast(stations.error, STATIONS_FAILED_MESSAGE);
	const headingId = useId();
	const unpricedId = useId();
	// A fuel alert's notification opens /gas?station=<id>: that station is shown and focused.
	const searchStr = useRouterState({ select: (state) => state.location.searchStr });
	const shown = Number(new URLSearchParams(searchStr).get("station")) || null;

	let body: React.ReactNode;
	if (stations.isPending || looking)
		body = <ListSkeleton label={looking ? "Looking for the nearest stations" : "Loading nearby stations"} />;
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
				<button type="button" className="btn btn-primary btn-sm mt-3" onClick={() => onReport()}>
					Report a price
				</button>
			</GasMessage>
		);
	else {
		const priced = stations.data.filter((s) => priceAt(s, fuel) !== null);
		const unpriced = stations.data.filter((s) => priceAt(s, fuel) === null);
		const dim = `flex flex-col gap-3 transition-opacity ${stations.isPlaceholderData ? "opacity-60" : ""}`;
		body = (
			<>
				{widened && <QuietTownNote zipCode={zipCode} nearest={widened} onReport={() => onReport()} />}
				{priced.length > 0 ? (
					<>
						<p className="text-sm text-base-content/70" data-testid="car-assumed">
							Savings after the drive there and back assume your car: {carText(car, fuel)}.{" "}
							<Link to="/settings" hash="car" className="link">
								Change your car
							</Link>
						</p>
						<ul className={dim} data-testid="stations-priced">
							{priced.map((station) => (
								<li key={station.id}>
									<StationCard station={station} fuel={fuel} shown={station.id === shown} onReport={onReport} />
								</li>
							))}
						</ul>
					</>
				) : (
					<p
						className="flex flex-wrap items-center gap-2 text-sm text-base-content/70"
						data-testid="stations-none-priced"
					>
						No {FUEL_LABEL[fuel]} prices reported {widened ? `within ${widened.miles} miles of` : "near"} {zipCode} yet.
						<button type="button" className="btn btn-link btn-sm px-0" onClick={() => onReport()}>
							Report a price
						</button>
					</p>
				)}
				{unpriced.length > 0 && (
					<section aria-labelledby={unpricedId} className="flex flex-col gap-3" data-testid="stations-unpriced">
						<h3 id={unpricedId} className="mt-2 text-sm font-semibold text-base-content/70">
							No {FUEL_LABEL[fuel]} price yet
						</h3>
						<ul className={dim}>
							{unpriced.map((station) => (
								<li key={station.id}>
									<StationCard
										station={station}
										fuel={fuel}
										shown={station.id === shown}
										onReport={onReport}
										level={4}
									/>
								</li>
							))}
						</ul>
					</section>
				)}
			</>
		);
	}

	return (
		<section aria-labelledby={headingId} aria-busy={stations.isFetching} className="flex flex-col gap-3">
			<div className="flex flex-wrap items-center justify-between gap-2">
				<h2 id={headingId} className="text-lg font-semibold">
					{widened ? "Nearest stations" : "Nearby stations"}{" "}
					{stations.data && stations.data.length > 0 && (
						<span className="ml-2 text-sm font-normal text-base-content/70">
							{widened ? `within ${widened.miles} miles of ${zipCode}` : `within 20 zip codes of ${zipCode}`}
						</span>
					)}
				</h2>
				<SortSelect label="Sort stations" options={SORTS} value={sort} onChange={onSort} />
			</div>
			{body}
		</section>
	);
}
