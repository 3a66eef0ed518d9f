import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { plural } from "../../src/lib/plural.ts";
import { noticesQuery } from "./queries.ts";

/** On the home screen while the shopper has unread notices about their prices: where to read them. */
export function NoticeBanner() {
	const { data } = useQuery(noticesQuery);
	const unread = data?.unread ?? 0;
	// A live region that is always there, so a notice arriving while the page is open is announced.
	return (
		<div role="status" aria-live="polite">
			{unread > 0 && (
				<div className="alert alert-warning alert-soft flex flex-wrap justify-between" data-testid="notice-banner">
					<span>
						{unread === 1
							? (data?.notices.find((n) => !n.read)?.message ?? "You have a new notice about your prices.")
							: `You have ${plural(unread, "new notice")} about your prices.`}
					</span>
					<Link to="/settings" hash="notices" className="btn btn-sm">
						{unread === 1 ? "See the notice" : "See notices"}
					</Link>
				</div>
			)}
		</div>
	);
}
