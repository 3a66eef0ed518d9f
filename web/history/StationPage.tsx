import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { DEFAULT_STATION_WINDOW, STATION_WINDOWS, type StationWindow } from "../../src/history/schemas.ts";
import { isStatus } from "../api/failure.ts";
import { currentUserQuery } from "../auth/index.ts";
import { formatMiles, timeAgo } from "../components/format.ts";
import { FuelIcon } from "../components/icons.tsx";
import { SearchMessage } from "../components/SearchStates.tsx";
import { usePageTitle } from "../components/usePageTitle.ts";
import { FUEL_LABEL, FUEL_TYPES, type FuelType } from "../gas/index.ts";
import { FuelChart } from "./FuelChart.tsx";
import { BackButton, HistoryFailed, HistorySkeleton, SegmentedChoice, useSteadyTime } from "./Parts.tsx";
import { type StationHistory, stationHistoryQuery } from "./queries.ts";
import { StationReports } from "./StationReports.tsx";
import { stationSearch } from "./search.ts";
import { lastWindow, windowLabel } from "./words.ts";

export const STATION_FAILED_TITLE = "This station's prices could not be loaded";
export const STATION_GONE_TITLE = "Station not found";
const WINDOWS = STATION_WINDOWS.map((days) => ({ value: days, label: windowLabel(days) }));
const LONGEST = STATION_WINDOWS[STATION_WINDOWS.length - 1] as StationWindow;

/** The fuels to choose from: those with prices in the window, the shopper's own first, and the one asked for. */
function fuelChoices(history: StationHistory | undefined, preferred: FuelType, asked: FuelType | undefined) {
	const reported = new Set(history?.fuels.map((f) => f.fuelType));
	const shown = FUEL_TYPES.filter((f) => reported.has(f) || f === asked);
	const ordered = shown.includes(preferred) ? [preferred, ...shown.filter((f) => f !== preferred)] : shown;
	return ordered.map((f) => ({ value: f, label: FUEL_LABEL[f] }));
}

/**
 * A station's prices (reached from a station or a fuel report): each fuel's price over 7, 30 or 90 days, as a
 * chart with its table and summary, its distance from the shopper, and its latest reports.
 */
export function StationPage() {
	const { id = "" } = useParams({ strict: false });
	const search = stationSearch(useSearch({ strict: false }));
	const days = STATION_WINDOWS.find((w) => w === search.days) ?? DEFAULT_STATION_WINDOW;
	const auth = useQuery(currentUserQuery);
	const user = auth.data?.status === "authenticated" ? auth.data.user : null;
	const params = { id, days, zipCode: user?.zipCode ?? null };
	const history = useQuery({
		...stationHistoryQuery(params),
		// Another window of the same station keeps the page on screen until the new one comes.
		placeholderData: (previous) => (previous?.station.id === Number(id) ? previous : undefined),
	});
	const data = history.data;
	const updatedAt = useSteadyTime(history.dataUpdatedAt);
	const preferred = user?.preferredFuelType ?? "regular";
	const withPrices = data?.fuels.map((f) => f.fuelType) ?? [];
	const fuel = search.fuel ?? (withPrices.includes(preferred) ? preferred : (withPrices[0] ?? preferred));
	usePageTitle(data ? data.station.name : "Station");

	const navigate = useNavigate();
	const choose = (next: { fuel?: FuelType; days?: StationWindow }) =>
		void navigate({
			to: "/stations/$id",
			params: { id },
			search: { fuel: next.fuel ?? search.fuel, days: next.days ?? days },
			replace: true,
		});

	let body: React.ReactNode;
	if (data) {
		const chosen = data.fuels.find((f) => f.fuelType === fuel);
		// On a wide screen the latest reports stand beside the chart, under the figures that span both columns.
		body = (
			<div className="flex flex-col gap-4 lg:grid lg:grid-cols-2 lg:items-start">
				{chosen ? (
					<FuelChart history={chosen} days={days} stationName={data.station.name} updatedAt={updatedAt} />
				) : (
					<SearchMessage icon={<FuelIcon className="size-6" />} title="No prices yet" testId="history-empty">
						<p>
							No {FUEL_LABEL[fuel]} prices reported at this station in {lastWindow(days)}.
						</p>
						<div className="mt-2 flex flex-wrap justify-center gap-2">
							{days !== LONGEST && (
								<button type="button" className="btn btn-sm btn-outline" onClick={() => choose({ days: LONGEST })}>
									Show {lastWindow(LONGEST)}
								</button>
							)}
							<Link to="/gas" className="btn btn-sm btn-primary">
								Report a price
							</Link>
						</div>
					</SearchMessage>
				)}
				<StationReports params={params} reports={data.recentReports} stationName={data.station.name} />
			</div>
		);
	} else if (isStatus(history.error, 404))
		body = (
			<SearchMessage icon={<FuelIcon className="size-6" />} title={STATION_GONE_TITLE} testId="station-gone">
				<p>There is no such station, or it is no longer listed.</p>
				<Link to="/gas" className="btn btn-sm btn-primary mt-2">
					See stations near you
				</Link>
			</SearchMessage>
		);
	else if (history.isError)
		body = <HistoryFailed title={STATION_FAILED_TITLE} error={history.error} retry={() => void history.refetch()} />;
	else body = <HistorySkeleton label="Loading the station's prices" />;

	const miles = data && formatMiles(data.station.distanceMiles);
	return (
		<section aria-labelledby="station-heading" aria-busy={history.isFetching} className="flex flex-col gap-4">
			<BackButton fallback="/gas" label="Gas prices" />
			<div>
				<h1 id="station-heading" className="text-2xl font-bold wrap-anywhere">
					{data?.station.name ?? "Station"}
				</h1>
				{data && (
					<p className="text-sm text-base-content/75 wrap-anywhere" data-testid="station-where">
						{data.station.address}
						{miles && <span data-testid="station-distance"> · {miles}</span>}
						{data.station.lastUpdated && <> · Updated {timeAgo(data.station.lastUpdated)}</>}
					</p>
				)}
			</div>
			{data && (
				<div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
					<SegmentedChoice
						legend="Fuel"
						name="station-fuel"
						choices={fuelChoices(data, preferred, search.fuel)}
						value={fuel}
						onChange={(next) => choose({ fuel: next })}
					/>
					<SegmentedChoice
						legend="Time span"
						name="station-window"
						choices={WINDOWS}
						value={days}
						onChange={(next) => choose({ days: next })}
					/>
				</div>
			)}
			{body}
		</section>
	);
}
