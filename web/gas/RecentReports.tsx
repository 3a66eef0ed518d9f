import { useQuery } from "@tanstack/react-query";
import { FuelReports } from "../components/FuelReports.tsx";
import { formatMiles } from "../components/format.ts";
import { AlertIcon } from "../components/icons.tsx";
import { FeedbackBar } from "../feedback/index.ts";
import { StarButton } from "../spots/index.ts";
import { FUEL_LABEL } from "./fuel.ts";
import { ListSkeleton } from "./GasMessage.tsx";
import { recentGasReportsQuery } from "./queries.ts";
import { StationHistoryLink } from "./StationHistoryLink.tsx";
import { useFailureToast } from "./useFailureToast.ts";

export const REPORTS_FAILED_MESSAGE = "Failed to fetch nearby gas reports";

/**
 * The latest fuel prices reported near the user, newest first, each with its station, its age and the row that
 * lets a shopper confirm or correct another's price.
 */
export function RecentReports({ zipCode }: { zipCode: string }) {
	const reports = useQuery(recentGasReportsQuery(zipCode));
	useFailureToast(reports.error, REPORTS_FAILED_MESSAGE);

	return (
		<FuelReports
			reports={reports.data ?? []}
			instead={
				reports.isPending ? (
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
				) : undefined
			}
			empty={{ text: "No fuel prices reported nearby yet.", testId: "reports-empty" }}
			testId="gas-report"
			muted="text-base-content/70"
			name={(r) => r.stationName}
			lead={(r) => (
				<StarButton
					kind="station"
					id={r.stationId}
					name={r.stationName}
					starred={r.starred}
					className="-mt-1 -ml-2 shrink-0"
				/>
			)}
			place={(r) => {
				const miles = formatMiles(r.distanceMiles);
				return (
					<p className="truncate text-xs text-base-content/70">
						{r.stationAddress}
						{miles && (
							<>
								{" · "}
								<span data-testid="gas-report-distance">{miles}</span>
							</>
						)}
					</p>
				);
			}}
			more={(r) => (
				<StationHistoryLink
					station={{ id: r.stationId, name: r.stationName, address: r.stationAddress }}
					fuel={r.fuelType}
					className="text-xs"
				/>
			)}
			badge={(r) => <span className="badge badge-ghost badge-sm">{FUEL_LABEL[r.fuelType]}</span>}
			Feedback={FeedbackBar}
		/>
	);
}
