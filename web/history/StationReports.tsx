import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FuelReports } from "../components/FuelReports.tsx";
import { FeedbackBar } from "../feedback/index.ts";
import { FUEL_LABEL } from "../gas/index.ts";
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
	return (
		<FuelReports
			reports={list}
			empty={{ text: "No live prices reported here right now.", testId: "station-reports-empty" }}
			testId="station-report"
			muted="text-base-content/75"
			tabularPrices
			name={(r) => (
				<>
					{FUEL_LABEL[r.fuelType]}
					<span className="sr-only"> at {stationName}</span>
				</>
			)}
			Feedback={FeedbackBar}
		/>
	);
}
