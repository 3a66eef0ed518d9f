import { FuelIcon, PinIcon } from "../components/icons.tsx";
import type { NearestStations } from "./queries.ts";

/**
 * Above a quiet town's list of its nearest stations ("empty towns invite"): there are none near, how far the
 * nearest are, and a way to report the town's first fuel price.
 */
export function QuietTownNote({
	zipCode,
	nearest,
	onReport,
}: {
	zipCode: string;
	nearest: NearestStations;
	onReport: () => void;
}) {
	return (
		<div className="card border border-dashed border-base-300 bg-base-100" data-testid="stations-nearest">
			<div className="card-body flex-row flex-wrap items-center gap-3 p-4">
				<PinIcon className="size-5 shrink-0 text-primary" />
				<div className="min-w-48 flex-1">
					<p className="font-medium">No stations reported within 20 zip codes of {zipCode} yet.</p>
					<p className="text-sm text-base-content/70">
						The nearest are {nearest.miles} miles away. Be the first to share what fuel costs around {zipCode}.
					</p>
				</div>
				<button type="button" className="btn btn-sm btn-primary" onClick={onReport}>
					<FuelIcon className="size-4" />
					Report a fuel price
				</button>
			</div>
		</div>
	);
}
