import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { currentUserQuery, EnterZipButton, useSessionLost } from "../auth/index.ts";
import { Avatar, displayName } from "../components/Avatar.tsx";
import { useOnEachFailure } from "../components/useOnEachFailure.ts";
import { type TopContributor, topContributorsQuery } from "./queries.ts";
import { isTrustedContributor, TrustedBadge } from "./Reputation.tsx";

export const TOP_CONTRIBUTORS_FAILED = "Top contributors could not be loaded.";

/** Discover before any search: who reports most near the shopper lately, each opening their page. */
export function TopContributors() {
	const auth = useQuery(currentUserQuery);
	const zipCode = auth.data?.status === "authenticated" ? auth.data.user.zipCode : null;
	return (
		<section aria-labelledby="top-contributors-heading" className="flex flex-col gap-3">
			<div>
				<h2 id="top-contributors-heading" className="text-lg font-semibold">
					Top contributors near you
				</h2>
				<p className="text-sm text-base-content/70">Most prices reported near you in the last 30 days.</p>
			</div>
			{zipCode ? (
				<ContributorList zipCode={zipCode} />
			) : (
				<div className="card border border-dashed border-base-300 bg-base-100 p-4 text-center">
					<p className="text-base-content/70">Add your zip code to see who reports prices near you.</p>
					<div>
						<EnterZipButton />
					</div>
				</div>
			)}
		</section>
	);
}

function ContributorList({ zipCode }: { zipCode: string }) {
	const top = useQuery(topContributorsQuery(zipCode));
	const sessionLost = useSessionLost();
	useOnEachFailure(top.error, sessionLost);

	if (top.isError)
		return (
			<div role="alert" className="alert alert-error alert-soft flex flex-wrap" data-testid="top-contributors-error">
				<span>{TOP_CONTRIBUTORS_FAILED}</span>
				<button type="button" className="btn btn-sm btn-outline" onClick={() => void top.refetch()}>
					Try again
				</button>
			</div>
		);
	if (!top.data)
		return (
			<div role="status" className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
				{[0, 1, 2].map((i) => (
					<div key={i} className="skeleton h-20 w-full" aria-hidden="true" />
				))}
				<span className="sr-only">Loading top contributors…</span>
			</div>
		);
	if (top.data.contributors.length === 0)
		return (
			<p
				className="card border border-dashed border-base-300 bg-base-100 p-4 text-center text-base-content/70"
				data-testid="top-contributors-empty"
			>
				No public contributors near {top.data.zipCode ?? zipCode} yet. Report a price and you could be the first.
			</p>
		);
	return (
		<ol aria-labelledby="top-contributors-heading" className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
			{top.data.contributors.map((c) => (
				<li key={c.username}>
					<ContributorCard contributor={c} />
				</li>
			))}
		</ol>
	);
}

const reportsNear = (n: number) => `${n} ${n === 1 ? "price" : "prices"} near you`;

/** One contributor: the whole card opens their page. */
function ContributorCard({ contributor: c }: { contributor: TopContributor }) {
	return (
		<Link
			to="/people/$username"
			params={{ username: c.username }}
			className="card card-border h-full border-base-300 bg-base-100 transition-colors hover:border-primary"
			data-testid="top-contributor"
		>
			<span className="card-body flex-row items-center gap-3 p-3">
				<Avatar person={c} size="sm" />
				<span className="flex min-w-0 flex-1 flex-col">
					<span className="truncate font-semibold">{displayName(c)}</span>
					<span className="text-xs text-base-content/70">
						{reportsNear(c.nearbyReports)}
						{c.accuracy && ` · ${c.accuracy.percent}% accurate`}
					</span>
					{isTrustedContributor(c.priceReportsMade) && (
						<span className="mt-1">
							<TrustedBadge />
						</span>
					)}
				</span>
			</span>
		</Link>
	);
}
