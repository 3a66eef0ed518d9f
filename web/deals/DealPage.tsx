import { queryOptions, useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { api, unwrap } from "../api/client.ts";
import { clientSideText, isStatus } from "../api/failure.ts";
import { AlertIcon, SearchIcon } from "../components/icons.tsx";
import { SearchMessage } from "../components/SearchStates.tsx";
import { usePageTitle } from "../components/usePageTitle.ts";
import { dealKeys, type Report } from "./queries.ts";
import { ResultCard } from "./ResultCard.tsx";

export const DEAL_GONE_TITLE = "This deal is no longer listed";
export const DEAL_FAILED_TITLE = "This deal could not be loaded";

/**
 * One deal, kept as a list of one under the search prefix: an upvote or a deal taken on its card updates it
 * as it updates every result list.
 */
const dealQuery = (id: string) =>
	queryOptions({
		queryKey: [...dealKeys.search, { deal: id }] as const,
		queryFn: async (): Promise<Report[]> => [await unwrap(api["price-reports"][":id"].$get({ param: { id } }))],
	});

/** One price report (the page a price alert's notification opens), as a search result shows it. */
export function DealPage() {
	const { id = "" } = useParams({ strict: false });
	const deal = useQuery(dealQuery(id));
	const report = deal.data?.[0];
	const navigate = useNavigate();
	usePageTitle(report ? report.productName : "Deal");
	// A new price given here retires this report: the page follows the price to the report it filed.
	const showNewReport = (newId: number) => void navigate({ to: "/deals/$id", params: { id: String(newId) } });

	let body: React.ReactNode;
	if (report) body = <ResultCard report={report} best={false} onNewReport={showNewReport} homeId="deal-heading" />;
	else if (isStatus(deal.error, 404))
		body = (
			<SearchMessage icon={<SearchIcon className="size-6" />} title={DEAL_GONE_TITLE} testId="deal-gone">
				<p>It was taken down or has expired. Prices near you may have changed since the alert.</p>
				<Link to="/" className="btn btn-sm btn-primary mt-2">
					Search deals near you
				</Link>
			</SearchMessage>
		);
	else if (deal.isError)
		body = (
			<SearchMessage
				icon={<AlertIcon className="size-6" />}
				title={DEAL_FAILED_TITLE}
				tone="error"
				testId="deal-failed"
			>
				{clientSideText(deal.error)}
				<button type="button" className="btn btn-sm btn-outline mt-2" onClick={() => void deal.refetch()}>
					Try again
				</button>
			</SearchMessage>
		);
	else
		body = (
			<div role="status" className="card bg-base-100 shadow-sm" data-testid="deal-loading">
				<div className="card-body gap-3 p-4" aria-hidden="true">
					<div className="skeleton h-5 w-2/3" />
					<div className="skeleton h-4 w-1/2" />
					<div className="skeleton h-4 w-full" />
				</div>
				<span className="sr-only">Loading the deal…</span>
			</div>
		);

	return (
		<section aria-labelledby="deal-heading" aria-busy={deal.isFetching} className="flex flex-col gap-4">
			{/* Focusable for the card's word that retires or hides the report: the heading stays as the card goes. */}
			<h1 id="deal-heading" tabIndex={-1} className="text-2xl font-bold">
				Deal
			</h1>
			<div className="max-w-xl">{body}</div>
		</section>
	);
}
