import { Link } from "@tanstack/react-router";
import { formatCurrency, formatMiles } from "../components/format.ts";
import type { Report } from "./queries.ts";

/**
 * The Best Deal of the whole result set when it is not among the cards shown (a sort other than price, with
 * more matches than the page holds): named at the top, so the badge is never on a card that is not the lowest.
 */
export function BestElsewhere({ report }: { report: Report }) {
	const miles = formatMiles(report.distanceMiles);
	return (
		<p className="rounded-box bg-base-100 px-4 py-2 text-sm shadow-sm" data-testid="best-deal-line">
			<span className="badge badge-success mr-2">Best Deal</span>
			<Link to="/deals/$id" params={{ id: String(report.id) }} className="link link-primary">
				{formatCurrency(report.price)} at {report.store.name}
				{miles ? `, ${miles}` : ""}
			</Link>
		</p>
	);
}
