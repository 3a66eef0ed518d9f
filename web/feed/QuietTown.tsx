import { Link } from "@tanstack/react-router";
import { FuelIcon, PencilIcon, PinIcon } from "../components/icons.tsx";
import type { NearestReports, NearestStations } from "./queries.ts";

type Props = {
	zipCode: string;
	/** Where the feed looked, as its sentences say it ("near 60115", or as far as it was widened). */
	where: string;
	nearest: NearestReports | null;
	nearestStations: NearestStations | null;
	/** Opens Report Prices, when the page can. */
	onReportPrice?: (() => void) | undefined;
	onWiden: (to: NearestReports) => void;
};

/**
 * An empty home ("empty towns invite"): it says plainly that nobody has reported here yet, how far the
 * nearest reports and stations are (with the deals and the stations that far), and invites the town's first
 * price and its first fuel price.
 */
export function QuietTown({ zipCode, where, nearest, nearestStations, onReportPrice, onWiden }: Props) {
	return (
		<div className="card border border-dashed border-base-300 bg-base-100" data-testid="feed-quiet">
			<div className="card-body items-center gap-3 py-6 text-center">
				<p className="font-medium">It's quiet {where}: nobody has reported a price here yet.</p>
				{(nearest || nearestStations) && (
					<ul className="flex flex-col items-center gap-3" data-testid="feed-nearest">
						{nearest && (
							<li className="flex flex-col items-center gap-2">
								<span className="flex items-center gap-1 text-base-content/80">
									<PinIcon className="size-4 shrink-0" />
									The nearest reports are {nearest.miles} miles away.
								</span>
								<button type="button" className="btn btn-sm btn-outline" onClick={() => onWiden(nearest)}>
									Show deals within {nearest.miles} miles
								</button>
							</li>
						)}
						{nearestStations && (
							<li className="flex flex-col items-center gap-2">
								<span className="flex items-center gap-1 text-base-content/80">
									<FuelIcon className="size-4 shrink-0" />
									The nearest gas stations are {nearestStations.miles} miles away.
								</span>
								<Link to="/gas" className="btn btn-sm btn-outline">
									See the nearest stations
								</Link>
							</li>
						)}
					</ul>
				)}
				<div className="mt-2 flex flex-col items-center gap-2 border-t border-base-300 pt-4" data-testid="feed-invite">
					<p className="font-medium">Be the first to report a price in {zipCode}</p>
					<p className="text-sm text-base-content/70">
						A price you paid today, or what fuel costs at the pump, starts the town's deals for everyone near you.
					</p>
					<div className="flex flex-wrap justify-center gap-2">
						{onReportPrice && (
							<button type="button" className="btn btn-sm btn-primary" onClick={onReportPrice}>
								<PencilIcon className="size-4" />
								Report a price
							</button>
						)}
						<Link to="/gas" hash="report" className="btn btn-sm btn-primary btn-outline">
							<FuelIcon className="size-4" />
							Report a fuel price
						</Link>
					</div>
				</div>
			</div>
		</div>
	);
}
